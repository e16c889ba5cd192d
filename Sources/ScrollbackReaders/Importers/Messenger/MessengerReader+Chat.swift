import ScrollbackModel

/// One Meta chat: its parts' messages (newest first, as Meta writes them) as a transcript.
extension MessengerReader {
    /// One chat from its parts, newest first as Meta writes them.
    static func convert(
        _ parts: [(name: String, bytes: InputBytes)], base: String?, root: String?, options: ReadOptions,
        report: inout ImportReport
    ) throws(ReadError) -> Transcript {
        // Each part's messages are converted as the parser reaches them, so no part is held as a
        // tree. Their files wait for the end: `thread_path`, which places them, follows the messages.
        var messages: [Message] = []
        var entries: [Int] = []
        var withFiles: [(index: Int, value: JSONValue)] = []
        var skipped: [ImportReport.Note] = []
        var unshown: [String: Int] = [:]
        var count = 0
        var header: JSONValue?
        for part in parts {
            let lines = LineIndex(file: part.name, bytes: part.bytes)
            let value = try ImportJSON.parse(part.bytes, file: part.name, streaming: "messages") { value in
                count += 1
                let location = lines.location(ofByte: value.offset)
                guard
                    let message = entryMessage(
                        value, entry: count, location: location, options: options, skipped: &skipped,
                        unshown: &unshown)
                else { return true }
                if message.kind != .system, hasFiles(value) { withFiles.append((messages.count, value)) }
                messages.append(message)
                entries.append(count)
                return true
            }
            guard value["messages"]?.array != nil else {
                throw ReadError(
                    location: ImportJSON.location(file: part.name, bytes: part.bytes, offset: value.offset),
                    problem: .syntax("The export has no \"messages\" array."))
            }
            if header == nil { header = value }
        }
        let threadPath = header?["thread_path"]?.string
        var transcript = Transcript(
            id: threadPath, title: header?["title"]?.string.map(fixEncoding),
            source: SourceLocation(file: parts[0].name))
        transcript.participants = (header?["participants"]?.array ?? []).compactMap { $0["name"]?.string }
            .map { Participant(id: fixEncoding($0)) }
        report.skipped += skipped
        placeFiles(withFiles, in: &messages, base: base, root: root, threadPath: threadPath, report: &report)
        withFiles = []
        // Meta's files list newest first; ids follow time so they read in order.
        for index in messages.indices { messages[index].id = "m\(count + 1 - entries[index])" }
        transcript.messages = messages
        messages = []
        transcript.addUnlistedSenders()
        warnUnshown(unshown, title: transcript.title, report: &report)
        report.messagesRead += transcript.messages.count
        transcript.me = me(of: transcript, report: &report)
        return transcript
    }

    /// The files of the messages that have them, put ahead of their words now that the
    /// header's `thread_path` says where the chat's folder is.
    private static func placeFiles(
        _ withFiles: [(index: Int, value: JSONValue)], in messages: inout [Message], base: String?, root: String?,
        threadPath: String?, report: inout ImportReport
    ) {
        let paths = AttachmentPaths(baseDirectory: base)
        let media = MediaPlace(base: base, root: root, threadPath: threadPath)
        for (index, value) in withFiles {
            let files = attachments(
                value, paths: paths, media: media, location: messages[index].location!, report: &report)
            messages[index].attachments.insert(contentsOf: files, at: 0)
        }
    }

    /// One warning for each kind of entry not shown, in name order, with how many there were.
    private static func warnUnshown(_ unshown: [String: Int], title: String?, report: inout ImportReport) {
        let label = title.map { "“\($0)”: " } ?? ""
        for (key, count) in unshown.sorted(by: { $0.key < $1.key }) {
            report.warnings.append(
                .init(location: nil, text: "\(label)not shown: \"\(key)\" (\(counted(count, "message")))"))
        }
    }

    /// One entry as a message without its files (those are placed once the chat's folder is
    /// known), or `nil` when it has no usable time (then `skipped` says so).
    private static func entryMessage(
        _ value: JSONValue, entry: Int, location: SourceLocation, options: ReadOptions,
        skipped: inout [ImportReport.Note], unshown: inout [String: Int]
    ) -> Message? {
        for (key, _) in value.members ?? [] where !shownKeys.contains(key) { unshown[key, default: 0] += 1 }
        // Within ±10^15 ms (about ±31,000 years) like other imports' Unix times; beyond, the arithmetic overflows.
        guard let milliseconds = value["timestamp_ms"]?.int,
            (-999_999_999_999_999...999_999_999_999_999).contains(milliseconds)
        else {
            skipped.append(.init(location: location, text: "entry \(entry) has no usable \"timestamp_ms\""))
            return nil
        }
        let whole = Int64(milliseconds) >= 0 ? Int64(milliseconds) / 1000 : (Int64(milliseconds) - 999) / 1000
        let instant = Timestamp(
            seconds: whole, nanoseconds: Int32((Int64(milliseconds) - whole * 1000) * 1_000_000))
        let time = Timestamp(
            seconds: instant.seconds, nanoseconds: instant.nanoseconds,
            utcOffset: options.timeZone?.offset(at: instant) ?? 0)
        var message = Message(id: "", sender: nil, time: time, location: location)
        let sender = value["sender_name"]?.string.map(fixEncoding) ?? "unknown"
        let text = value["content"]?.string.map(fixEncoding) ?? ""
        switch value["type"]?.string {
        case "Subscribe", "Unsubscribe":
            message.kind = .system
            message.text = MarkdownText.escape(text)
        default:
            message.sender = sender
            message.text = MarkdownText.escape(text)
            if let card = shareCard(value["share"]) { message.attachments = [card] }
            message.deleted = value["is_unsent"]?.bool ?? false
            message.reactions = reactions(value)
        }
        return message
    }

    /// A shared link (`share.link`, with `share.share_text` the words shown with it) as a link card.
    private static func shareCard(_ share: JSONValue?) -> Attachment? {
        guard let link = share?["link"]?.string, TelegramText.isSafeLink(link) else { return nil }
        let words = share?["share_text"]?.string.map(fixEncoding).flatMap { $0.isEmpty ? nil : $0 }
        return Attachment(url: link, type: "link", name: link, description: words)
    }

    /// Whether an entry lists media files or a sticker.
    private static func hasFiles(_ value: JSONValue) -> Bool {
        value["sticker"] != nil || mediaKeys.contains { value[$0.0]?.array?.isEmpty == false }
    }

    /// In a two-person chat Meta titles it after the other person: the exporter is the one it is not named after.
    private static func me(of transcript: Transcript, report: inout ImportReport) -> String? {
        let label = transcript.title.map { "“\($0)”: " } ?? ""
        guard let title = transcript.title, transcript.participants.count == 2,
            transcript.participants.contains(where: { $0.id == title }),
            let me = transcript.participants.first(where: { $0.id != title })?.id
        else {
            report.inferences.append(
                label + "the export does not say who exported it; --me NAME puts one person on the right")
            return nil
        }
        report.inferences.append(label + "`me` is \(me) (the chat is titled after the other person; --me overrides)")
        return me
    }

    /// Message fields that are read, or that hold nothing to show (Meta's internal ids, the sender's IP).
    private static let shownKeys: Set<String> = [
        "sender_name", "timestamp_ms", "content", "photos", "gifs", "videos", "audio_files", "files", "sticker",
        "share", "reactions", "is_unsent", "type", "sender_id_INTERNAL", "ip", "is_geoblocked_for_viewer",
        "is_unsent_image_by_messenger_kid_parent", "is_taken_down",
    ]

    private static func attachments(
        _ value: JSONValue, paths: AttachmentPaths, media: MediaPlace, location: SourceLocation,
        report: inout ImportReport
    ) -> [Attachment] {
        var items: [(JSONValue, String)] = mediaKeys.flatMap { key, kind in (value[key]?.array ?? []).map { ($0, kind) }
        }
        if let sticker = value["sticker"] { items.append((sticker, "sticker")) }
        return items.compactMap { item, kind in
            guard let uri = item["uri"]?.string else { return nil }
            if uri.hasPrefix("https://") || uri.hasPrefix("http://") { return Attachment(url: uri, type: kind) }
            return paths.attachment(media.path(uri), type: kind, location: location, report: &report)
        }
    }

    private static func reactions(_ value: JSONValue) -> [Reaction] {
        var order: [String] = []
        var by: [String: [String]] = [:]
        for reaction in value["reactions"]?.array ?? [] {
            guard let emoji = reaction["reaction"]?.string.map(fixEncoding) else { continue }
            if by[emoji] == nil { order.append(emoji) }
            by[emoji, default: []].append(reaction["actor"]?.string.map(fixEncoding) ?? "")
        }
        return order.map { Reaction(emoji: $0, by: by[$0]!.filter { !$0.isEmpty }, count: by[$0]!.count) }
    }
}
