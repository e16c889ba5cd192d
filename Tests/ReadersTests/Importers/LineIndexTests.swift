import Testing

@testable import ScrollbackReaders

@Suite("Line index")
struct LineIndexTests {
    @Test("Columns on one long line are right whether asked in order, backwards or across lines")
    func columns() {
        let text = "{\"a\": \"é\", \"b\": 1, \"c\": 2}\n  [3]"
        let index = LineIndex(file: "x.json", bytes: InputBytes(Array(text.utf8)))
        let offsets = [0, 12, 18, 5, 27, 30, 12]
        let found = offsets.map { index.location(ofByte: $0) }.map { "\($0.line ?? 0):\($0.column ?? 0)" }
        // Byte 12 is after the two-byte "é": character column 12, not 13.
        #expect(found == ["1:1", "1:12", "1:18", "1:6", "1:27", "2:3", "1:12"])
    }

    @Test(
        "Every look-up, in any order, names the line and character column counted from the line's start",
        arguments: [
            ("BOM", "\u{FEFF}{\"a\": [1, 2, 3], \"b\": \"x\"}"),
            ("CRLF", "{\r\n  \"a\": 1,\r\n  \"b\": [\"é\", \"ü\"]\r\n}\r\n"),
            ("multi-byte", "[\"日本語\", \"🙂🙂\", \"e\u{301}\", \"ß\"]\n[\"👩‍👩‍👧\", 1]"),
        ])
    func sameAsCountingFromTheLineStart(label: String, text: String) {
        let bytes = Array(text.utf8)
        let index = LineIndex(file: "x.json", bytes: InputBytes(bytes))
        // Forwards, backwards by small and large steps, repeated, and across lines.
        var offsets = Array(0...bytes.count)
        offsets += offsets.reversed()
        offsets += stride(from: 0, through: bytes.count, by: 3).flatMap { [$0, max($0 - 5, 0), $0 + 1] }
        for offset in offsets {
            let found = index.location(ofByte: offset)
            let expected = Self.counted(bytes, to: min(offset, bytes.count))
            #expect(found.line == expected.line && found.column == expected.column, "offset \(offset) in \(label)")
        }
    }

    /// The line and column of `offset` found the slow way: every byte from the top of the file,
    /// after a byte order mark (not a column anyone can see, as every reader counts).
    private static func counted(_ bytes: [UInt8], to offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for byte in bytes[min(start, offset)..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
