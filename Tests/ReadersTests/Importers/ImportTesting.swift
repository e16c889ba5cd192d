import Foundation
import ScrollbackLayout
import ScrollbackModel
import ScrollbackReaders
import ScrollbackRender
import TestSupport

/// Helpers the importer tests share: reading inline text, laying out, and building folders and zips.
enum ImportTesting {
    /// Reads `text` as an input named `name`.
    static func read(
        _ text: String, name: String = "chat.txt", format: InputFormat? = nil, options: ReadOptions = ReadOptions(),
        baseDirectory: String? = nil
    ) throws -> ReadResult {
        try Readers.read(
            ChatInput(name: name, bytes: Array(text.utf8), baseDirectory: baseDirectory), format: format,
            options: options)
    }

    /// The only conversation of `text`.
    static func transcript(
        _ text: String, name: String = "chat.txt", format: InputFormat? = nil, options: ReadOptions = ReadOptions()
    ) throws -> Transcript {
        let result = try read(text, name: name, format: format, options: options)
        guard result.conversations.count == 1 else { throw Failure("expected one conversation") }
        return result.conversations[0]
    }

    /// The layout JSON of a transcript, parsed back: what `--format json` prints.
    static func layout(_ transcript: Transcript, timeZone: Zone? = nil) throws -> LayoutSummary {
        var options = LayoutOptions()
        if let timeZone { options.timeZone = timeZone }
        let json = LayoutJSONRenderer.render(try LayoutEngine.layout(transcript, options: options))
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
        return LayoutSummary(object)
    }

    /// A fresh folder in the test process's temporary root (`TestFolders`) holding `files` (relative path → text).
    static func folder(_ files: [String: String]) throws -> String {
        let root = try TestFolders.folder("import").path
        for (path, text) in files {
            let full = (root as NSString).appendingPathComponent(path)
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        return root
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// The parts of the layout JSON tests look at.
struct LayoutSummary {
    var object: [String: Any]
    init(_ object: [String: Any]) { self.object = object }

    var days: [[String: Any]] { object["days"] as? [[String: Any]] ?? [] }
    /// `YYYY-MM-DD` of each day.
    var dates: [String] { days.compactMap { $0["date"] as? String } }
    /// Every chain, in order.
    var chains: [[String: Any]] { days.flatMap { $0["chains"] as? [[String: Any]] ?? [] } }
    /// The sender of each chain (`nil` for system chains), in order.
    var chainSenders: [String?] { chains.map { $0["sender"] as? String } }
    /// Message ids of each chain.
    var chainIDs: [[String]] {
        chains.map { ($0["messages"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
    }
    var messages: [[String: Any]] { chains.flatMap { $0["messages"] as? [[String: Any]] ?? [] } }
    /// id → the id its reply preview points at.
    var replies: [String: String] {
        var result: [String: String] = [:]
        for message in messages {
            if let id = message["id"] as? String, let reply = message["reply"] as? [String: Any],
                let target = reply["id"] as? String
            {
                result[id] = target
            }
        }
        return result
    }
}

/// Writes a zip with stored (uncompressed) members, enough to test reading zips without a tool.
enum StoredZip {
    static func make(_ members: [(String, String)]) -> [UInt8] {
        var output: [UInt8] = []
        var central: [UInt8] = []
        for (name, text) in members {
            let data = Array(text.utf8)
            let nameBytes = Array(name.utf8)
            let crc = crc32(data)
            let offset = UInt32(output.count)
            output += le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            output += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
            output += le16(UInt16(nameBytes.count)) + le16(0) + nameBytes + data
            central += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            central += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
            central += le16(UInt16(nameBytes.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0)
            central += le32(offset) + nameBytes
        }
        let centralOffset = UInt32(output.count)
        output += central
        output += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(members.count)) + le16(UInt16(members.count))
        output += le32(UInt32(central.count)) + le32(centralOffset) + le16(0)
        return output
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    private static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
