import Foundation
import ScrollbackModel

/// Meta's "Download your information" JSON for Facebook Messenger and Instagram DMs (`message_1.json`).
enum MessengerReader {
    static let reader = ChatReader(
        format: .messenger,
        summary: "Facebook Messenger or Instagram JSON (message_1.json from \"Download your information\")",
        sniff: { input in
            guard let bytes = input.bytes, FormatSniffing.firstNonSpace(bytes) == UInt8(ascii: "{") else {
                return false
            }
            let head = FormatSniffing.head(bytes, 16_384)
            return ImportSniffing.hasMember(head, "sender_name") && ImportSniffing.hasMember(head, "timestamp_ms")
        },
        read: { input, options in try read(input, options: options) }
    )

    /// The lists of files a message can carry, and the attachment kind of each.
    static let mediaKeys: [(String, String)] = [
        ("photos", "image"), ("gifs", "image"), ("videos", "video"), ("audio_files", "audio"), ("files", "file"),
    ]

    static func read(_ input: ChatInput, options: ReadOptions) throws(ReadError) -> ReadResult {
        let root = try ImportJSON.parse(input, format: .messenger)
        guard let list = root["messages"]?.array else {
            throw ReadError(
                location: input.location(ofByte: root.offset), problem: .syntax("The export has no \"messages\" array.")
            )
        }
        var report = ImportReport()
        var transcript = Transcript(
            id: root["thread_path"]?.string, title: root["title"]?.string.map(fixEncoding),
            source: SourceLocation(file: input.name))
        transcript.participants = (root["participants"]?.array ?? []).compactMap { $0["name"]?.string }
            .map { Participant(id: fixEncoding($0)) }
        let lines = LineIndex(file: input.name, bytes: input.bytes ?? [])
        let paths = AttachmentPaths(baseDirectory: input.baseDirectory)
        for (index, value) in list.enumerated() {
            let location = lines.location(ofByte: value.offset)
            // Within ±10^15 ms (about ±31,000 years) like other imports' Unix times; beyond, the arithmetic overflows.
            guard let milliseconds = value["timestamp_ms"]?.int,
                (-999_999_999_999_999...999_999_999_999_999).contains(milliseconds)
            else {
                report.skipped.append(
                    .init(location: location, text: "entry \(index + 1) has no usable \"timestamp_ms\""))
                continue
            }
            let whole = Int64(milliseconds) >= 0 ? Int64(milliseconds) / 1000 : (Int64(milliseconds) - 999) / 1000
            let instant = Timestamp(
                seconds: whole, nanoseconds: Int32((Int64(milliseconds) - whole * 1000) * 1_000_000))
            let time = Timestamp(
                seconds: instant.seconds, nanoseconds: instant.nanoseconds,
                utcOffset: options.timeZone?.offset(at: instant) ?? 0)
            // Meta's files list newest first; ids follow time so they read in order.
            var message = Message(id: "m\(list.count - index)", sender: nil, time: time, location: location)
            let sender = value["sender_name"]?.string.map(fixEncoding) ?? "unknown"
            let text = value["content"]?.string.map(fixEncoding) ?? ""
            switch value["type"]?.string {
            case "Subscribe", "Unsubscribe":
                message.kind = .system
                message.text = MarkdownText.escape(text)
            default:
                message.sender = sender
                message.text = MarkdownText.escape(text)
                if let link = value["share"]?["link"]?.string, TelegramText.isSafeLink(link), !text.contains(link) {
                    message.text += (message.text.isEmpty ? "" : "\n\n") + MarkdownText.link(link, url: link)
                }
                message.deleted = value["is_unsent"]?.bool ?? false
                message.attachments = attachments(
                    value, paths: paths, base: input.baseDirectory, location: location, report: &report)
                message.reactions = reactions(value)
            }
            transcript.messages.append(message)
        }
        transcript.addUnlistedSenders()
        report.messagesRead = transcript.messages.count
        report.inferences.append(
            "times are UTC instants (timestamp_ms)" + (options.timeZone.map { ", shown in \($0)" } ?? ""))
        report.inferences.append("the export does not say who exported it; --me NAME puts one person on the right")
        return ReadResult(format: .messenger, conversations: [transcript], report: report)
    }

    private static func attachments(
        _ value: JSONValue, paths: AttachmentPaths, base: String?, location: SourceLocation, report: inout ImportReport
    ) -> [Attachment] {
        var items: [(JSONValue, String)] = mediaKeys.flatMap { key, kind in (value[key]?.array ?? []).map { ($0, kind) }
        }
        if let sticker = value["sticker"] { items.append((sticker, "sticker")) }
        return items.compactMap { item, kind in
            guard let uri = item["uri"]?.string else { return nil }
            return paths.attachment(relative(uri, to: base), type: kind, location: location, report: &report)
        }
    }

    /// `messages/inbox/ana_x/photos/1.jpg` seen from the folder `…/messages/inbox/ana_x` is `photos/1.jpg`.
    static func relative(_ uri: String, to base: String?) -> String {
        guard let base else { return uri }
        let folders = base.split(separator: "/")
        let parts = uri.split(separator: "/")
        for length in stride(from: min(folders.count, parts.count - 1), through: 1, by: -1)
        where Array(folders.suffix(length)) == Array(parts.prefix(length)) {
            return parts.dropFirst(length).joined(separator: "/")
        }
        return uri
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

    /// Meta writes UTF-8 bytes as `\u00XX` escapes ("Ã©" for "é"); undo that when the text is only such bytes.
    static func fixEncoding(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { $0.value >= 0x80 }), scalars.allSatisfy({ $0.value < 0x100 }) else {
            return text
        }
        return String(validating: scalars.map { UInt8($0.value) }, as: UTF8.self) ?? text
    }
}
