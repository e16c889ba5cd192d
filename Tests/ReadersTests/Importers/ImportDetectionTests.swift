import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

@Suite("Import format detection")
struct ImportDetectionTests {
    static let samples: [(InputFormat, String)] = [
        (.whatsapp, "[13/02/2024, 9:05:01 AM] Ana: Morning!\n[13/02/2024, 9:06:12 AM] Ben: Hi\n"),
        (.whatsapp, "12/9/20, 23:55 - Alice created group \"x\"\n12/9/20, 23:55 - Bob: hello\n"),
        (
            .telegram,
            #"{"name": "Ben", "type": "personal_chat", "id": 1, "messages": [{"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "from": "A", "text": "hi"}]}"#
        ),
        (
            .telegram,
            #"{"chats": {"list": [{"name": "x", "messages": [{"type":"message", "date_unixtime": "1", "from": "A", "text": "t"}]}]}}"#
        ),
        (.discord, #"{"guild": {"id": "1", "name": "G"}, "channel": {"id": "2", "name": "c"}, "messages": []}"#),
        (
            .chatgpt,
            #"[{"title": "t", "current_node": "a", "mapping": {"a": {"id": "a", "parent": null, "children": []}}}]"#
        ),
        (.slack, #"[{"type": "message", "user": "U1", "text": "hi", "ts": "1709280000.000100"}]"#),
        (.messenger, #"{"messages": [{"sender_name": "Ana", "timestamp_ms": 1700000000000, "content": "hi"}]}"#),
        (
            .claudeCode,
            #"{"type":"user","timestamp":"2025-01-01T00:00:00Z","sessionId":"s","message":{"role":"user","content":"hi"}}"#
                + "\n"
                + #"{"type":"assistant","timestamp":"2025-01-01T00:00:01Z","sessionId":"s","message":{"role":"assistant","content":"yo"}}"#
        ),
    ]

    @Test("Each import format is recognised by its content, whatever the file is called", arguments: 0..<9)
    func detects(_ index: Int) throws {
        let (format, text) = Self.samples[index]
        let input = ChatInput(name: "input.data", bytes: Array(text.utf8))
        #expect(try Readers.detect(input) == format)
    }

    @Test("Native logs are still read as native, not taken for an import")
    func nativeStaysNative() throws {
        let bytes = try [UInt8](Data(contentsOf: Fixtures.example("weekend-plans.json")))
        #expect(try Readers.detect(ChatInput(name: "w.json", bytes: bytes)) == .scrollback)
        let jsonl =
            #"{"type": "conversation", "title": "t"}"# + "\n"
            + #"{"id": "m1", "sender": "a", "time": "2026-01-01T10:00:00Z", "text": "hi"}"#
        #expect(try Readers.detect(ChatInput(name: "x", bytes: Array(jsonl.utf8))) == .jsonl)
    }

    @Test("An unrecognised file's error lists every format that was tried")
    func unrecognised() {
        let input = ChatInput(name: "notes.txt", bytes: Array("just some notes\nnothing else\n".utf8))
        #expect {
            try Readers.detect(input)
        } throws: { error in
            let message = (error as? ReadError)?.description ?? ""
            return ["telegram", "whatsapp", "slack", "discord", "chatgpt", "scrollback"].allSatisfy {
                message.contains($0)
            } && message.hasPrefix("notes.txt: ")
        }
    }

    @Test("Every import format is listed with a one-line summary for `scrollback formats`")
    func summaries() {
        for format in [InputFormat.telegram, .whatsapp, .slack, .discord, .chatgpt, .messenger, .claudeCode] {
            let reader = Readers.reader(for: format)
            #expect(reader != nil)
            #expect(reader.map { !$0.summary.isEmpty && !$0.summary.contains("\n") } ?? false)
        }
    }

    @Test("A zip that is neither a WhatsApp nor a Slack export is not claimed by either")
    func otherZip() {
        let input = ChatInput(name: "x.zip", bytes: StoredZip.make([("readme.md", "# hello")]))
        #expect(throws: ReadError.self) { try Readers.detect(input) }
    }
}
