import ScrollbackModel

/// Photos, files, stickers, voice notes, polls, places and contacts of a Telegram message.
enum TelegramMedia {
    /// What Telegram writes instead of a path when media was not downloaded.
    static func isPlaceholder(_ path: String) -> Bool { path.hasPrefix("(File ") || path.hasPrefix("(File not") }

    /// The attachments of a message; `missing` counts files the export left out.
    static func attachments(
        _ value: TelegramMembers, paths: AttachmentPaths, location: SourceLocation, missing: inout Int,
        report: inout ImportReport
    ) -> [Attachment] {
        var result: [Attachment] = []
        func add(_ path: String, type: String, name: String?) {
            var attachment: Attachment
            if isPlaceholder(path) {
                missing += 1
                attachment = Attachment(type: type, name: name, omitted: true)
            } else {
                attachment = paths.attachment(path, type: type, name: name, location: location, report: &report)
            }
            attachment.width = number(value[.width])
            attachment.height = number(value[.height])
            attachment.size = number(value[.fileSize]) ?? number(value[.photoFileSize])
            attachment.duration = number(value[.durationSeconds]).map(Double.init)
            if type == "sticker" {
                attachment.emoji = value[.stickerEmoji]?.string
                attachment.alt = attachment.emoji
            }
            if type == "audio" {
                attachment.performer = value[.performer]?.string
                attachment.title = value[.title]?.string
            }
            result.append(attachment)
        }
        if let photo = value[.photo]?.string { add(photo, type: "image", name: nil) }
        if let file = value[.file]?.string {
            add(file, type: kind(value), name: value[.fileName]?.string)
        }
        if let poll = poll(value) { result.append(Attachment(type: "poll", poll: poll)) }
        if let place = value[.locationInformation],
            let latitude = place["latitude"]?.double, let longitude = place["longitude"]?.double
        {
            result.append(
                Attachment(
                    type: "location", title: value[.placeName]?.string, description: value[.address]?.string,
                    place: Place(latitude: latitude, longitude: longitude)))
        }
        if let contact = value[.contactInformation] {
            let name = [contact["first_name"]?.string, contact["last_name"]?.string].compactMap { $0 }
                .filter { !$0.isEmpty }.joined(separator: " ")
            let phones = [contact["phone_number"]?.string].compactMap { $0 }.filter { !$0.isEmpty }
            result.append(Attachment(type: "contact", contact: ContactCard(name: name, phones: phones)))
        }
        return result
    }

    /// The kind of a `file` from `media_type` and `mime_type`: round videos are videos, voice notes voice.
    private static func kind(_ value: TelegramMembers) -> String {
        switch value[.mediaType]?.string {
        case "sticker": return "sticker"
        case "video_file", "video_message", "animation": return "video"
        case "voice_message": return "voice"
        case "audio_file": return "audio"
        default:
            if let mime = value[.mimeType]?.string, mime.contains("/") { return mime }
            return "file"
        }
    }

    /// A poll's question and answers with their vote counts (`answers` in real exports, `options` in some tools').
    private static func poll(_ value: TelegramMembers) -> Poll? {
        guard let poll = value[.poll] else { return nil }
        let options = (poll["answers"]?.array ?? poll["options"]?.array ?? []).map { answer in
            PollOption(text: answer["text"]?.string ?? "", votes: number(answer["voters"]))
        }
        return Poll(
            question: poll["question"]?.string ?? "", options: options, closed: poll["closed"]?.bool ?? false,
            voters: number(poll["total_voters"]))
    }

    /// A number written as a number or as a string of digits (`"width": "1920"`).
    private static func number(_ value: JSONValue?) -> Int? {
        value?.int ?? value?.string.flatMap { Int($0) }
    }

    /// Text for content that has no attachment kind: a game.
    static func text(_ value: TelegramMembers) -> String? {
        value[.gameTitle]?.string.map { "🎮 " + MarkdownText.escape($0) }
    }
}
