import Foundation
import Scrollback
import TestSupport
import Testing

/// Odd files on the command line: each renders (exit 0) or fails with one clear line (exit 1).
@Suite("Odd files on the command line")
struct OddInputCLITests {
    /// Runs `render FILE -o OUT --format json` on `bytes`; the result's `stdout` is what was written to OUT.
    func render(_ name: String, _ bytes: [UInt8], format: String = "json") throws -> CLIRunner.Result {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write(name, bytes: bytes)
        var result = CLIRunner.run(["render", path, "-o", folder.path("out"), "--format", format])
        if let written = FileManager.default.contents(atPath: folder.path("out")) {
            result.stdout = String(decoding: written, as: UTF8.self)
        }
        return result
    }

    @Test("A 0-byte file is an empty input at 1:1", arguments: ["chat.json", "chat.jsonl", "chat.md", "chat.txt"])
    func emptyFile(name: String) throws {
        let result = try render(name, [])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("scrollback: error: "))
        #expect(result.stderr.hasSuffix("/\(name):1:1: the input is empty.\n"))
        #expect(result.stdout.isEmpty)
    }

    @Test("A file of only white space is an empty input", arguments: ["chat.json", "chat.md"])
    func whitespaceFile(name: String) throws {
        let result = try render(name, Array(" \n\t\r\n  \n".utf8))
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix(":1:1: the input is empty.\n"))
    }

    @Test("A raw NUL byte inside a JSON string is an error that points at it")
    func rawNULInJSON() throws {
        let text = #"{"version": 1, "messages": [{"sender": "a", "time": "2026-11-28T09:14:00Z", "text": "a"#
        let result = try render("nul.json", Array(text.utf8) + [0] + Array(#"b"}]}"#.utf8))
        #expect(result.status == 1)
        #expect(result.stderr.contains("nul.json:1:\(text.utf8.count + 1): invalid JSON"))
        #expect(result.stderr.components(separatedBy: "\n").count == 2)
    }

    @Test("A NUL byte in a Markdown log's text renders, shown as a control picture in text output")
    func nulInMarkdownLog() throws {
        let result = try render(
            "nul.md", Array("### ana · 2026-11-28 09:14\na".utf8) + [0] + Array("b\n".utf8), format: "text")
        #expect(result.status == 0)
        #expect(result.stdout.contains("a␀b"))
        #expect(!result.stdout.unicodeScalars.contains("\u{0}"))
    }

    @Test("Invalid UTF-8 is a clear error, not a crash")
    func invalidUTF8() throws {
        let result = try render(
            "bad.json", Array(#"{"version": 1, "messages": [{"text": ""#.utf8) + [0xC3, 0x28] + Array(#""}]}"#.utf8))
        #expect(result.status == 1)
        #expect(result.stderr.contains("the text is not valid UTF-8."))
    }

    @Test("Two messages with one id render, with a warning naming the second")
    func duplicateIDsWarn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = Hostile.nativeLog([
            Hostile.message(id: "a", text: "first"),
            Hostile.message(id: "a", time: "2026-11-28T09:15:00Z", text: "second"),
        ])
        let path = try folder.write("dup.json", log)
        let result = CLIRunner.run(["render", path, "-o", folder.path("out.json")])
        #expect(result.status == 0)
        #expect(result.stderr.contains("scrollback: warning: "))
        #expect(result.stderr.contains("message 2 has the id \"a\" of message 1"))
        let output = try String(contentsOfFile: folder.path("out.json"), encoding: .utf8)
        #expect(output.contains("\"text\" : \"first\""))
        #expect(output.contains("\"text\" : \"second\""))
    }

    @Test("A time zone name is never a path: one that climbs out of the zone database is refused")
    func timeZoneNameIsNoPath() throws {
        let log = Hostile.nativeLog(
            [Hostile.message(id: "m1", text: "x")], header: #""timeZone": "../../../../etc/passwd""#)
        let result = try render("tz.json", Array(log.utf8))
        #expect(result.status == 1)
        #expect(result.stderr.contains("\"../../../../etc/passwd\" is not a known time zone"))
    }
}
