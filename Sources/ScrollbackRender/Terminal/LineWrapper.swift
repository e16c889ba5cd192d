/// Wraps styled text to a display width: at spaces, between East Asian wide characters, and
/// inside words longer than a line at grapheme-cluster boundaries.
struct LineWrapper {
    /// Columns per line.
    let width: Int

    /// A run of a word (or of spaces) in one style. Printable ASCII runs are kept whole, one
    /// column a byte; other text is one piece per grapheme cluster.
    private struct Piece {
        var text: Substring
        var style: TextStyle
        var width: Int
        var ascii: Bool
    }

    private var lines: [StyledLine] = []
    private var line = StyledLine()
    private var word: [Piece] = []
    private var wordWidth = 0
    private var spaces: [Piece] = []

    init(width: Int) {
        self.width = max(1, width)
    }

    /// Wraps `spans` (safe text; `\n` is a hard line break) into lines no wider than `width`.
    static func wrap(_ spans: [Span], width: Int) -> [StyledLine] {
        if spans.count == 1, DisplayWidth.isPrintableASCII(spans[0].text, newlines: true) {
            return wrapASCII(spans[0], width: max(1, width))
        }
        var wrapper = LineWrapper(width: width)
        for span in spans { wrapper.add(span) }
        return wrapper.finish()
    }

    /// Most message bodies: one span of printable ASCII. The same lines `add` and `finish` make
    /// (each line is a contiguous slice of the text: spaces between its words kept, spaces at a
    /// break dropped, a word longer than the line cut at the edge), found in one pass over the
    /// bytes with one string per line instead of one append per word.
    private static func wrapASCII(_ span: Span, width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        var text = span.text
        text.withUTF8 { bytes in
            var lineStart = 0
            var lineEnd = 0  // the current line is bytes[lineStart..<lineEnd]; empty when equal
            var pendingSpaces = 0
            func emit() {
                var line = StyledLine()
                if lineEnd > lineStart {
                    line.spans = [
                        Span(
                            String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self),
                            span.style)
                    ]
                    line.width = lineEnd - lineStart
                }
                lines.append(line)
                lineStart = lineEnd
                pendingSpaces = 0
            }
            func word(_ start: Int, _ end: Int) {
                let lineWidth = lineEnd - lineStart
                let length = end - start
                if lineWidth == 0 {
                    if length <= width {
                        (lineStart, lineEnd) = (start, end)
                        pendingSpaces = 0
                        return
                    }
                } else if lineWidth + pendingSpaces + length <= width {
                    lineEnd = end
                    pendingSpaces = 0
                    return
                } else {
                    emit()
                }
                // A word longer than the line, on a line of its own: cut at the edge.
                var from = start
                while from < end {
                    if lineEnd - lineStart >= width { emit() }
                    let cut = min(end, from + width - (lineEnd - lineStart))
                    if lineEnd == lineStart { lineStart = from }
                    lineEnd = cut
                    from = cut
                }
                pendingSpaces = 0
            }
            var index = 0
            var wordStart = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x0A {
                    if wordStart < index { word(wordStart, index) }
                    if byte == 0x0A {
                        emit()
                    } else {
                        pendingSpaces += 1
                    }
                    wordStart = index + 1
                }
                index += 1
            }
            if wordStart < bytes.count { word(wordStart, bytes.count) }
            if lineEnd > lineStart || lines.isEmpty { emit() }
        }
        return lines
    }

    mutating func add(_ span: Span) {
        if DisplayWidth.isPrintableASCII(span.text, newlines: true) {
            addASCII(span)
            return
        }
        for cluster in DisplayWidth.clusters(span.text) {
            let piece = Piece(text: Substring(cluster.text), style: span.style, width: cluster.width, ascii: false)
            if cluster.text == "\n" {
                flushWord()
                breakLine()
            } else if cluster.text == " " {
                flushWord()
                spaces.append(piece)
            } else if cluster.width == 2 && !Self.isEmoji(cluster.text) {
                // CJK text has no spaces: a line may break before and after every wide character.
                flushWord()
                word = [piece]
                wordWidth = 2
                flushWord()
            } else {
                word.append(piece)
                wordWidth += cluster.width
            }
        }
    }

    /// The common case, printable ASCII and newlines: words are cut from the span's bytes whole.
    private mutating func addASCII(_ span: Span) {
        let text = span.text[...]
        var start = text.utf8.startIndex
        var index = start
        let end = text.utf8.endIndex
        while index < end {
            let byte = text.utf8[index]
            if byte == 0x20 || byte == 0x0A {
                if start < index { appendToWord(text[start..<index], span.style) }
                flushWord()
                if byte == 0x0A {
                    breakLine()
                } else {
                    spaces.append(Piece(text: " ", style: span.style, width: 1, ascii: true))
                }
                start = text.utf8.index(after: index)
            }
            index = text.utf8.index(after: index)
        }
        if start < end { appendToWord(text[start..<end], span.style) }
    }

    private mutating func appendToWord(_ text: Substring, _ style: TextStyle) {
        let count = text.utf8.count
        word.append(Piece(text: text, style: style, width: count, ascii: true))
        wordWidth += count
    }

    mutating func finish() -> [StyledLine] {
        flushWord()
        if line.width > 0 || !line.spans.isEmpty || lines.isEmpty { lines.append(line) }
        line = StyledLine()
        return lines
    }

    private mutating func flushWord() {
        guard !word.isEmpty else { return }
        defer {
            word.removeAll(keepingCapacity: true)
            wordWidth = 0
            spaces.removeAll(keepingCapacity: true)
        }
        let spaceWidth = line.width == 0 ? 0 : spaces.reduce(0) { $0 + $1.width }
        if line.width + spaceWidth + wordWidth <= width {
            if line.width > 0 {
                for piece in spaces { line.append(piece.text, piece.style, width: piece.width) }
            }
            for piece in word { line.append(piece.text, piece.style, width: piece.width) }
            return
        }
        if line.width > 0 { breakLine() }
        // A word longer than the line: cut it where it reaches the edge, between clusters
        // (between bytes of an ASCII piece).
        for piece in word {
            guard piece.ascii else {
                if line.width + piece.width > width && line.width > 0 { breakLine() }
                line.append(piece.text, piece.style, width: piece.width)
                continue
            }
            var rest = piece.text
            while !rest.isEmpty {
                if line.width >= width { breakLine() }
                let room = width - line.width
                let cut = rest.utf8.index(rest.startIndex, offsetBy: min(room, rest.utf8.count))
                line.append(rest[..<cut], piece.style, width: rest.utf8.distance(from: rest.startIndex, to: cut))
                rest = rest[cut...]
            }
        }
    }

    private mutating func breakLine() {
        lines.append(line)
        line = StyledLine()
        spaces.removeAll(keepingCapacity: true)
    }

    private static func isEmoji(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return first.properties.isEmojiPresentation || text.unicodeScalars.contains { $0.value == 0xFE0F }
    }
}
