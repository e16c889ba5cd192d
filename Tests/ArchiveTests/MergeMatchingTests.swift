import Foundation
import Scrollback
import Testing

@Suite("Merging exports: which message an edit is")
struct MergeMatchingTests {
    @Test("An edit is not matched to a message whose text the newer export still holds unchanged")
    func heldTextIsNotEdited() throws {
        // Two "ok" of one sender and minute; the newer export holds one "ok" and an edited text.
        let older = """
            {"version": 1, "messages": [
              {"sender": "ben", "time": "2026-03-01T10:00:05Z", "text": "ok"},
              {"sender": "ben", "time": "2026-03-01T10:00:40Z", "text": "ok"},
              {"sender": "ana", "time": "2026-03-01T10:05:00Z", "text": "fine"}
            ]}
            """
        let newer = """
            {"version": 1, "messages": [
              {"sender": "ben", "time": "2026-03-01T10:00:05Z", "text": "ok"},
              {"sender": "ben", "time": "2026-03-01T10:00:40Z", "text": "okay then", "edited": "2026-03-01T10:01:00Z"},
              {"sender": "ana", "time": "2026-03-01T10:05:00Z", "text": "fine"},
              {"sender": "ana", "time": "2026-03-01T10:06:00Z", "text": "later"}
            ]}
            """
        let sources = try [older, newer].enumerated().map { number, text in
            MergeSource(name: "e\(number).json", transcript: try Transcript.load(bytes: Array(text.utf8)))
        }
        let merged = try #require(try ArchiveMerger.merge(sources, asOne: true).first).transcript
        // Which "ok" was edited cannot be told, so neither is taken for it: the edit is a message
        // of its own, and the "ok" the newer export lacks is kept and marked.
        #expect(merged.messages.map(\.text) == ["ok", "ok", "okay then", "fine", "later"])
        #expect(merged.messages.map(\.missingFromLatestExport) == [false, true, false, false, false])
        #expect(merged.messages.allSatisfy { $0.revisions.isEmpty })
    }

    @Test("An edit of a message whose text the newer export no longer holds is found by sender and time")
    func editFound() throws {
        let older = """
            {"version": 1, "messages": [
              {"sender": "ben", "time": "2026-03-01T10:00:05Z", "text": "ok"},
              {"sender": "ben", "time": "2026-03-01T10:00:40Z", "text": "see you at 8"}
            ]}
            """
        let newer = older.replacingOccurrences(
            of: "\"text\": \"see you at 8\"", with: "\"text\": \"see you at 9\", \"edited\": \"2026-03-01T10:02:00Z\"")
        let sources = try [older, newer].enumerated().map { number, text in
            MergeSource(name: "e\(number).json", transcript: try Transcript.load(bytes: Array(text.utf8)))
        }
        let merged = try #require(try ArchiveMerger.merge(sources, asOne: true).first).transcript
        #expect(merged.messages.map(\.text) == ["ok", "see you at 9"])
        #expect(merged.messages[1].revisions.map(\.text) == ["see you at 8"])
    }
}
