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
        a.count == b.count
            && zip(a, b).allSatisfy { ($0.string ?? $0["text"]?.string) == ($1.string ?? $1["text"]?.string) }
    }

    /// The text of runs without their formatting.
    private static func plain(_ runs: [JSONValue]) -> String {
        runs.map { $0.string ?? $0["text"]?.string ?? "" }.joined()
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
        switch type {
        case "plain": MarkdownText.escape(content, atLineStart: startsLine, into: &output)
        case "bold": wrapped("**")
        case "italic": wrapped("*")
        case "strikethrough": wrapped("~~")
        // Markdown has no underline or spoiler; `||…||` is the convention chat apps share for spoilers.
        case "spoiler": wrapped("||")
        case "blockquote":
            let escaped = MarkdownText.escape(content, atLineStart: startsLine)
            output.append(contentsOf: "\n\n".utf8)
            output.append(
                contentsOf: escaped.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { "> " + $0 }.joined(separator: "\n").utf8)
            output.append(contentsOf: "\n\n".utf8)
        default: output.append(contentsOf: markup(type: type, content: content, run: run, startsLine: startsLine).utf8)
        }
    }

    /// The Markdown for an entity run of a type that does not wrap its escaped text.
    private static func markup(type: String, content: String, run: JSONValue, startsLine: Bool) -> String {
        switch type {
        case "code": return MarkdownText.codeSpan(content)
        case "pre":
            return MarkdownText.codeBlock(content, language: run["language"]?.string.flatMap { $0.isEmpty ? nil : $0 })
        case "text_link":
            guard let href = run["href"]?.string, isSafeLink(href) else {
                return MarkdownText.escape(content, atLineStart: startsLine)
            }
            return MarkdownText.link(content, url: href)
        case "link":
            let url = TextSearch.contains("://", in: content) ? content : "https://" + content
            return isSafeLink(url)
                ? MarkdownText.link(content, url: url) : MarkdownText.escape(content, atLineStart: startsLine)
        case "email": return MarkdownText.link(content, url: "mailto:" + content)
        // A mention is shown as the name (or @username) the message wrote, never as a bare id; the
        // rest as their text: underline, hashtag, cashtag, bot_command, phone, custom_emoji, …
        default: return MarkdownText.escape(content, atLineStart: startsLine)
        }
    }

    /// Only web and mail links become links; `javascript:` and the like stay text.
    static func isSafeLink(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:")
            || lower.hasPrefix("tg://")
    }

    /// A sentence for a service message (`"action": "invite_members"` → "Ana added Ben and Cy").
    static func service(_ value: JSONValue) -> String {
        let actor = value["actor"]?.string ?? "Someone"
        let title = value["title"]?.string
        let members = value["members"]?.array?.compactMap { $0.string ?? $0["name"]?.string } ?? []
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
        case "phone_call", "group_call":
            let minutes = (value["duration_seconds"]?.int).map { " (\(max(1, ($0 + 30) / 60)) min)" } ?? ""
            let missed = value["discard_reason"]?.string == "missed" ? "missed " : ""
            return "\(actor) made a \(missed)call" + minutes
        case "joined_telegram": return "\(actor) joined Telegram"
        case "topic_created": return "\(actor) created the topic “\(title ?? "")”"
        case "topic_edit": return "\(actor) edited the topic" + (value["new_title"]?.string.map { " to “\($0)”" } ?? "")
        case "migrate_to_supergroup", "migrate_from_group": return "The group became a supergroup"
        case "clear_history": return "History was cleared"
        case "score_in_game": return "\(actor) scored \(value["score"]?.int ?? 0) in a game"
        default:
            let words = action.split(separator: "_").joined(separator: " ")
            return words.isEmpty ? "\(actor) did something" : "\(actor): \(words)"
        }
    }

    private static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
