import ScrollbackModel

/// Turns byte offsets into `file:line:column`, walking forward from the last answer.
///
/// Readers ask for the location of every message, in input order; starting each
/// count from the top of the file would make a large log quadratic to read.
struct LocationCursor {
    private let name: String
    private let bytes: [UInt8]
    private let firstLine: Int
    private var offset = 0
    private var line: Int
    private var column = 1

    /// A cursor over `bytes`, whose first byte is on line `firstLine` of the file `name`.
    init(name: String, bytes: [UInt8], firstLine: Int = 1) {
        self.name = name
        self.bytes = bytes
        self.firstLine = firstLine
        self.line = firstLine
        reset()
    }

    /// Back to the start; a byte order mark is not a column anyone can see.
    private mutating func reset() {
        offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        line = firstLine
        column = 1
    }

    /// The location of the byte at `target` (columns count characters, not bytes).
    mutating func location(of target: Int) -> SourceLocation {
        if target < offset { reset() }
        let end = min(target, bytes.count)
        guard offset < end else { return SourceLocation(file: name, line: line, column: column) }
        // Over the buffer without bounds checks: every message of a log asks.
        var (line, column) = (self.line, self.column)
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer[offset..<end] {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
        }
        (self.line, self.column, offset) = (line, column, end)
        return SourceLocation(file: name, line: line, column: column)
    }

    /// The location of `target` without moving a cursor: for errors, which happen once.
    static func locate(_ target: Int, in bytes: [UInt8], name: String, firstLine: Int = 1) -> SourceLocation {
        var cursor = LocationCursor(name: name, bytes: bytes, firstLine: firstLine)
        return cursor.location(of: target)
    }
}
