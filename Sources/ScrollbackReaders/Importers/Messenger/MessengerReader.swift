import Foundation
import ScrollbackModel

/// Meta's "Download your information" JSON for Facebook Messenger and Instagram DMs (`message_1.json`).
enum MessengerReader {
    static let reader = ChatReader(
        format: .messenger,
        summary:
            "Facebook Messenger or Instagram JSON (message_1.json from \"Download your information\"), or the export's folder",
        sniff: { input in
            switch input.content {
            case .bytes(let bytes):
                guard FormatSniffing.firstNonSpace(bytes) == UInt8(ascii: "{") else { return false }
                let head = FormatSniffing.head(bytes, 16_384)
                return ImportSniffing.hasMember(head, "sender_name") && ImportSniffing.hasMember(head, "timestamp_ms")
            case .directory(let path):
                return !chatFiles(in: ExportFiles.directory(path)).isEmpty
            }
        },
        read: read(_:options:)
    )

    /// The lists of files a message can carry, and the attachment kind of each.
    static let mediaKeys: [(String, String)] = [
        ("photos", "image"), ("gifs", "image"), ("videos", "video"), ("audio_files", "audio"), ("files", "file"),
    ]

    static func read(_ input: ChatInput, options: ReadOptions) throws(ReadError) -> ReadResult {
        var report = ImportReport()
        var conversations: [Transcript] = []
        switch input.content {
        case .bytes(let bytes):
            // A long chat is split into message_1.json (newest), message_2.json, …: read them as one.
            var parts = [(name: input.name, bytes: bytes)]
            if let folder = input.baseDirectory, (input.name as NSString).lastPathComponent == "message_1.json" {
                parts += laterParts(in: folder)
            }
            conversations.append(
                try convert(parts, base: input.baseDirectory, root: nil, options: options, report: &report))
        case .directory(let path):
            // The export's root: every chat folder under it, media paths relative to the root.
            let files = ExportFiles.directory(path)
            for first in chatFiles(in: files) {
                let folder = (first as NSString).deletingLastPathComponent
                var parts: [(name: String, bytes: InputBytes)] = []
                for name in [first]
                    + files.files(in: folder, suffix: ".json").filter({ isLaterPart($0) }).sorted(by: partOrder)
                {
                    if let bytes = files.contents(name) {
                        parts.append(((path as NSString).appendingPathComponent(name), bytes))
                    }
                }
                conversations.append(try convert(parts, base: path, root: path, options: options, report: &report))
            }
            if conversations.count > 1 {
                report.inferences.append(
                    "\(conversations.count) chats read; each is a conversation, named by its folder")
            }
        }
        report.inferences.append(
            "times are UTC instants (timestamp_ms)" + (options.timeZone.map { ", shown in \($0)" } ?? ""))
        return ReadResult(format: .messenger, conversations: conversations, report: report)
    }

    /// `message_1.json` files of an export's chat folders.
    private static func chatFiles(in files: ExportFiles) -> [String] {
        files.paths.filter { ($0 as NSString).lastPathComponent == "message_1.json" }
    }

    /// `message_2.json`, `message_3.json`, … beside a `message_1.json`, in order.
    private static func laterParts(in folder: String) -> [(name: String, bytes: InputBytes)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter(isLaterPart).sorted(by: partOrder).compactMap { name in
            let path = (folder as NSString).appendingPathComponent(name)
            return (try? ChatInput.load(path))?.bytes.map { (path, $0) }
        }
    }

    private static func isLaterPart(_ path: String) -> Bool {
        partNumber(path).map { $0 > 1 } ?? false
    }

    private static func partOrder(_ left: String, _ right: String) -> Bool {
        (partNumber(left) ?? 0) < (partNumber(right) ?? 0)
    }

    /// 2 for `…/message_2.json`.
    private static func partNumber(_ path: String) -> Int? {
        let name = (path as NSString).lastPathComponent
        guard name.hasPrefix("message_"), name.hasSuffix(".json") else { return nil }
        return Int(name.dropFirst("message_".count).dropLast(".json".count))
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

    /// Meta writes UTF-8 bytes as `\u00XX` escapes ("Ã©" for "é"); undo that when the text is only such bytes.
    static func fixEncoding(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { $0.value >= 0x80 }), scalars.allSatisfy({ $0.value < 0x100 }) else {
            return text
        }
        return String(validating: scalars.map { UInt8($0.value) }, as: UTF8.self) ?? text
    }
}
