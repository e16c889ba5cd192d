import ScrollbackModel
import ScrollbackReaders
import Testing

@Suite("Format detection")
struct FormatDetectionTests {
    static func detect(_ text: String, name: String = "input") throws -> InputFormat {
        try Readers.detect(ChatInput(name: name, bytes: Array(text.utf8)))
    }

    @Test(
        "Each native format is recognised by content, whatever the file is called",
        arguments: [
            ("{\n  \"version\": 1,\n  \"messages\": []\n}", InputFormat.scrollback),
            (#"{"title": "x", "messages": [{"sender": "a", "time": "2026-01-01T00:00:00Z"}]}"#, .scrollback),
            ("\u{FEFF}  {\"messages\" : [ {\"time\": \"2026-01-01T00:00:00Z\", \"kind\": \"system\"} ]}", .scrollback),
            (
                "{\"sender\": \"a\", \"time\": \"2026-01-01T00:00:00Z\"}\n{\"id\": \"m1\", \"status\": \"read\"}\n",
                .jsonl
            ),
            ("{\"type\": \"conversation\", \"title\": \"T\", \"messages\": 3}\n{\"sender\": \"a\"}", .jsonl),
            ("{\"sender\": \"a\", \"time\": \"2026-01-01T00:00:00Z\", \"text\": \"one\"}", .jsonl),
            ("\u{FEFF}{\"type\": \"conversation\"}\r\n", .jsonl),
            ("---\ntitle: T\n---\n\n### Ana · 2026-11-28 09:14\nHi", .markdown),
            ("# Notes\n\nintro\n\n### Ana | 2026-11-28 09:14 {#a}\nHi", .markdown),
            ("## User\nHi\n\n## Assistant\nHello", .markdown),
            ("Some text\n\n## assistant:\nHello", .markdown),
            ("### Ana · 2026-13-45 09:14\nHi", .markdown),
        ])
    func detects(_ text: String, _ format: InputFormat) throws {
        #expect(try Self.detect(text, name: "stdin") == format)
    }

    @Test(
        "Other exports with messages, and other text, are claimed by none of the three",
        arguments: [
            #"{"name": "Chat", "type": "personal_chat", "messages": [{"id": 1, "from": "A", "date": "2024-01-01T10:00:00"}]}"#,
            #"{"guild": {}, "channel": {}, "messages": [{"id": "1", "timestamp": "2024-01-01T10:00:00+00:00", "author": {}}]}"#,
            "[{\"title\": \"chat\", \"mapping\": {}}]",
            "# Just notes\n\n### Section · part two\n\n## Users\n",
            "12/31/23, 9:14 PM - Ana: Hi",
        ])
    func rejects(_ text: String) {
        let input = ChatInput(name: "other", bytes: Array(text.utf8))
        for format in [InputFormat.scrollback, .jsonl, .markdown] {
            #expect(Readers.reader(for: format)?.sniff(input) == false, "claimed as \(format)")
        }
    }

    @Test("An empty input is reported as empty, not as an unknown format")
    func empty() {
        #expect(throws: ReadError(location: SourceLocation(file: "x", line: 1, column: 1), problem: .empty)) {
            try Self.detect(" \n", name: "x")
        }
    }

    @Test("The built-in formats are tried native JSON, JSON Lines, Markdown log, in that order")
    func order() {
        let formats = Readers.all.map(\.format)
        let native = formats.filter { [.scrollback, .jsonl, .markdown].contains($0) }
        #expect(native == [.scrollback, .jsonl, .markdown])
    }
}
