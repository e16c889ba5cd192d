import ScrollbackModel

/// A message's Block Kit `blocks` as Markdown and attachments: section, context and header text,
/// `rich_text`, and polls (Simple Poll's and Polly's layouts) as a poll.
struct SlackBlocks {
    var mrkdwn: SlackMrkdwn

    /// What the blocks show.
    struct Content {
        var markdown: String
        var attachments: [Attachment]
        /// What was left out, for the report: block types with nothing to show (`actions` buttons, `input`).
        var skipped: Set<String>
    }

    /// The blocks' content, when it says more than `text`: blocks other than `rich_text`, or
    /// `rich_text` with no `text` beside it. `nil` when `text` already says it all.
    func content(_ value: JSONValue) -> Content? {
        guard let blocks = value["blocks"]?.array, !blocks.isEmpty else { return nil }
        let text = value["text"]?.string ?? ""
        let onlyRichText = blocks.allSatisfy { $0["type"]?.string == "rich_text" }
        if onlyRichText && !text.trimmingWhitespace().isEmpty { return nil }
        var content = Content(markdown: "", attachments: [], skipped: [])
        var used = Set<Int>()
        if let (poll, consumed) = SlackPoll(mrkdwn: mrkdwn).poll(in: blocks) {
            content.attachments.append(Attachment(type: "poll", poll: poll))
            used = consumed
        }
        var pieces: [String] = []
        for (index, block) in blocks.enumerated() where !used.contains(index) {
            switch block["type"]?.string ?? "" {
            case "section":
                if let text = block["text"] { pieces.append(textObject(text)) }
                let fields = (block["fields"]?.array ?? []).map(textObject).filter { !$0.isEmpty }
                if !fields.isEmpty { pieces.append(fields.joined(separator: "\n\n")) }
            case "context":
                let parts = (block["elements"]?.array ?? []).compactMap { element -> String? in
                    element["type"]?.string == "image"
                        ? element["alt_text"]?.string.map { MarkdownText.escape($0) } : textObject(element)
                }
                pieces.append(parts.filter { !$0.isEmpty }.joined(separator: " · "))
            case "header":
                if let text = block["text"] { pieces.append(MarkdownText.wrap(textObject(text), "**")) }
            case "rich_text":
                pieces.append(SlackRichText(mrkdwn: mrkdwn).markdown(block))
            case "image":
                if let url = block["image_url"]?.string, url.hasPrefix("https://") {
                    let title = block["title"]?["text"]?.string
                    content.attachments.append(
                        Attachment(url: url, type: "image", name: title, alt: block["alt_text"]?.string ?? title))
                }
            case "divider": continue
            case let other: content.skipped.insert("Block Kit \"\(other)\" blocks")
            }
        }
        content.markdown = MarkdownText.tidy(pieces.filter { !$0.isEmpty }.joined(separator: "\n\n"))
        guard !content.markdown.isEmpty || !content.attachments.isEmpty else { return nil }
        return content
    }

    /// A text object (`{"type": "mrkdwn"|"plain_text", "text": …}`) as Markdown.
    private func textObject(_ object: JSONValue) -> String {
        guard let text = object["text"]?.string else { return "" }
        if object["type"]?.string == "plain_text" {
            let plain = object["emoji"]?.bool == false ? text : EmojiShortcodes.replacing(in: text)
            return MarkdownText.escape(plain)
        }
        return mrkdwn.markdown(text)
    }
}
