import ScrollbackModel

/// Photos, files, stickers, polls, places and contacts of a Telegram message.
enum TelegramMedia {
    /// What Telegram writes instead of a path when media was not downloaded.
    static func isPlaceholder(_ path: String) -> Bool { path.hasPrefix("(File ") || path.hasPrefix("(File not") }

    static func attachments(
        _ value: JSONValue, paths: AttachmentPaths, location: SourceLocation, missing: inout Int,
        report: inout ImportReport
    ) -> [Attachment] {
        var result: [Attachment] = []
        func add(_ path: String, type: String, name: String?) {
            if isPlaceholder(path) {
                missing += 1
                result.append(Attachment(type: type, name: name ?? type, alt: "not included in the export"))
                return
            }
            var attachment = paths.attachment(path, type: type, name: name, location: location, report: &report)
            attachment.width = value["width"]?.int ?? value["width"]?.string.flatMap { Int($0) }
            attachment.height = value["height"]?.int ?? value["height"]?.string.flatMap { Int($0) }
            attachment.size = value["file_size"]?.int ?? value["photo_file_size"]?.int
            if type == "sticker" { attachment.alt = value["sticker_emoji"]?.string }
            result.append(attachment)
        }
        if let photo = value["photo"]?.string { add(photo, type: "image", name: nil) }
        if let file = value["file"]?.string {
            add(file, type: kind(value), name: value["file_name"]?.string)
        }
        return result
    }

    /// The attachment kind from `media_type` and `mime_type`.
    private static func kind(_ value: JSONValue) -> String {
        switch value["media_type"]?.string {
        case "sticker": return "sticker"
        case "video_file", "video_message", "animation": return "video"
        case "voice_message", "audio_file": return "audio"
        default:
            if let mime = value["mime_type"]?.string, mime.contains("/") { return mime }
            return "file"
        }
    }

    /// Text for content that is not a file: a poll, a location, a contact, a game.
    static func text(_ value: JSONValue) -> String? {
        if let poll = value["poll"] {
            var lines = ["📊 **" + MarkdownText.escape(poll["question"]?.string ?? "Poll") + "**"]
            for answer in poll["answers"]?.array ?? poll["options"]?.array ?? [] {
                let votes = answer["voters"]?.int.map { " (\($0))" } ?? ""
                lines.append("- " + MarkdownText.escape(answer["text"]?.string ?? "", atLineStart: false) + votes)
            }
            return lines.joined(separator: "\n")
        }
        if let place = value["location_information"],
            let latitude = place["latitude"]?.double, let longitude = place["longitude"]?.double
        {
            let title = value["place_name"]?.string ?? "Location"
            return "📍 "
                + MarkdownText.link(
                    title, url: "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)")
        }
        if let contact = value["contact_information"] {
            let name = [contact["first_name"]?.string, contact["last_name"]?.string].compactMap { $0 }
                .filter { !$0.isEmpty }.joined(separator: " ")
            let phone = contact["phone_number"]?.string ?? ""
            return "👤 " + MarkdownText.escape([name, phone].filter { !$0.isEmpty }.joined(separator: ", "))
        }
        if let game = value["game_title"]?.string { return "🎮 " + MarkdownText.escape(game) }
        return nil
    }
}
