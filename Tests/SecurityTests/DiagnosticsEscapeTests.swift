import Foundation
import ScrollbackCLI
import TestSupport
import Testing

/// Errors and warnings quote the input; what they quote never acts on the user's terminal.
@Suite("Control characters in diagnostics")
struct DiagnosticsEscapeTests {
    static let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2J\u{1B}[31mred\r\nscrollback: error: forged\u{202E}txt.exe\u{9B}"

    @Test("A warning quoting a hostile id shows its control characters as pictures")
    func warningIsInert() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = Hostile.nativeLog([
            Hostile.message(id: Self.hostile, text: "one"),
            Hostile.message(id: Self.hostile, time: "2026-11-28T09:15:00Z", text: "two"),
        ])
        let path = try folder.write("dup.json", log)
        let result = CLIRunner.run(["render", path, "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("␛]0;owned␇␛[2J␛[31mred␍␊scrollback: error: forged⟨U+202E⟩txt.exe⟨U+009B⟩"))
        Self.expectInert(result.stderr)
    }

    @Test("An error quoting a hostile value stays one inert line")
    func errorIsInert() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = Hostile.nativeLog([
            #"{"id": "m1", "sender": "a", "time": \#(Hostile.json(Self.hostile)), "text": "x"}"#
        ])
        let path = try folder.write("bad.json", log)
        let result = CLIRunner.run(["render", path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("scrollback: error: \(path):"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        Self.expectInert(result.stderr)
    }

    @Test("A hostile input file name is shown inert")
    func fileNameIsInert() throws {
        let result = CLIRunner.run(["render", "missing\u{1B}[31m\n.json"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("missing␛[31m␊.json"))
        Self.expectInert(result.stderr)
    }

    static func expectInert(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let bad = text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
        #expect(
            bad.isEmpty, "raw control characters: \(bad.map { String($0.value, radix: 16) })",
            sourceLocation: sourceLocation)
    }
}
