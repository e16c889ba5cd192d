import ScrollbackModel

/// A Slack message's body: its text (Block Kit when `text` is only a fallback, legacy bot
/// attachments), link unfurls as preview cards, polls, and its files.
struct SlackMessageBody {
    var mrkdwn: SlackMrkdwn
    /// Finds a downloaded copy of a file in the export, if there is one.
    var localFile: (JSONValue) -> String?

    /// The message's text and everything sent with it.
    func read(_ value: JSONValue) -> (text: String, attachments: [Attachment], unshownBlocks: Set<String>) {
        var unshown = Set<String>()
        var pieces: [String] = []
        var attachments: [Attachment] = []
        var hasAttachmentText = false
        if let blocks = SlackBlocks(mrkdwn: mrkdwn).content(value) {
            // Block Kit is what Slack draws; `text` is then the notification's fallback.
            pieces.append(blocks.markdown)
            attachments += blocks.attachments
            unshown = blocks.skipped
        } else if let text = value["comment"]?["comment"]?.string ?? value["text"]?.string, !text.isEmpty {
            pieces.append(mrkdwn.markdown(text))
        }
        for attachment in value["attachments"]?.array ?? [] {
            if let card = linkCard(attachment) {
                attachments.append(card)
                continue
            }
            let legacy = legacyAttachment(attachment)
            if !legacy.text.isEmpty {
                pieces.append(legacy.text)
                hasAttachmentText = true
            }
            attachments += legacy.images
            if legacy.hasButtons { unshown.insert("buttons of legacy attachments") }
        }
        // A snippet's first lines, as Slack previews them (a comment on it only names it).
        if value["comment"] == nil {
            let previews = snippetPreviews(value)
            if !previews.isEmpty {
                pieces += previews
                hasAttachmentText = true
            }
        }
        // The text's own piece is tidy Markdown already: alone, it stays as it is.
        let text =
            pieces.count == 1 && !hasAttachmentText
            ? pieces[0] : MarkdownText.tidy(pieces.filter { !$0.isEmpty }.joined(separator: "\n\n"))
        return (text, attachments + files(value), unshown)
    }

    /// A legacy attachment (a bot's post) as text: pretext, linked title, text and fields
    /// (`fallback` only when it has nothing else), with its image and whether it had buttons.
    func legacyAttachment(_ attachment: JSONValue) -> (text: String, images: [Attachment], hasButtons: Bool) {
        var lines: [String] = []
        if let pretext = attachment["pretext"]?.string { lines.append(mrkdwn.markdown(pretext)) }
        if let title = attachment["title"]?.string {
            let link = attachment["title_link"]?.string
            lines.append(link.map { mrkdwn.token($0 + "|" + title) } ?? MarkdownText.escape(title))
        }
        // `fallback` sums the attachment up for notifications: shown only when nothing else is.
        let hasContent = !lines.isEmpty || attachment["image_url"] != nil || attachment["fields"] != nil
        if let text = attachment["text"]?.string ?? (hasContent ? nil : attachment["fallback"]?.string),
            !text.isEmpty
        {
            lines.append(mrkdwn.markdown(text))
        }
        for field in attachment["fields"]?.array ?? [] {
            let title = field["title"]?.string.map { MarkdownText.wrap(MarkdownText.escape($0), "**") }
            let text = field["value"]?.string.map { mrkdwn.markdown($0) }
            lines.append([title, text].compactMap { $0 }.joined(separator: "\n\n"))
        }
        var images: [Attachment] = []
        if let image = attachment["image_url"]?.string, image.hasPrefix("https://") {
            images.append(Attachment(url: image, type: "image", alt: attachment["fallback"]?.string))
        }
        let hasButtons = !(attachment["actions"]?.array ?? []).isEmpty
        return (lines.joined(separator: "\n\n"), images, hasButtons)
    }

    /// A link unfurl (an attachment Slack made from a URL in the text) as a link preview card.
    func linkCard(_ attachment: JSONValue) -> Attachment? {
        guard
            let url = [attachment["from_url"], attachment["original_url"], attachment["title_link"]].lazy
                .compactMap({ $0?.string }).first(where: { $0.hasPrefix("https://") || $0.hasPrefix("http://") }),
            attachment["from_url"] != nil || attachment["original_url"] != nil || attachment["is_app_unfurl"] != nil
        else { return nil }
        // A shared Slack message unfurls with its author instead of a title, and mrkdwn text.
        let title = attachment["title"]?.string ?? attachment["author_name"]?.string
        let text = attachment["text"]?.string ?? attachment["fallback"]?.string
        return Attachment(
            url: url, type: "link", title: title.map { mrkdwn.plain($0) },
            description: text.map { mrkdwn.plain($0) },
            siteName: attachment["service_name"]?.string.map(ChatMarkup.decodeEntities))
    }

    /// The `preview` of each snippet the message shares, as code in its language, with how many
    /// lines it leaves out.
    func snippetPreviews(_ value: JSONValue) -> [String] {
        let list = (value["files"]?.array ?? []) + (value["file"].map { [$0] } ?? [])
        return list.compactMap { file in
            guard file["mode"]?.string == "snippet", let preview = file["preview"]?.string,
                !preview.trimmingWhitespace().isEmpty
            else { return nil }
            let lines = preview.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "")
            let language = file["filetype"]?.string.flatMap { $0.allSatisfy { $0.isLetter || $0.isNumber } ? $0 : nil }
            var piece = MarkdownText.codeBlock(lines, language: language).trimmingWhitespace()
            if let more = file["lines_more"]?.int, more > 0 {
                piece += "\n\n" + MarkdownText.escape("… " + counted(more, "more line"))
            }
            return piece
        }
    }

    private func files(_ value: JSONValue) -> [Attachment] {
        let many = value["files"]?.array
        let one = value["file"]
        guard many != nil || one != nil else { return [] }
        let list = (many ?? []) + (one.map { [$0] } ?? [])
        return list.compactMap { file in
            if file["mode"]?.string == "tombstone" || file["mode"]?.string == "hidden_by_limit" {
                return Attachment(type: "file", name: "file not available", alt: "removed from Slack", omitted: true)
            }
            var attachment = Attachment(
                type: file["mimetype"]?.string, name: file["name"]?.string ?? file["title"]?.string,
                size: file["size"]?.int)
            attachment.width = file["original_w"]?.int.flatMap { $0 > 0 ? $0 : nil }
            attachment.height = file["original_h"]?.int.flatMap { $0 > 0 ? $0 : nil }
            if let path = localFile(file) {
                attachment.path = path
            } else if let url = file["url_private"]?.string ?? file["permalink"]?.string, url.hasPrefix("https://") {
                attachment.url = url
            }
            return attachment
        }
    }
}
