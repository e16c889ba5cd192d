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
        var output = ""
        for run in runs {
            let startsLine = output.isEmpty || output.hasSuffix("\n")
            if let plain = run.string {
                output += MarkdownText.escape(plain, atLineStart: startsLine)
                continue
            }
            let content = run["text"]?.string ?? ""
            if let type = run["type"]?.string, let label = unshownTypes[type], !unshown.contains(label) {
                unshown.append(label)
            }
            output += entity(type: run["type"]?.string ?? "plain", content: content, run: run, startsLine: startsLine)
        }
        return MarkdownText.tidy(output)
    }

    /// Entity types shown as their plain text: Markdown has no underline.
    private static let unshownTypes = ["underline": "underlined text"]

    /// Whether two lists of runs hold the same texts, run by run.
    private static func sameTexts(_ a: [JSONValue], _ b: [JSONValue]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { ($0.string ?? $0["text"]?.string) == ($1.string ?? $1["text"]?.string) }
    }

    /// The text of runs without their formatting.
    private static func plain(_ runs: [JSONValue]) -> String {
        runs.map { $0.string ?? $0["text"]?.string ?? "" }.joined()
    }

    private static func entity(type: String, content: String, run: JSONValue, startsLine: Bool) -> String {
        let escaped = MarkdownText.escape(content, atLineStart: startsLine)
        switch type {
        case "bold": return MarkdownText.wrap(escaped, "**")
        case "italic": return MarkdownText.wrap(escaped, "*")
        case "strikethrough": return MarkdownText.wrap(escaped, "~~")
        // Markdown has no underline or spoiler; `||…||` is the convention chat apps share for spoilers.
        case "spoiler": return MarkdownText.wrap(escaped, "||")
        case "code": return MarkdownText.codeSpan(content)
        case "pre":
            return MarkdownText.codeBlock(content, language: run["language"]?.string.flatMap { $0.isEmpty ? nil : $0 })
        case "blockquote":
            return "\n\n"
                + escaped.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "> " + $0 }.joined(separator: "\n") + "\n\n"
        case "text_link":
            guard let href = run["href"]?.string, isSafeLink(href) else { return escaped }
            return MarkdownText.link(content, url: href)
        case "link":
            let url = TextSearch.contains("://", in: content) ? content : "https://" + content
            return isSafeLink(url) ? MarkdownText.link(content, url: url) : escaped
        case "email": return MarkdownText.link(content, url: "mailto:" + content)
        // A mention is shown as the name (or @username) the message wrote, never as a bare id.
        case "mention", "mention_name": return escaped
        default: return escaped  // plain, underline, hashtag, cashtag, bot_command, phone, custom_emoji, …
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
