import Foundation
import ScrollbackModel

/// Turns byte offsets into `file:line:column`, counting on from the last answer: the one
/// offset → line:column helper of every reader, the native ones and the imports (`LineIndex`).
///
/// Readers ask for the location of every message, in input order, so each look-up costs the
/// bytes since the one before: a big log stays linear, and a long line (a minified export is
/// one line) is counted once rather than from its start for every message on it. A step back
/// counts back from the last answer. Columns count characters, not bytes; a byte order mark is
/// not a column anyone can see.
package struct LocationCursor {
    private let name: String
    private let bytes: InputBytes
    private var count: Count

    /// A cursor over `bytes`, whose first byte is on line `firstLine` of the file `name`.
    init(name: String, bytes: InputBytes, firstLine: Int = 1) {
        self.name = name
        self.bytes = bytes
        count = bytes.withUnsafeBufferPointer { Count($0, firstLine: firstLine) }
    }

    /// The location of the byte at `target`.
    mutating func location(of target: Int) -> SourceLocation {
        bytes.withUnsafeBufferPointer { count.move(to: target, in: $0) }
        return SourceLocation(file: name, line: count.line, column: count.column)
    }

    /// The location of `target` without moving a cursor: for errors, which happen once.
    static func locate(_ target: Int, in bytes: InputBytes, name: String, firstLine: Int = 1) -> SourceLocation {
        bytes.withUnsafeBufferPointer { locate(target, in: $0, name: name, firstLine: firstLine) }
    }

    /// `locate` in an array's bytes (a line of a log, located once per message).
    package static func locate(_ target: Int, in bytes: [UInt8], name: String, firstLine: Int = 1) -> SourceLocation {
        bytes.withUnsafeBufferPointer { locate(target, in: $0, name: name, firstLine: firstLine) }
    }

    private static func locate(
        _ target: Int, in buffer: UnsafeBufferPointer<UInt8>, name: String, firstLine: Int
    ) -> SourceLocation {
        var count = Count(buffer, firstLine: firstLine)
        count.move(to: target, in: buffer)
        return SourceLocation(file: name, line: count.line, column: count.column)
    }
}

/// Where a cursor is: its offset, and the line and column there.
private struct Count {
    /// Where counting starts: after a byte order mark.
    let start: Int
    var offset: Int
    var line: Int
    var column = 1

    init(_ buffer: UnsafeBufferPointer<UInt8>, firstLine: Int) {
        start = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        offset = start
        line = firstLine
    }

    mutating func move(to target: Int, in buffer: UnsafeBufferPointer<UInt8>) {
        let end = max(min(target, buffer.count), start)
        if end >= offset { forward(to: end, in: buffer) } else { backward(to: end, in: buffer) }
    }

    /// Line breaks are found with `memchr`; characters are counted only after the last one.
    private mutating func forward(to end: Int, in buffer: UnsafeBufferPointer<UInt8>) {
        var lineStart: Int?
        var from = offset
        if let base = buffer.baseAddress {
            while from < end, let found = memchr(base + from, 0x0A, end - from) {
                line += 1
                from = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                lineStart = from
            }
        }
        column =
            lineStart.map { 1 + Self.characters(in: buffer, $0..<end) }
            ?? column + Self.characters(in: buffer, offset..<end)
        offset = end
    }

    private mutating func backward(to end: Int, in buffer: UnsafeBufferPointer<UInt8>) {
        var newlines = 0
        for index in end..<offset where buffer[index] == 0x0A { newlines += 1 }
        if newlines == 0 {
            // Back on the same line: uncount the characters between.
            column -= Self.characters(in: buffer, end..<offset)
        } else {
            var lineStart = end
            while lineStart > start, buffer[lineStart - 1] != 0x0A { lineStart -= 1 }
            line -= newlines
            column = 1 + Self.characters(in: buffer, lineStart..<end)
        }
        offset = end
    }

    /// Characters that start in `range`: every byte but UTF-8 continuation bytes.
    private static func characters(in buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        for index in range where buffer[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
