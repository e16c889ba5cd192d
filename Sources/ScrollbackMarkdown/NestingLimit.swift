/// Caps how deeply one line of Markdown can nest block quotes and list items before cmark-gfm
/// reads it.
///
/// cmark-gfm checks, for every node it appends, that the node is not one of the new parent's
/// ancestors, by walking up from the parent: a paragraph inside 25,000 `>` quotes costs 25,000
/// steps for each of its inline nodes, so a deep quote followed by a run of `_a_a_a…` took time
/// growing with the square of the message (BENCHMARKS.md has the figure). Each line here keeps
/// at most `maximumMarkers` container markers (`>`, `-`, `+`, `*`, `1.`, `1)`); the next one
/// is escaped with a backslash, so it and the rest of the line are text. Nesting by
/// indentation needs ever longer lines, so it stays below the square root of the text's size.
enum NestingLimit {
    /// The most container markers one line keeps: the depth `CmarkBridge` keeps as structure.
    static let maximumMarkers = CmarkBridge.maximumNesting

    /// `text` with each line's container markers past `maximumMarkers` escaped; `text` itself
    /// when no line has that many.
    static func apply(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var output: [UInt8] = []
            var copied = 0  // bytes before this index are in `output` (once it is used)
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                if let cut = excessMarker(bytes, from: lineStart, to: lineEnd) {
                    output.append(contentsOf: bytes[copied..<cut])
                    output.append(UInt8(ascii: "\\"))
                    copied = cut
                }
                lineStart = lineEnd + 1
            }
            guard copied > 0 else { return nil }
            output.append(contentsOf: bytes[copied...])
            return String(decoding: output, as: UTF8.self)
        } ?? text
    }

    /// Where the line's first marker past the limit is (where a backslash goes), if it has one.
    private static func excessMarker(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        var markers = 0
        while index < end {
            while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            guard index < end else { return nil }
            let byte = bytes[index]
            var escapeAt = index
            var next = index + 1
            if byte == UInt8(ascii: ">") {
                // A quote marker needs no space after it.
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*") {
                guard next == end || bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") else {
                    return nil
                }
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                while next < end, next - index < 9, bytes[next] >= UInt8(ascii: "0"), bytes[next] <= UInt8(ascii: "9") {
                    next += 1
                }
                guard next < end, bytes[next] == UInt8(ascii: ".") || bytes[next] == UInt8(ascii: ")") else {
                    return nil
                }
                escapeAt = next  // `12\.` is text
                next += 1
                guard next == end || bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") else {
                    return nil
                }
            } else {
                return nil
            }
            markers += 1
            if markers > maximumMarkers { return isThematicBreak(bytes, from: start, to: end) ? nil : escapeAt }
            index = next
        }
        return nil
    }

    /// Whether the line is only `-`, `*` or `_` (one of them) with spaces: a rule, not list items.
    private static func isThematicBreak(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var mark: UInt8?
        for index in start..<end {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { continue }
            guard byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") else {
                return false
            }
            if let mark, mark != byte { return false }
            mark = byte
        }
        return true
    }
}
