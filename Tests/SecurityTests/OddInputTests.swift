import Foundation
import Scrollback
import Testing

/// Odd but valid input: each reads and renders, or fails with a clear error.
@Suite("Odd but valid input")
struct OddInputTests {
    @Test("Two messages with one id are both kept in order; the reader warns about the second")
    func duplicateIDs() throws {
        let log = Hostile.nativeLog([
            Hostile.message(id: "a", text: "first"),
            Hostile.message(id: "a", sender: "ana", time: "2026-11-28T09:15:00Z", text: "second"),
        ])
        let result = try Readers.read(ChatInput(name: "dup.json", bytes: Array(log.utf8)))
        #expect(result.conversations[0].messages.map(\.text) == ["first", "second"])
        #expect(result.report.warnings.count == 1)
        #expect(result.report.warnings[0].text.contains("message 2 has the id \"a\" of message 1"))
        let layout = try LayoutEngine.layout(result.conversations[0])
        #expect(layout.days.flatMap(\.chains).flatMap(\.bubbles).map(\.message.text) == ["first", "second"])
        #expect(layout.days.flatMap(\.chains).flatMap(\.bubbles).map(\.repeatNumber) == [0, 1])
        // In HTML every element id is unique: the repeat gets `msg-a~2`; links reach the first.
        let html = try result.conversations[0].render(.html)
        let first = try #require(html.range(of: "id=\"msg-a\""))
        #expect(html.components(separatedBy: "id=\"msg-a\"").count == 2)
        #expect(html.range(of: ">first<")!.lowerBound > first.lowerBound)
        let repeated = try #require(html.range(of: "id=\"msg-a~2\""))
        #expect(html[repeated.upperBound...].contains(">second<"))
        #expect(!html[first.upperBound..<repeated.lowerBound].contains(">second<"))
    }

    @Test("Three messages with one id, a system one among them, get three different anchors")
    func tripleIDs() throws {
        let log = Hostile.nativeLog([
            Hostile.message(id: "x", text: "one"),
            #"{"id": "x", "kind": "system", "time": "2026-11-28T09:15:00Z", "text": "two"}"#,
            Hostile.message(id: "x", sender: "ana", time: "2026-11-28T09:16:00Z", text: "three"),
        ])
        let transcript = try Transcript.load(bytes: Array(log.utf8), name: "dup.json")
        let html = try transcript.render(.html)
        for anchor in ["msg-x", "msg-x~2", "msg-x~3"] {
            #expect(html.components(separatedBy: "id=\"\(anchor)\"").count == 2, "\(anchor)")
        }
    }

    @Test("In JSON Lines a repeated id updates the earlier message instead of adding one")
    func jsonLinesUpdates() throws {
        let lines = """
            {"id": "m1", "sender": "ana", "time": "2026-11-28T09:14:00Z", "text": "hi", "status": "sending"}
            {"id": "m1", "status": "read"}

            """
        let transcript = try Hostile.load(lines, name: "dup.jsonl", format: .jsonl)
        #expect(transcript.messages.count == 1)
        #expect(transcript.messages[0].status == .read)
        #expect(transcript.messages[0].text == "hi")
    }

    @Test("A reply to an id that does not exist renders without a quote target")
    func replyToMissingID() throws {
        let log = Hostile.nativeLog([
            #"{"id": "m1", "sender": "ben", "time": "2026-11-28T09:14:00Z", "text": "hi", "replyTo": "gone"}"#
        ])
        let layout = try LayoutEngine.layout(try Hostile.load(log))
        let reply = try #require(layout.days.first?.chains.first?.bubbles.first?.reply)
        #expect(reply.id == "gone")
        #expect(reply.found == false)
        #expect(try Hostile.load(log).render(.html).contains("a message that is not in this export"))
        #expect(try Hostile.load(log).render(.text).contains("a message that is not in this export"))
        #expect(!(try Hostile.load(log).render(.html)).contains("#msg-gone"))
    }

    @Test(
        "Times from 1970 to 2100 land on their own calendar days",
        arguments: [
            ("1970-01-01T00:00:00Z", "1970-01-01"), ("1969-12-31T23:59:59Z", "1969-12-31"),
            ("2100-12-31T23:59:59Z", "2100-12-31"), ("2100-02-28T12:00:00Z", "2100-02-28"),
        ])
    func extremeYears(time: String, day: String) throws {
        let layout = try LayoutEngine.layout(
            try Hostile.load(Hostile.nativeLog([Hostile.message(id: "m1", time: time, text: "x")])))
        #expect(layout.days.map(\.date.description) == [day])
    }

    @Test(
        "Offsets of +05:45 and +13:45 are read exactly, and days follow the chosen zone",
        arguments: [
            ("2026-11-28T00:10:00+05:45", "UTC", "2026-11-27"),
            ("2026-11-28T00:10:00+05:45", "Asia/Kathmandu", "2026-11-28"),
            ("2026-11-28T00:10:00+13:45", "UTC", "2026-11-27"),
            ("2026-11-28T00:10:00+13:45", "Pacific/Chatham", "2026-11-28"),
            ("2026-11-27T10:20:00Z", "Pacific/Chatham", "2026-11-28"),
        ])
    func oddOffsets(time: String, zone: String, day: String) throws {
        let transcript = try Hostile.load(Hostile.nativeLog([Hostile.message(id: "m1", time: time, text: "x")]))
        let layout = try LayoutEngine.layout(transcript, options: LayoutOptions(timeZone: Zone(identifier: zone)))
        #expect(layout.days.map(\.date.description) == [day])
    }

    @Test("An offset keeps its minutes: +05:45 is 5 h 45 min ahead of UTC")
    func offsetMinutes() throws {
        let kathmandu = try #require(Timestamp(rfc3339: "2026-11-28T05:45:00+05:45"))
        let chatham = try #require(Timestamp(rfc3339: "2026-11-28T13:45:00+13:45"))
        let utc = try #require(Timestamp(rfc3339: "2026-11-28T00:00:00Z"))
        #expect(kathmandu.seconds == utc.seconds)
        #expect(chatham.seconds == utc.seconds)
    }

    @Test("A UTF-8 byte order mark is skipped by every text reader")
    func byteOrderMark() throws {
        let bom = "\u{FEFF}"
        let native = try Hostile.load(bom + Hostile.nativeLog([Hostile.message(id: "m1", text: "hi")]))
        #expect(native.messages.map(\.text) == ["hi"])
        let lines = try Hostile.load(
            bom + #"{"id": "m1", "sender": "a", "time": "2026-11-28T09:14:00Z", "text": "hi"}"# + "\n", name: "a.jsonl")
        #expect(lines.messages.map(\.text) == ["hi"])
        let markdown = try Hostile.load(bom + "### ana · 2026-11-28 09:14\nhi\n", name: "a.md")
        #expect(markdown.messages.map(\.text) == ["hi"])
        let whatsapp = try Hostile.load(bom + "11/28/26, 09:14 - Ana: hi\n", name: "a.txt", format: .whatsapp)
        #expect(whatsapp.messages.map(\.text) == ["hi"])
    }

    @Test("CRLF line endings read the same as LF in every line-based reader")
    func crlf() throws {
        let jsonl =
            #"{"id": "m1", "sender": "a", "time": "2026-11-28T09:14:00Z", "text": "hi"}"# + "\n"
            + #"{"id": "m2", "sender": "b", "time": "2026-11-28T09:15:00Z", "text": "yo"}"# + "\n"
        let markdown =
            "---\ntitle: T\nme: ana\n---\n\n### ana · 2026-11-28 09:14\nhi\nthere\n\n### ben · 2026-11-28 09:15\nyo\n"
        let whatsapp = "11/28/26, 09:14 - Ana: hi\nthere\n11/28/26, 09:15 - Ben: yo\n"
        for (text, name, format) in [
            (jsonl, "a.jsonl", InputFormat.jsonl), (markdown, "a.md", .markdown), (whatsapp, "a.txt", .whatsapp),
        ] {
            let unix = try Hostile.load(text, name: name, format: format)
            let windows = try Hostile.load(
                text.replacingOccurrences(of: "\n", with: "\r\n"), name: name, format: format)
            #expect(windows.messages.map(\.text) == unix.messages.map(\.text), "\(name)")
            #expect(windows.title == unix.title)
            #expect(!windows.messages.contains { $0.text.contains("\r") }, "\(name)")
        }
    }

    @Test("A NUL escaped in JSON is kept as data and never reaches an output raw")
    func escapedNUL() throws {
        let transcript = try Hostile.load(Hostile.nativeLog([Hostile.message(id: "m1", text: "a\u{0}b")]))
        #expect(transcript.messages[0].text == "a\u{0}b")
        for format in [OutputFormat.html, .text, .ansi] {
            #expect(!(try transcript.render(format)).unicodeScalars.contains("\u{0}"), "\(format)")
        }
        #expect(try transcript.render(.json).contains(#"a\u0000b"#))
    }
}

@Suite("Odd dates")
struct OddDateTests {
    @Test(
        "Days before the Gregorian reform are labelled as the proleptic Gregorian days their permalinks name",
        arguments: [
            ("1500-03-01T12:00:00Z", "1500-03-01", "Thursday, March 1, 1500"),
            ("0001-01-01T12:00:00Z", "0001-01-01", "Monday, January 1, 1"),
            ("1582-10-10T12:00:00Z", "1582-10-10", "Sunday, October 10, 1582"),
            ("1970-01-01T00:00:00Z", "1970-01-01", "Thursday, January 1, 1970"),
            ("2100-12-31T23:59:59Z", "2100-12-31", "Friday, December 31, 2100"),
        ])
    func labelsMatchDates(time: String, date: String, label: String) throws {
        let layout = try LayoutEngine.layout(
            try Hostile.load(Hostile.nativeLog([Hostile.message(id: "m1", time: time, text: "x")])))
        #expect(layout.days.map(\.date.description) == [date])
        #expect(layout.days.map(\.label) == [label])
    }
}
