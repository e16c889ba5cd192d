import ScrollbackModel

/// A DiscordChatExporter message's `content` as Markdown.
///
/// Discord writes Markdown already (spoilers `||…||` included, which the Markdown layer
/// draws); what it adds are tokens: mentions `<@id>`, `<@!id>`, `<@&id>` and `<#id>`, shown
/// as names from the message's `mentions` and the channel, custom emoji `<:name:id>` and
/// `<a:name:id>`, shown as `:name:`, and times `<t:seconds:style>`, shown in `zone` in the style
/// named (see `DiscordTime`). Inside code they stay as written. Quotes and subtext lines follow
/// Discord's line rules (`DiscordLines`).
struct DiscordContent {
    /// Display names by user id: the message's mentions and the export's authors.
    var people: [String: String]
    /// Channel names by id.
    var channels: [String: String]
    /// The zone the chat is shown in, for time tokens.
    var zone: Zone = .utc

    /// `content`, a message's written at `time`, as Markdown.
    func markdown(_ content: String, at time: Timestamp = Timestamp(seconds: 0)) -> String {
        tokens(DiscordLines.markdown(content), at: time)
    }

    private func tokens(_ content: String, at time: Timestamp) -> String {
        // A byte check, not Foundation's search (a tenth of a Discord import's instructions): the
        // loop below compares characters, so a `<` joined with a mark is still not a token.
        guard content.utf8.contains(UInt8(ascii: "<")) else { return content }
        var output = ""
        var rest = content[...]
        while let open = rest.firstIndex(where: { $0 == "<" || $0 == "`" }) {
            output += rest[..<open]
            if rest[open] == "`" {
                // Code spans and blocks are copied whole: a run of backticks up to the same run.
                let fence = rest[open...].prefix { $0 == "`" }
                let body = rest[fence.endIndex...]
                if let close = body.range(of: String(fence)) {
                    output += rest[open..<close.upperBound]
                    rest = rest[close.upperBound...]
                } else {
                    output += fence
                    rest = body
                }
                continue
            }
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(where: { $0 == ">" || $0 == "<" || $0 == "\n" }), after[close] == ">",
                let shown = token(String(after[..<close]), at: time)
            {
                output += MarkdownText.escape(shown, atLineStart: false)
                rest = after[after.index(after: close)...]
            } else {
                output.append("<")
                rest = after
            }
        }
        return output + rest
    }

    /// What one `<…>` token shows, or `nil` when it is not one of Discord's (a literal `<`).
    func token(_ body: String, at time: Timestamp = Timestamp(seconds: 0)) -> String? {
        if body.hasPrefix("@&"), let id = Self.digits(body.dropFirst(2)) { return "@" + (people[id] ?? "role") }
        if body.hasPrefix("@!"), let id = Self.digits(body.dropFirst(2)) { return "@" + (people[id] ?? id) }
        if body.hasPrefix("@"), let id = Self.digits(body.dropFirst()) { return "@" + (people[id] ?? id) }
        if body.hasPrefix("#"), let id = Self.digits(body.dropFirst()) { return "#" + (channels[id] ?? id) }
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].isEmpty || parts[0] == "a", !parts[1].isEmpty, Self.digits(parts[2]) != nil {
            return ":\(parts[1]):"
        }
        if parts.count >= 2, parts.count <= 3, parts[0] == "t", let seconds = Int64(parts[1]),
            (-99_999_999_999...99_999_999_999).contains(seconds)
        {
            return DiscordTime.text(
                seconds: seconds, style: parts.count == 3 ? parts[2] : nil, zone: zone, messageTime: time)
        }
        return nil
    }

    private static func digits(_ text: Substring) -> String? {
        !text.isEmpty && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber) ? String(text) : nil
    }
}
