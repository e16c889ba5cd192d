import ScrollbackModel

/// Attachments, embeds, stickers, reactions and events of a DiscordChatExporter message.
enum DiscordParts {
    static func attachments(
        _ value: JSONValue, paths: AttachmentPaths, location: SourceLocation, report: inout ImportReport
    ) -> [Attachment] {
        var result: [Attachment] = []
        for item in value["attachments"]?.array ?? [] {
            guard let url = item["url"]?.string else { continue }
            let name = item["fileName"]?.string
            var attachment: Attachment
            if url.contains("://") {
                attachment = Attachment(url: url, name: name)
            } else {
                // Exported with --media: the URL is a path beside the JSON, percent-encoded.
                let path = url.removingPercentEncoding ?? url
                attachment = paths.attachment(path, name: name, location: location, report: &report)
            }
            // Discord covers a file whose name starts with `SPOILER_` until it is clicked.
            attachment.spoiler = name?.hasPrefix("SPOILER_") ?? false
            attachment.size = item["fileSizeBytes"]?.int
            attachment.width = item["width"]?.int
            attachment.height = item["height"]?.int
            result.append(attachment)
        }
        for sticker in value["stickers"]?.array ?? [] {
            // Lottie stickers are animation data, not pictures: they are named, not drawn.
            let url = sticker["sourceUrl"]?.string.flatMap { url in
                url.contains("://") && sticker["format"]?.string != "Lottie" && !url.hasSuffix(".json") ? url : nil
            }
            let name = sticker["name"]?.string ?? "sticker"
            result.append(Attachment(url: url, type: "sticker", name: name, alt: name, title: name))
        }
        // Rich embeds (fields, or no link) are text (`DiscordEmbeds`); the others preview a link.
        result += value["embeds"]?.array?.filter { !DiscordEmbeds.isRich($0) }.compactMap(embed) ?? []
        return result
    }

    /// A web address (`http`, `https`), else `nil`.
    static func webURL(_ value: JSONValue?) -> String? {
        value?.string.flatMap { $0.hasPrefix("https://") || $0.hasPrefix("http://") ? $0 : nil }
    }

    /// An embed that previews a link as a link preview card: its title linked to its URL, the
    /// description and the footer.
    static func embed(_ embed: JSONValue) -> Attachment? {
        let url = webURL(embed["url"])
        var description: [String] = []
        if let text = embed["description"]?.string, !text.isEmpty { description.append(text) }
        if let footer = embed["footer"]?["text"]?.string, !footer.isEmpty { description.append(footer) }
        let title = embed["title"]?.string.flatMap { $0.isEmpty ? nil : $0 } ?? embed["author"]?["name"]?.string
        guard url != nil || title != nil || !description.isEmpty else { return nil }
        return Attachment(
            url: url, type: "link", name: title ?? url, title: title,
            description: description.isEmpty ? nil : description.joined(separator: "\n"),
            siteName: embed["provider"]?["name"]?.string ?? embed["author"]?["name"]?.string)
    }

    static func reactions(_ value: JSONValue) -> [Reaction] {
        (value["reactions"]?.array ?? []).map { reaction in
            let emoji = reaction["emoji"]
            // `code` is the short name (`thumbsup`); a standard emoji without its character is found by it.
            let code = emoji?["code"]?.string
            let name =
                emoji?["name"]?.string.flatMap { $0.isEmpty ? nil : $0 }
                ?? code.flatMap { EmojiShortcodes.emoji(named: $0) } ?? code ?? "?"
            // Custom emoji have an id (a snowflake) and a short name; standard ones are the
            // character itself, with an id that is null or empty.
            let id = emoji?["id"]?.scalarText ?? ""
            let custom = !id.isEmpty && name.allSatisfy { $0.isASCII }
            let users = reaction["users"]?.array?.compactMap { $0["id"]?.scalarText } ?? []
            return Reaction(emoji: custom ? ":\(name):" : name, by: users, count: reaction["count"]?.int)
        }
    }

    /// What a message holds that the transcript does not show, named for the report.
    static func unshown(_ value: JSONValue) -> [String] {
        var result: [String] = []
        func present(_ value: JSONValue?) -> Bool { value.map { !$0.isNull } ?? false }
        if present(value["poll"]) { result.append("Discord polls") }
        if let components = value["components"]?.array, !components.isEmpty { result.append("buttons and menus") }
        if present(value["interaction"]) { result.append("the slash commands a reply answers") }
        let embeds = value["embeds"]?.array ?? []
        if embeds.contains(where: { present($0["image"]) || present($0["video"]) || present($0["thumbnail"]) }) {
            result.append("embed images and videos")
        }
        return result
    }

    /// "Changed the channel name." by lombi → "lombi changed the channel name."
    static func event(_ content: String, actor: String) -> String {
        guard let first = content.first else { return actor }
        return actor + " " + first.lowercased() + content.dropFirst()
    }
}

extension String {
    /// Percent-decoding without Foundation's NSString bridge.
    fileprivate var removingPercentEncoding: String? {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
