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
        var poll: Poll?
        if let (found, consumed) = SlackPoll(mrkdwn: mrkdwn).poll(in: blocks) {
            poll = found
            used = consumed
        }
        // Blocks are drawn in their order: the poll is drawn below the text, so the text is what
        // comes before its first block, and what comes after (its vote count, who made it, when
        // it closes) are the lines under it.
        let pollStart = used.min() ?? Int.max
        var pieces: [String] = []
        var under: [String] = []
        for (index, block) in blocks.enumerated() where !used.contains(index) {
            if index > pollStart, let line = plainText(block) {
                if !line.isEmpty { under.append(line) }
                continue
            }
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
        if let poll {
            let note = under.isEmpty ? nil : under.joined(separator: " · ")
            content.attachments.insert(Attachment(type: "poll", description: note, poll: poll), at: 0)
        }
        content.markdown = MarkdownText.tidy(pieces.filter { !$0.isEmpty }.joined(separator: "\n\n"))
        guard !content.markdown.isEmpty || !content.attachments.isEmpty else { return nil }
        return content
    }

    /// A section's, context's or header's words without formatting, for the lines under a poll;
    /// `nil` for blocks of other kinds.
    private func plainText(_ block: JSONValue) -> String? {
        let objects: [JSONValue]
        switch block["type"]?.string ?? "" {
        case "section", "header": objects = [block["text"]].compactMap { $0 } + (block["fields"]?.array ?? [])
        case "context": objects = (block["elements"]?.array ?? []).filter { $0["type"]?.string != "image" }
        default: return nil
        }
        return objects.compactMap { object in
            object["text"]?.string.map { text in
                (object["type"]?.string == "plain_text" ? EmojiShortcodes.replacing(in: text) : mrkdwn.plain(text))
                    .split(whereSeparator: \.isNewline).joined(separator: " ").trimmingWhitespace()
            }
        }.filter { !$0.isEmpty }.joined(separator: " · ")
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
