import Foundation
import ScrollbackModel
import Testing

/// `Testing` has a `SourceLocation` of its own.
typealias Location = ScrollbackModel.SourceLocation

/// A `Message` encodes as its fields by name (library users store transcripts with `Codable`).
@Suite("Message: the coded form")
struct MessageCodingTests {
    static func encoded(_ message: Message) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(message), as: UTF8.self)
    }

    @Test("A message with every field and one with none encode by field name and decode back equal")
    func roundTrip() throws {
        let full = Message(
            id: "m2", kind: .message, sender: "ana", time: Timestamp(seconds: 1_800_000_000), text: "Yes!",
            format: .plain, replyTo: "m1", status: .read, reactions: [Reaction(emoji: "👍", by: ["ben"])],
            edited: Timestamp(seconds: 1_800_000_060), deleted: false, forwardedFrom: "Cara", topic: "Trip",
            revisions: [Revision(text: "Yes", time: Timestamp(seconds: 1_800_000_001))], missingFromLatestExport: true,
            hidden: true, pinned: true, meta: .string("phone"),
            location: SourceLocation(file: "a.json", line: 3, column: 5))
        let bare = Message(id: "m3", sender: nil, time: Timestamp(seconds: 1_800_000_100))
        for message in [full, bare] {
            let text = try Self.encoded(message)
            #expect(try JSONDecoder().decode(Message.self, from: Data(text.utf8)) == message)
        }
        let fullKeys = try #require(
            JSONSerialization.jsonObject(with: Data(try Self.encoded(full).utf8)) as? [String: Any]
        ).keys.sorted()
        #expect(
            fullKeys == [
                "attachments", "deleted", "edited", "format", "forwardedFrom", "hidden", "id", "kind", "location",
                "meta", "missingFromLatestExport", "pinned", "reactions", "replyTo", "revisions", "sender", "status",
                "text", "time", "topic",
            ])
        let bareKeys = try #require(
            JSONSerialization.jsonObject(with: Data(try Self.encoded(bare).utf8)) as? [String: Any]
        ).keys.sorted()
        #expect(
            bareKeys == [
                "attachments", "deleted", "format", "hidden", "id", "kind", "missingFromLatestExport", "pinned",
                "reactions", "revisions", "text", "time",
            ])
    }

    @Test("Fields set and cleared again leave a message equal to one that never had them")
    func clearedFieldsCompareEqual() {
        let plain = Message(id: "m1", sender: "ana", time: Timestamp(seconds: 1_800_000_000), text: "hi")
        var changed = plain
        changed.topic = "Trip"
        changed.hidden = true
        #expect(changed != plain)
        #expect(changed.topic == "Trip" && changed.hidden)
        changed.topic = nil
        changed.hidden = false
        #expect(changed == plain)
        #expect(changed.hashValue == plain.hashValue)
    }

    @Test(
        "Every location reads back as it was set, however large its line and column, and equal locations compare equal",
        arguments: [
            nil, Location(file: "a.json"), Location(file: "a.json", line: 0),
            Location(file: "a.json", line: 7), Location(file: "a.json", line: 7, column: 12),
            Location(file: "", line: nil, column: 3), Location(file: "big.json", line: 1, column: 5_000_000_000),
            Location(file: "big.json", line: Int(UInt32.max), column: 1), Location(file: "odd", line: -1),
        ])
    func locations(location: Location?) throws {
        let time = Timestamp(seconds: 1_800_000_000)
        let message = Message(id: "m1", sender: "ana", time: time, location: location)
        #expect(message.location == location)
        var moved = Message(
            id: "m1", sender: "ana", time: time, location: Location(file: "x", line: 1, column: 9_000_000_000))
        moved.location = location
        #expect(moved.location == location)
        #expect(moved == message)
        #expect(moved.hashValue == message.hashValue)
        #expect(try JSONDecoder().decode(Message.self, from: Data(try Self.encoded(message).utf8)) == message)
    }
}
