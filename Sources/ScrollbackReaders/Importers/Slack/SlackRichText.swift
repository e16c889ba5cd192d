import ScrollbackModel

/// A Block Kit `rich_text` block as Markdown: sections of styled text, links, mentions and
/// emoji; bulleted and numbered lists; preformatted code; quotes.
struct SlackRichText {
    var mrkdwn: SlackMrkdwn

    func markdown(_ block: JSONValue) -> String {
        let parts = (block["elements"]?.array ?? []).map(element)
        return MarkdownText.tidy(parts.filter { !$0.isEmpty }.joined(separator: "\n\n"))
    }

    private func element(_ element: JSONValue) -> String {
        let children = element["elements"]?.array ?? []
        switch element["type"]?.string {
        case "rich_text_section": return inline(children)
        case "rich_text_preformatted":
            return MarkdownText.codeBlock(children.map(plainText).joined())
        case "rich_text_quote":
            return inline(children).split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }
                .joined(separator: "\n")
        case "rich_text_list":
            let ordered = element["style"]?.string == "ordered"
            // Slack indents lists up to 8 levels; a larger indent or offset is clamped, not allocated or added to.
            let indent = String(repeating: "    ", count: NumberLimits.clamp(element["indent"]?.int ?? 0, to: 0...8))
            let start = NumberLimits.clamp(element["offset"]?.int ?? 0, to: NumberLimits.count)
            return children.enumerated().map { number, item in
                indent + (ordered ? "\(start + number + 1). " : "- ") + inline(item["elements"]?.array ?? [])
            }.joined(separator: "\n")
        default: return inline(children)
        }
    }

    /// Inline elements as Markdown.
    private func inline(_ elements: [JSONValue]) -> String {
        var output = ""
        for element in elements {
            let style = element["style"]
            var piece: String
            switch element["type"]?.string {
            case "text":
                let text = element["text"]?.string ?? ""
                if style?["code"]?.bool == true {
                    output += MarkdownText.codeSpan(text)
                    continue
                }
                piece = MarkdownText.escape(text, atLineStart: output.isEmpty || output.hasSuffix("\n"))
            case "link":
                let url = element["url"]?.string ?? ""
                piece = mrkdwn.token(url + (element["text"]?.string.map { "|" + $0 } ?? ""))
            case "emoji":
                piece = MarkdownText.escape(emoji(element), atLineStart: false)
            default:
                piece = MarkdownText.escape(plainText(element), atLineStart: false)
            }
            if style?["strike"]?.bool == true { piece = MarkdownText.wrap(piece, "~~") }
            if style?["italic"]?.bool == true { piece = MarkdownText.wrap(piece, "*") }
            if style?["bold"]?.bool == true { piece = MarkdownText.wrap(piece, "**") }
            output += piece
        }
        return output
    }

    /// An element as the words Slack shows: text, a mention's name, a link's label, a date's fallback.
    private func plainText(_ element: JSONValue) -> String {
        switch element["type"]?.string {
        case "text": return element["text"]?.string ?? ""
        case "link": return element["text"]?.string ?? element["url"]?.string ?? ""
        case "user": return mrkdwn.plainToken("@" + (element["user_id"]?.string ?? ""))
        case "channel": return mrkdwn.plainToken("#" + (element["channel_id"]?.string ?? ""))
        case "usergroup": return "@" + (element["usergroup_id"]?.string ?? "")
        case "broadcast": return "@" + (element["range"]?.string ?? "here")
        case "emoji": return emoji(element)
        case "date": return element["fallback"]?.string ?? element["timestamp"]?.scalarText ?? ""
        case "color": return element["value"]?.string ?? ""
        default: return element["text"]?.string ?? ""
        }
    }

    /// An emoji element: its Unicode form, the table's, or `:name:` for a workspace's own.
    private func emoji(_ element: JSONValue) -> String {
        let name = element["name"]?.string ?? ""
        let tone = element["skin_tone"]?.int
        if let emoji = EmojiShortcodes.emoji(named: name, skinTone: tone) { return emoji }
        if let unicode = element["unicode"]?.string {
            let scalars = unicode.split(separator: "-").compactMap {
                UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
            }
            if !scalars.isEmpty { return String(String.UnicodeScalarView(scalars)) }
        }
        return ":\(name):"
    }
}
