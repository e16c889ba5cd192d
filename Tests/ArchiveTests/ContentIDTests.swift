import Foundation
import Scrollback
import Testing

@Suite("Merging exports: ids made from content")
struct ContentIDTests {
    /// An export whose ids are its positions (`m1`, `m2`, `m3` in order), written in the file.
    static let positional = """
        {"version": 1, "title": "Trip", "messages": [
          {"id": "m1", "sender": "ana", "time": "2026-03-01T10:00:00Z", "text": "hello"},
          {"id": "m2", "sender": "ben", "time": "2026-03-01T10:01:00Z", "text": "hi"},
          {"id": "m3", "sender": "ana", "time": "2026-03-01T10:02:00Z", "text": "bye"}
        ]}
        """

    /// A later export of the same chat with ids of its own, which no longer reaches the first message.
    static let later = """
        {"type": "conversation", "title": "Trip"}
        {"id": "b2", "sender": "ben", "time": "2026-03-01T10:01:00Z", "text": "hi"}
        {"id": "b3", "sender": "ana", "time": "2026-03-01T10:02:00Z", "text": "bye"}
        {"id": "b4", "sender": "ben", "time": "2026-03-01T10:03:00Z", "text": "later"}
        """

    @Test("Messages only an export with positional ids holds get ids made from their content; own ids replace them")
    func contentIDs() throws {
        let merged = try merge([("a.json", Self.positional), ("b.jsonl", Self.later)])
        let ids = merged.messages.map(\.id)
        #expect(ids.count == 4)
        #expect(Self.isContentID(ids[0]), "\(ids[0])")
        #expect(Array(ids.dropFirst()) == ["b2", "b3", "b4"])

        // The same message gets the same id in another merge (so the next merge finds it again).
        let alone = try merge([("a.json", Self.positional)])
        #expect(alone.messages.allSatisfy { Self.isContentID($0.id) })
        #expect(alone.messages.first?.id == ids[0])
        #expect(Set(alone.messages.map(\.id)).count == 3)
        let archive = NativeLogWriter.string(alone)
        let again = try ArchiveMerger.merge(
            [
                MergeSource(name: "archive.jsonl", transcript: try ArchiveTesting.read(archive), isArchive: true),
                MergeSource(name: "a.json", transcript: try Transcript.load(bytes: Array(Self.positional.utf8))),
            ], asOne: true)
        #expect(NativeLogWriter.string(again[0].transcript) == archive)
    }

    @Test("Ids that are not m1, m2, … in order are the export's own and are kept")
    func ownIDsKept() throws {
        let text = Self.positional.replacingOccurrences(of: "\"m2\"", with: "\"m7\"")
        let merged = try merge([("a.json", text)])
        #expect(merged.messages.map(\.id) == ["m1", "m7", "m3"])
    }

    @Test("Two equal messages of one minute get two ids")
    func repeatedMessages() throws {
        let text = """
            {"version": 1, "messages": [
              {"sender": "ben", "time": "2026-03-01T10:01:00Z", "text": "ok"},
              {"sender": "ben", "time": "2026-03-01T10:01:30Z", "text": "ok"}
            ]}
            """
        let ids = try merge([("a.json", text)]).messages.map(\.id)
        #expect(ids.count == 2 && Set(ids).count == 2 && ids.allSatisfy(Self.isContentID))
    }

    /// `h` and 14 hex digits, maybe with a `-N` suffix.
    static func isContentID(_ id: String) -> Bool {
        id.wholeMatch(of: /h[0-9a-f]{14}(-[0-9]+)?/) != nil
    }

    private func merge(_ inputs: [(name: String, text: String)]) throws -> Transcript {
        let sources = try inputs.map { input in
            MergeSource(
                name: input.name, transcript: try Transcript.load(bytes: Array(input.text.utf8), name: input.name))
        }
        return try #require(try ArchiveMerger.merge(sources, asOne: true).first).transcript
    }
}
