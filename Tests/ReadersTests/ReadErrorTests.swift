import Foundation
import ScrollbackModel
import ScrollbackReaders
import TestSupport
import Testing

/// Every way reading can fail says where (file, line, column) and what, in one sentence.
@Suite("Read errors")
struct ReadErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var name: String
        var bytes: [UInt8]
        var format: InputFormat?
        var expected: String
        var testDescription: String { label }

        init(_ label: String, _ name: String, _ text: String, format: InputFormat? = nil, _ expected: String) {
            self.init(label, name, Array(text.utf8), format: format, expected)
        }

        init(_ label: String, _ name: String, _ bytes: [UInt8], format: InputFormat? = nil, _ expected: String) {
            self.label = label
            self.name = name
            self.bytes = bytes
            self.format = format
            self.expected = expected
        }
    }

    static let jsonCases: [Case] = [
        Case(
            "invalid JSON", "plans.json",
            "{\"version\": 1,\n  \"messages\": [\n    {\"sender\": \"a\", \"time\": \"2026-01-01T00:00:00Z\",}\n  ]\n}",
            #"plans.json:3:52: invalid JSON: Expected a quoted member name but found "}"."#),
        Case(
            "a newer version with messages this reader cannot decode", "plans.json",
            #"{"version": 9, "messages": [{"id": "x", "from": "a", "at": 1}]}"#,
            "plans.json:1:13: the log is version 9, but this Scrollback reads versions up to 1; a newer Scrollback is needed."
        ),
        Case(
            // Messages are decoded as they are parsed: the first bad message stops the read.
            "a bad message before broken JSON", "plans.json",
            "{\"version\": 1, \"messages\": [\n  {\"id\": \"x\", \"time\": \"2026-01-01T00:00:00Z\"},\n  {\"id\": \"y\",,}\n]}",
            #"plans.json:2:3: message 1 (id "x") has no "sender"."#),
        Case(
            "missing sender", "plans.json", #"{"messages": [{"id": "x", "time": "2026-01-01T00:00:00Z"}]}"#,
            #"plans.json:1:15: message 1 (id "x") has no "sender"."#),
        Case(
            "missing time", "plans.json", "{\"version\": 1, \"messages\": [\n  {\"sender\": \"ana\"}\n]}",
            #"plans.json:2:3: message 1 (id "m1") has no "time"."#),
        Case(
            "unreadable time", "plans.json",
            #"{"messages": [{"id": "x", "sender": "a", "time": "yesterday"}]}"#,
            #"plans.json:1:50: message 1 (id "x"): "time" is "yesterday", which is not an RFC 3339 time with an offset (like "2026-11-28T09:14:00+01:00")."#
        ),
        Case(
            "time without an offset", "plans.json",
            #"{"messages": [{"id": "x", "sender": "a", "time": "2026-11-28T09:14:00"}]}"#,
            #"plans.json:1:50: message 1 (id "x"): "time" is "2026-11-28T09:14:00", which is not an RFC 3339 time with an offset (like "2026-11-28T09:14:00+01:00")."#
        ),
        Case(
            "a newer version", "plans.json", #"{"version": 2, "messages": []}"#,
            "plans.json:1:13: the log is version 2, but this Scrollback reads versions up to 1; a newer Scrollback is needed."
        ),
        Case(
            "an unknown status", "plans.json",
            #"{"messages": [{"id": "x", "sender": "a", "time": "2026-01-01T00:00:00Z", "status": "seen"}]}"#,
            #"plans.json:1:84: message 1 (id "x"): "status" is "seen"; expected one of sending, sent, delivered, read, failed."#
        ),
        Case(
            "invalid UTF-8 in a string", "plans.json",
            Array(#"{"messages": [{"sender": "a", "time": "2026-01-01T00:00:00Z", "text": "ok "#.utf8) + [0xC3, 0x28]
                + Array("\"}]}".utf8),
            "plans.json:1:75: the text is not valid UTF-8."),
        Case(
            "invalid UTF-8 outside strings", "plans.json",
            Array("{\"version\": 1,\n  \"messages\": [] ".utf8) + [0xFF] + [0x7D],
            format: .scrollback, "plans.json:2:18: the text is not valid UTF-8."),
        Case(
            "a file nested 100,000 levels deep", "deep.json",
            #"{"version": 1, "messages": "# + String(repeating: "[", count: 100_000),
            "deep.json:1:539: invalid JSON: The JSON is nested more than 512 levels deep."),
        Case("an empty file", "empty.json", "", "empty.json:1:1: the input is empty."),
        Case(
            "an empty file read as JSON", "empty.json", "", format: .scrollback, "empty.json:1:1: the input is empty."),
        Case("white space only", "blank.jsonl", " \n\n", format: .jsonl, "blank.jsonl:1:1: the input is empty."),
        Case("an empty Markdown log", "empty.md", "", format: .markdown, "empty.md:1:1: the input is empty."),
    ]

    static let jsonLinesCases: [Case] = [
        Case(
            "a broken JSON Lines line", "chat.jsonl",
            "{\"id\": \"a\", \"sender\": \"ana\", \"time\": \"2026-11-28T09:00:00Z\"}\n{\"id\": \"b\", \"sender\": \"ben\" \"time\": \"x\"}\n",
            "chat.jsonl:2:29: invalid JSON: Expected \",\" or \"}\" in an object but found \"\"\"."),
        Case(
            "a JSON Lines message without a sender", "chat.jsonl",
            "{\"type\": \"conversation\", \"title\": \"T\"}\n\n{\"sender\": \"a\", \"time\": \"2026-11-28T09:00:00Z\"}\n   {\"id\": \"x\", \"time\": \"2026-11-28T09:00:00Z\"}",
            #"chat.jsonl:4:4: message 2 (id "x") has no "sender"."#),
        Case(
            "invalid UTF-8 on a JSON Lines line", "chat.jsonl",
            Array("{\"sender\": \"a\", \"time\": \"2026-11-28T09:00:00Z\"}\r\n{\"sender\": \"é".utf8) + [0xE9]
                + Array("\", \"time\": \"2026-11-28T09:00:00Z\"}\n".utf8),
            "chat.jsonl:2:14: the text is not valid UTF-8."),
        Case(
            "invalid UTF-8 between the values of a JSON Lines line", "chat.jsonl",
            Array("{\"sender\": \"a\", \"time\": \"2026-11-28T09:00:00Z\"}\n{\"sender\": \"a\", ".utf8) + [0xFF, 0x7D],
            "chat.jsonl:2:17: the text is not valid UTF-8."),
        Case(
            "a newer version in a JSON Lines header", "chat.jsonl",
            "{\"type\": \"conversation\", \"version\": 3}\n{\"sender\": \"a\", \"time\": \"2026-11-28T09:00:00Z\"}",
            "chat.jsonl:1:37: the log is version 3, but this Scrollback reads versions up to 1; a newer Scrollback is needed."
        ),
        Case(
            "a line that is not an object", "chat.jsonl",
            "{\"sender\": \"a\", \"time\": \"2026-11-28T09:00:00Z\"}\n[1, 2]\n", format: .jsonl,
            "chat.jsonl:2:1: a line should hold one JSON object, not an array."),
    ]

    static let markdownCases: [Case] = [
        Case(
            "a malformed time in a heading", "chat.md",
            "### Ana · 2026-11-28 09:00\nHi\n\n### Ana · 2026-11-31 09:00\nBye",
            "chat.md:4:11: message 2: the heading's time \"2026-11-31 09:00\" is not a date and time of the form YYYY-MM-DD HH:MM[:SS]."
        ),
        Case(
            "a time without minutes", "chat.md", "### Ana · 2026-11-28 9h {#hello}\nHi",
            "chat.md:1:11: message 1 (id \"hello\"): the heading's time \"2026-11-28 9h\" is not a date and time of the form YYYY-MM-DD HH:MM[:SS]."
        ),
        Case(
            "a heading without a sender", "chat.md", "### ana · 2026-11-28 09:00\nHi\n### · 2026-11-28 09:01\n",
            "chat.md:3:5: message 2: the message heading has no sender before the time."),
        Case(
            "an unknown status", "chat.md", "### Ana · 2026-11-28 09:00 {#a1 status=seen}\nHi",
            #"chat.md:1:33: message 1 (id "a1"): "status" is "seen"; expected one of sending, sent, delivered, read, failed."#
        ),
        Case(
            "a bad attribute", "chat.md", "# Log\n\n### Ana · 2026-11-28 09:00 {#a1 colour=red}\nHi",
            #"chat.md:3:33: message 1 (id "a1"): the heading attribute "colour=red" is not understood; use #ID, .system, .hidden, status=STATUS, reply=ID, edited, deleted or format=plain."#
        ),
        Case(
            "unterminated front matter", "chat.md", "---\ntitle: Plans\n\n### Ana · 2026-11-28 09:00\nHi\n",
            #"chat.md:1:1: the front matter that starts here is never closed by a "---" line."#),
        Case(
            "an unknown time zone in front matter", "chat.md",
            "---\ntitle: Plans\ntimezone: Mars/Olympus\n---\n### Ana · 2026-11-28 09:00\n",
            #"chat.md:3:11: "Mars/Olympus" is not a known time zone; use an IANA name like "Europe/Berlin" or "UTC"."#),
        Case(
            "a front matter line that is not key: value", "chat.md",
            "---\ntitle: Plans\njust words\n---\n### Ana · 2026-11-28 09:00\n",
            #"chat.md:3:1: the front matter line is not "key: value" ("just words")."#),
        Case(
            "invalid UTF-8 in a Markdown log", "chat.md",
            Array("### Ana · 2026-11-28 09:00\n\nCaf".utf8) + [0xC3] + Array(" au lait\n".utf8),
            "chat.md:3:4: the text is not valid UTF-8."),
        Case(
            "text with no message headings", "notes.md", "# Notes\n\nJust some text.\n", format: .markdown,
            ####"notes.md:3:1: no message headings were found; a message starts with a heading like "### Ana · 2026-11-28 09:14" or "## User"."####
        ),
    ]

    @Test("Native JSON errors name the place and the message", arguments: jsonCases)
    func json(_ item: Case) {
        #expect(readError(item.bytes, name: item.name, format: item.format) == item.expected)
    }

    @Test("JSON Lines errors name the real line and the column within it", arguments: jsonLinesCases)
    func jsonLines(_ item: Case) {
        #expect(readError(item.bytes, name: item.name, format: item.format) == item.expected)
    }

    @Test("Markdown log errors name the line and column", arguments: markdownCases)
    func markdown(_ item: Case) {
        #expect(readError(item.bytes, name: item.name, format: item.format) == item.expected)
    }

    @Test("A missing file is an error that names it")
    func missingFile() {
        let path = TestFolders.path("missing", suffix: ".json").path
        #expect(throws: ReadError(location: SourceLocation(file: path), problem: .fileNotFound)) {
            try ChatInput.load(path)
        }
        #expect(
            ReadError(location: SourceLocation(file: path), problem: .fileNotFound).description
                == "\(path): no such file or folder.")
    }
}
