/// Slack's "mrkdwn" as Markdown: `*bold*`, `_italic_`, `~strike~`, code, `<@U123>`, `<#C1|general>`,
/// `<url|label>`, `<!here>` and the entities `&lt;`, `&gt;`, `&amp;`.
struct SlackMrkdwn {
    /// Display names by user id.
    var users: [String: String]
    /// Channel names by id.
    var channels: [String: String]

    func markdown(_ text: String) -> String {
        ChatMarkup(tokens: { token(String($0)) }, decodesEntities: true).markdown(text)
    }

    /// One `<…>` token, as Markdown.
    func token(_ body: String) -> String {
        let parts = body.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let target = String(parts[0])
        let label = parts.count > 1 ? ChatMarkup.decodeEntities(String(parts[1])) : nil
        switch target.first {
        case "@":
            let id = String(target.dropFirst())
            return MarkdownText.escape("@" + (users[id] ?? label ?? id), atLineStart: false)
        case "#":
            let id = String(target.dropFirst())
            return MarkdownText.escape("#" + (channels[id] ?? label ?? id), atLineStart: false)
        case "!":
            // <!here>, <!channel>, <!subteam^ID|@team>, <!date^…|fallback>
            let name = target.dropFirst().split(separator: "^").first.map(String.init) ?? ""
            return MarkdownText.escape(label ?? "@" + name, atLineStart: false)
        default:
            let url = ChatMarkup.decodeEntities(target)
            let lower = url.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:") else {
                return MarkdownText.escape(label ?? url, atLineStart: false)
            }
            let shown = label ?? (lower.hasPrefix("mailto:") ? String(url.dropFirst(7)) : url)
            return MarkdownText.link(shown, url: url)
        }
    }

    /// A reaction's short name as an emoji where it is a common one (`+1` → 👍), else `:name:`.
    static func emoji(_ name: String) -> String {
        let base = name.split(separator: ":").first.map(String.init) ?? name  // drop `::skin-tone-2`
        return common[base] ?? ":\(name):"
    }

    private static let common: [String: String] = [
        "+1": "👍", "thumbsup": "👍", "-1": "👎", "thumbsdown": "👎", "heart": "❤️", "smile": "😄",
        "joy": "😂", "laughing": "😆", "tada": "🎉", "eyes": "👀", "white_check_mark": "✅", "fire": "🔥",
        "pray": "🙏", "rocket": "🚀", "100": "💯", "slightly_smiling_face": "🙂", "wave": "👋", "ok_hand": "👌",
        "clap": "👏", "raised_hands": "🙌", "thinking_face": "🤔", "heavy_check_mark": "✔️", "x": "❌",
        "sweat_smile": "😅", "grinning": "😀", "smiley": "😃", "wink": "😉", "cry": "😢", "sob": "😭",
        "muscle": "💪", "star": "⭐", "heart_eyes": "😍", "party_popper": "🎉", "sunglasses": "😎",
    ]
}
