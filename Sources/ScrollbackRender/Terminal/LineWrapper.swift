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
        var text = span.text
        return text.withUTF8 { bytes in
            var lines = ASCIILines(bytes: bytes, width: width, style: span.style)
            var index = 0
            var wordStart = 0
            while index < bytes.count {
                let byte = bytes[index]
                if ASCIILines.endsWord(byte) {
                    if wordStart < index { lines.place(wordStart, index) }
                    if byte == 0x0A {
                        lines.endLine()
                    } else {
                        lines.pendingSpaces += 1
                    }
                    wordStart = index + 1
                }
                index += 1
            }
            if wordStart < bytes.count { lines.place(wordStart, bytes.count) }
            if lines.lineWidth > 0 || lines.lines.isEmpty { lines.endLine() }
            return lines.lines
        }
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

/// `LineWrapper.wrapASCII`'s lines of one span of printable ASCII, one column a byte: each line a
/// contiguous slice of the bytes, kept as the offsets where it starts and ends until it is done.
private struct ASCIILines {
    let bytes: UnsafeBufferPointer<UInt8>
    let width: Int
    let style: TextStyle
    private(set) var lines: [StyledLine] = []
    private var lineStart = 0
    private var lineEnd = 0  // the current line is bytes[lineStart..<lineEnd]; empty when equal
    /// Spaces since the current line's last word: kept between words, dropped at a break.
    var pendingSpaces = 0

    init(bytes: UnsafeBufferPointer<UInt8>, width: Int, style: TextStyle) {
        self.bytes = bytes
        self.width = width
        self.style = style
    }

    /// Whether `byte` ends a word: a space, or a newline (which also ends the line).
    static func endsWord(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A }

    /// The columns the current line takes so far.
    var lineWidth: Int { lineEnd - lineStart }

    /// Whether a word of `length` columns goes on the current line: alone on an empty line, or
    /// after the spaces before it.
    func fits(_ length: Int) -> Bool {
        lineWidth == 0 ? length <= width : lineWidth + pendingSpaces + length <= width
    }

    /// Places the word `bytes[start..<end]`: on the current line when it fits, else on the next,
    /// cut at the edge when it is longer than a line.
    mutating func place(_ start: Int, _ end: Int) {
        if fits(end - start) {
            if lineWidth == 0 { lineStart = start }
            lineEnd = end
        } else {
            if lineWidth > 0 { endLine() }
            cut(start, end)
        }
        pendingSpaces = 0
    }

    /// A word longer than what is left of the line, from the start of a line of its own: as much
    /// as fits on each line.
    private mutating func cut(_ start: Int, _ end: Int) {
        var from = start
        while from < end {
            if lineWidth >= width { endLine() }
            let cut = min(end, from + width - lineWidth)
            if lineEnd == lineStart { lineStart = from }
            lineEnd = cut
            from = cut
        }
    }

    /// Ends the current line (empty for a blank line); the next starts where it ended.
    mutating func endLine() {
        var line = StyledLine()
        if lineEnd > lineStart {
            line.spans = [
                Span(String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self), style)
            ]
            line.width = lineEnd - lineStart
        }
        lines.append(line)
        lineStart = lineEnd
        pendingSpaces = 0
    }
}
