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
            attachment.size = item["fileSizeBytes"]?.int
            attachment.width = item["width"]?.int
            attachment.height = item["height"]?.int
            result.append(attachment)
        }
        for sticker in value["stickers"]?.array ?? [] {
            let url = sticker["sourceUrl"]?.string
            result.append(
                Attachment(
                    url: url.flatMap { $0.contains("://") ? $0 : nil }, type: "sticker", name: sticker["name"]?.string,
                    alt: sticker["name"]?.string))
        }
        // Embeds become link chips: a titled link, not a preview fetched from the web.
        for embed in value["embeds"]?.array ?? [] {
            guard let url = embed["url"]?.string, url.hasPrefix("https://") || url.hasPrefix("http://") else {
                continue
            }
            result.append(
                Attachment(
                    url: url, type: "link", name: embed["title"]?.string ?? url, alt: embed["description"]?.string))
        }
        return result
    }

    static func reactions(_ value: JSONValue) -> [Reaction] {
        (value["reactions"]?.array ?? []).map { reaction in
            let emoji = reaction["emoji"]
            let name = emoji?["name"]?.string ?? emoji?["code"]?.string ?? "?"
            // Custom emoji have an id and a short name; standard ones are the character itself.
            let shown = (emoji?["id"]?.isNull ?? true) ? name : ":\(name):"
            let users = reaction["users"]?.array?.compactMap { $0["id"]?.scalarText } ?? []
            return Reaction(emoji: shown, by: users, count: reaction["count"]?.int)
        }
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
