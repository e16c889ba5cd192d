import Foundation
import ScrollbackModel
import Testing

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
            hidden: true, meta: .string("phone"), location: SourceLocation(file: "a.json", line: 3, column: 5))
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
                "meta", "missingFromLatestExport", "reactions", "replyTo", "revisions", "sender", "status", "text",
                "time", "topic",
            ])
        let bareKeys = try #require(
            JSONSerialization.jsonObject(with: Data(try Self.encoded(bare).utf8)) as? [String: Any]
        ).keys.sorted()
        #expect(
            bareKeys == [
                "attachments", "deleted", "format", "hidden", "id", "kind", "missingFromLatestExport", "reactions",
                "revisions", "text", "time",
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
}
