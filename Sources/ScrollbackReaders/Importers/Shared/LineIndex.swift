import Foundation
import ScrollbackModel

/// Turns byte offsets of one file into `file:line:column`, counting on from the previous answer.
///
/// Readers ask in file order, so each look-up costs the bytes since the one before: a big
/// export stays linear, a long line (a minified export is one line) is counted once rather than
/// from its start for every message on it, and no table of line starts is held beside the file.
/// A step back counts back from the previous answer.
struct LineIndex {
    let file: String
    private let bytes: [UInt8]
    /// Where the previous look-up ended (one reader uses an index at a time).
    private let last = Place()

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    /// `file:line:column` of a byte offset, the column counted in characters as `ChatInput` does.
    func location(ofByte offset: Int) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        bytes.withUnsafeBufferPointer { buffer in
            if end >= last.offset {
                forward(to: end, in: buffer)
            } else {
                backward(to: end, in: buffer)
            }
        }
        return SourceLocation(file: file, line: last.line, column: last.column)
    }

    private func forward(to end: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        // Line breaks are found with `memchr`; characters are counted only after the last one.
        var line = last.line
        var lineStart: Int?
        var from = last.offset
        if let base = bytes.baseAddress {
            while from < end, let found = memchr(base + from, 0x0A, end - from) {
                line += 1
                from = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                lineStart = from
            }
        }
        let column =
            lineStart.map { 1 + Self.characters(in: bytes, $0..<end) }
            ?? last.column + Self.characters(in: bytes, last.offset..<end)
        (last.offset, last.line, last.column) = (end, line, column)
    }

    private func backward(to end: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var newlines = 0
        for index in end..<last.offset where bytes[index] == 0x0A { newlines += 1 }
        if newlines == 0 {
            // Back on the same line: uncount the characters between.
            last.column -= Self.characters(in: bytes, end..<last.offset)
        } else {
            var lineStart = end
            while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            last.line -= newlines
            last.column = 1 + Self.characters(in: bytes, lineStart..<end)
        }
        last.offset = end
    }

    /// Characters that start in `range`: every byte but UTF-8 continuation bytes.
    private static func characters(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        for index in range where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}

/// The previous answer of a `LineIndex`.
private final class Place {
    var offset = 0
    var line = 1
    var column = 1
}
