import Testing

@testable import ScrollbackReaders

@Suite("Line index")
struct LineIndexTests {
    @Test("Columns on one long line are right whether asked in order, backwards or across lines")
    func columns() {
        let text = "{\"a\": \"é\", \"b\": 1, \"c\": 2}\n  [3]"
        let index = LineIndex(file: "x.json", bytes: Array(text.utf8))
        let offsets = [0, 12, 18, 5, 27, 30, 12]
        let found = offsets.map { index.location(ofByte: $0) }.map { "\($0.line ?? 0):\($0.column ?? 0)" }
        // Byte 12 is after the two-byte "é": character column 12, not 13.
        #expect(found == ["1:1", "1:12", "1:18", "1:6", "1:27", "2:3", "1:12"])
    }
}
