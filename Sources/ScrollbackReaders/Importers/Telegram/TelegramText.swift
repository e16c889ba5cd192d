import ScrollbackModel

/// Telegram's rich text (a string, or an array of strings and typed entities) as Markdown,
/// and the sentences service messages stand for.
enum TelegramText {
    /// Markdown for a message's `text_entities` (preferred: every run is typed) or `text`.
    /// Entity types Markdown cannot show are added to `unshown`.
    static func markdown(text: JSONValue?, entities: JSONValue?, unshown: inout [String]) -> String {
        let written = text?.array ?? text.map { [$0] } ?? []
        var runs = entities?.array ?? written
        // Some tools write placeholder entities ("...") or a cut text; the fuller one is the one to trust.
        // (The app writes both with the same runs: then neither is fuller, and nothing is counted.)
        if entities?.array != nil, !sameTexts(written, runs), plain(written).count > plain(runs).count {
            runs = written
        }
        var output: [UInt8] = []
        // Room for most messages at once, rather than growing the buffer step by step.
        output.reserveCapacity(256)
        for run in runs {
            // A run after a line break starts a line (a CR LF is one character, not a line break).
            let startsLine =
                output.isEmpty || (output.last == 0x0A && (output.count < 2 || output[output.count - 2] != 0x0D))
            if let plain = run.string {
                MarkdownText.escape(plain, atLineStart: startsLine, into: &output)
                continue
            }
            let content = run["text"]?.string ?? ""
            let type = run["type"]?.string
            if type == "underline", !unshown.contains(underlined) { unshown.append(underlined) }
            entity(type: type ?? "plain", content: content, run: run, startsLine: startsLine, into: &output)
        }
        return MarkdownText.tidy(output)
    }

    /// How the report names the entity type shown as its plain text: Markdown has no underline.
    private static let underlined = "underlined text"

    /// Whether two lists of runs hold the same texts, run by run.
    private static func sameTexts(_ a: [JSONValue], _ b: [JSONValue]) -> Bool {
        guard a.count == b.count else { return false }
        for index in a.indices where text(of: a[index]) != text(of: b[index]) { return false }
        return true
    }

    /// The text of runs without their formatting.
    private static func plain(_ runs: [JSONValue]) -> String {
        runs.map { text(of: $0) ?? "" }.joined()
    }

    /// The text of a run: a string, or an entity's `text`.
    private static func text(of run: JSONValue) -> String? {
        switch run.kind {
        case .string(let text): return text
        case .object(let members): return members.last { $0.key == "text" }?.value.string
        default: return nil
        }
    }

    /// Appends the Markdown for one entity run to `output`.
    private static func entity(
        type: String, content: String, run: JSONValue, startsLine: Bool, into output: inout [UInt8]
    ) {
        func wrapped(_ delimiter: String) {
            let start = output.count
            MarkdownText.escape(content, atLineStart: startsLine, into: &output)
            MarkdownText.wrap(&output, from: start, delimiter)
        }
        func linked(_ url: String?) {
            if let url, isSafeLink(url) {
                MarkdownText.link(content, url: url, into: &output)
            } else {
                MarkdownText.escape(content, atLineStart: startsLine, into: &output)
            }
        }
        switch type {
        case "plain": MarkdownText.escape(content, atLineStart: startsLine, into: &output)
        case "bold": wrapped("**")
        case "italic": wrapped("*")
        case "strikethrough": wrapped("~~")
        // Markdown has no underline or spoiler; `||…||` is the convention chat apps share for spoilers.
        case "spoiler": wrapped("||")
        case "code": output.append(contentsOf: MarkdownText.codeSpan(content).utf8)
        case "pre":
            let language = run["language"]?.string.flatMap { $0.isEmpty ? nil : $0 }
            output.append(contentsOf: MarkdownText.codeBlock(content, language: language).utf8)
        case "blockquote":
            let escaped = MarkdownText.escape(content, atLineStart: startsLine)
            output.append(contentsOf: "\n\n".utf8)
            output.append(
                contentsOf: escaped.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { "> " + $0 }.joined(separator: "\n").utf8)
            output.append(contentsOf: "\n\n".utf8)
        case "text_link": linked(run["href"]?.string)
        // Telegram writes `link`; other tools `url`. Either may leave out the scheme (`example.com`).
        case "link", "url": linked(TextSearch.contains("://", in: content) ? content : "https://" + content)
        case "email": MarkdownText.link(content, url: "mailto:" + content, into: &output)
        // A mention is shown as the name (or @username) the message wrote, never as a bare id; the
        // rest as their text: underline, hashtag, cashtag, bot_command, phone, custom_emoji, …
        default: MarkdownText.escape(content, atLineStart: startsLine, into: &output)
        }
    }

    /// Only web and mail links become links; `javascript:` and the like stay text.
    static func isSafeLink(_ url: String) -> Bool {
        var url = url
        // A scheme in ASCII bytes, followed by an ASCII byte, is compared as bytes, ignoring case.
        let ascii = url.withUTF8 { bytes -> Bool? in
            for scheme in safeSchemes where bytes.count >= scheme.count {
                guard bytes.prefix(scheme.count).allSatisfy({ $0 < 0x80 }) else { return nil }
                guard zip(bytes, scheme).allSatisfy({ (0x41...0x5A).contains($0) ? $0 | 0x20 == $1 : $0 == $1 }) else {
                    continue
                }
                return bytes.count == scheme.count || bytes[scheme.count] < 0x80 ? true : nil
            }
            return bytes.prefix(8).allSatisfy { $0 < 0x80 } ? false : nil
        }
        if let ascii { return ascii }
        let lower = url.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:")
            || lower.hasPrefix("tg://")
    }

    /// The schemes `isSafeLink` accepts, as lower-case bytes.
    private static let safeSchemes = ["https://", "http://", "mailto:", "tg://"].map { Array($0.utf8) }

    /// A sentence for a service message (`"action": "invite_members"` → "Ana added Ben and Cy").
    static func service(_ value: JSONValue) -> String {
        // The export writes `null` for the name of an account that was deleted.
        let actor = value["actor"].map { $0.isNull ? deletedAccount : $0.string ?? "Someone" } ?? "Someone"
        let title = value["title"]?.string
        let members =
            value["members"]?.array?.compactMap { $0.isNull ? deletedAccount : $0.string ?? $0["name"]?.string } ?? []
        let action = value["action"]?.string ?? ""
        let people = members.isEmpty ? "" : " " + list(members)
        switch action {
        case "create_group", "create_channel":
            return "\(actor) created the \(action == "create_channel" ? "channel" : "group")"
                + (title.map { " “\($0)”" } ?? "")
        case "invite_members", "add_members": return "\(actor) added\(people)"
        case "remove_members": return "\(actor) removed\(people)"
        case "join_group_by_link": return "\(actor) joined by invite link"
        case "join_group_by_request": return "\(actor) joined after a request"
        case "edit_group_title": return "\(actor) renamed the group to “\(title ?? "")”"
        case "edit_group_photo": return "\(actor) changed the group photo"
        case "delete_group_photo": return "\(actor) removed the group photo"
        case "pin_message": return "\(actor) pinned a message"
        case "phone_call":
            // A duration beyond `NumberLimits.seconds` (or negative) is left out rather than added to.
            let minutes = value["duration_seconds"]?.int.flatMap(TelegramServiceAction.minutes).map { " (\($0))" } ?? ""
            let missed = value["discard_reason"]?.string == "missed" ? "missed " : ""
            return "\(actor) made a \(missed)call" + minutes
        case "joined_telegram": return "\(actor) joined Telegram"
        case "topic_created": return "\(actor) created the topic “\(title ?? "")”"
        case "topic_edit": return "\(actor) edited the topic" + (value["new_title"]?.string.map { " to “\($0)”" } ?? "")
        case "migrate_to_supergroup", "migrate_from_group": return "The group became a supergroup"
        case "clear_history": return "History was cleared"
        case "score_in_game": return "\(actor) scored \(value["score"]?.int ?? 0) in a game"
        case "" where value["information_text"]?.string != nil: return value["information_text"]?.string ?? ""
        default:
            if let sentence = TelegramServiceAction(value: value, actor: actor).sentence(action) { return sentence }
            let words = action.split(separator: "_").joined(separator: " ")
            return words.isEmpty ? "\(actor) did something" : "\(actor): \(words)"
        }
    }

    /// The name Telegram shows for an account that was deleted (the export writes `null`).
    static let deletedAccount = "Deleted Account"

    /// `["Ana", "Ben", "Cy"]` → "Ana, Ben and Cy".
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
