import ScrollbackModel
import ScrollbackReaders
import Testing

@Suite("JSON Lines")
struct JSONLinesTests {
    @Test("An optimistic send in three lines is one message with the last status")
    func optimisticSend() throws {
        let log = try transcript(
            """
            {"id": "x", "sender": "ana", "time": "2026-11-28T09:00:00Z", "text": "On my way", "status": "sending"}
            {"id": "x", "status": "sent"}
            {"id": "x", "status": "read"}
            """, name: "chat.jsonl")
        #expect(log.messages.count == 1)
        #expect(log.messages[0].status == .read)
        #expect(log.messages[0].text == "On my way")
        #expect(log.messages[0].sender == "ana")
        #expect(log.messages[0].time == Timestamp(rfc3339: "2026-11-28T09:00:00Z"))
    }

    @Test("An update replaces the fields it has, keeps the others, and null clears one")
    func updateSemantics() throws {
        let log = try transcript(
            """
            {"id": "a", "sender": "ana", "time": "2026-11-28T09:00:00Z", "text": "Hi", "replyTo": "z", "reactions": [{"emoji": "👍", "by": ["ben"]}]}
            {"id": "b", "sender": "ben", "time": "2026-11-28T09:01:00Z", "text": "Hello"}
            {"id": "a", "text": "Hi there", "edited": "2026-11-28T09:05:00Z", "replyTo": null}
            {"id": "a", "reactions": [], "attachments": [{"path": "p.jpg"}]}
            {"id": "b", "deleted": true, "text": ""}
            """, name: "chat.jsonl")
        #expect(log.messages.map(\.id) == ["a", "b"])
        let a = log.messages[0]
        #expect(a.text == "Hi there" && a.replyTo == nil && a.reactions.isEmpty)
        #expect(a.edited == Timestamp(rfc3339: "2026-11-28T09:05:00Z"))
        #expect(a.attachments == [Attachment(path: "p.jpg")])
        #expect(a.time == Timestamp(rfc3339: "2026-11-28T09:00:00Z") && a.sender == "ana")
        #expect(log.messages[1].deleted && log.messages[1].text == "")
    }

    @Test("A conversation line carries title, me, time zone and participants")
    func headerLine() throws {
        let log = try transcript(
            """
            {"type": "conversation", "version": 1, "title": "Plans", "me": "ana", "timeZone": "Europe/Berlin", "participants": [{"id": "ana", "name": "Ana Lima"}]}
            {"type": "message", "id": "m1", "sender": "ben", "time": "2026-11-28T09:00:00+01:00", "text": "Hi"}
            """, name: "chat.jsonl")
        #expect(log.title == "Plans" && log.me == "ana" && log.timeZone == "Europe/Berlin")
        #expect(log.participants == [Participant(id: "ana", name: "Ana Lima"), Participant(id: "ben")])
        #expect(log.messages.count == 1)
    }

    @Test("Blank lines, CRLF line ends and a byte order mark are accepted")
    func lineEnds() throws {
        let text =
            "\u{FEFF}{\"sender\": \"a\", \"time\": \"2026-01-01T00:00:00Z\"}\r\n\r\n\n  \n"
            + "{\"sender\": \"b\", \"time\": \"2026-01-01T00:01:00Z\"}\r\n"
        let result = try read(text, name: "chat.jsonl")
        #expect(result.format == .jsonl)
        #expect(result.conversations[0].messages.map(\.id) == ["m1", "m2"])
        #expect(result.conversations[0].messages[1].location == SourceLocation(file: "chat.jsonl", line: 5, column: 1))
    }

    @Test("The decoder says what each line did, for a follower of a growing log")
    func decoderUpdates() throws {
        var decoder = JSONLinesDecoder(name: "-")
        #expect(
            try decoder.feed(line: Array(#"{"type": "conversation", "title": "T"}"#.utf8), lineNumber: 1) == .header)
        #expect(try decoder.feed(line: [], lineNumber: 2) == nil)
        let first = #"{"id": "x", "sender": "ana", "time": "2026-11-28T09:00:00Z", "status": "sending"}"#
        #expect(try decoder.feed(line: Array(first.utf8), lineNumber: 3) == .added(id: "x"))
        #expect(
            try decoder.feed(line: Array(#"{"id": "x", "status": "sent"}"#.utf8), lineNumber: 4) == .updated(id: "x"))
        #expect(
            try decoder.feed(line: Array(#"{"type": "typing", "sender": "ben"}"#.utf8), lineNumber: 5)
                == .typing(sender: "ben", time: nil, stop: false))
        #expect(
            try decoder.feed(line: Array(#"{"type": "receipt", "sender": "ben"}"#.utf8), lineNumber: 6)
                == .skipped(type: "receipt"))
        #expect(decoder.message(id: "x")?.status == .sent)
        #expect(decoder.transcript.title == "T")
        #expect(decoder.transcript.participants.map(\.id) == ["ana"])
    }

    @Test("Lines of other types are skipped and reported with their line")
    func skippedTypes() throws {
        let result = try read(
            """
            {"sender": "a", "time": "2026-01-01T00:00:00Z"}
            {"type": "receipt", "sender": "a"}
            """, name: "chat.jsonl")
        #expect(result.conversations[0].messages.count == 1)
        #expect(
            result.report.skipped.map(\.description) == [
                #"chat.jsonl:2:1: a line of type "receipt" (only "message", "conversation", "typing" and "presence" lines are read)"#
            ])
    }

    @Test("A new id still needs a time and a sender; an update does not")
    func newIDNeedsFields() {
        #expect(
            readError(
                """
                {"id": "a", "sender": "ana", "time": "2026-11-28T09:00:00Z"}
                {"id": "b", "status": "read"}
                """, name: "chat.jsonl") == #"chat.jsonl:2:1: message 2 (id "b") has no "time"."#)
    }
}
