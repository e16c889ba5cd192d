import ScrollbackModel

/// Line starts of a file, found once, so each message's location is a binary search
/// rather than a scan from the top (which makes big exports quadratic).
struct LineIndex {
    let file: String
    private let bytes: [UInt8]
    private let starts: [Int]
    /// The last column found: readers ask in file order, so a long line (a minified export is one
    /// line) is counted once, not again from its start for every message on it.
    private let last = LastColumn()

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        self.starts = starts
    }

    /// `file:line:column` of a byte offset, the column counted in characters as `ChatInput` does.
    func location(ofByte offset: Int) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= end { low = middle } else { high = middle - 1 }
        }
        var from = starts[low]
        var column = 1
        if last.line == low, last.offset <= end {
            from = last.offset
            column = last.column
        }
        for byte in bytes[from..<end] where byte & 0xC0 != 0x80 { column += 1 }
        (last.line, last.offset, last.column) = (low, end, column)
        return SourceLocation(file: file, line: low + 1, column: column)
    }
}

/// Where the previous look-up ended (one reader uses an index at a time).
private final class LastColumn {
    var line = -1
    var offset = 0
    var column = 1
}
