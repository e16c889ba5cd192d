/// Bodies with no Markdown syntax skip the C parser: most chat messages are plain sentences.
enum PlainTextFastPath {
    /// A one-paragraph document when `text` cannot contain Markdown syntax; `nil` otherwise.
    static func document(for text: String) -> MarkdownDocument? {
        hasNoSyntax(text) ? plainDocument(text) : nil
    }

    /// Whether `text` cannot contain Markdown syntax, so it is one paragraph of itself.
    ///
    /// Every body is asked, often more than once, so this is one pass over the bytes with a table
    /// saying what each byte can start.
    static func hasNoSyntax(_ text: String) -> Bool {
        var text = text
        let classes = Self.classes
        return text.withUTF8 { bytes in
            var lineStart = true
            var ws = 0  // `w`s in a row: `www.` starts an autolink, so cmark decides
            for byte in bytes {
                switch classes[Int(byte)] {
                case .inline: return false
                case .block where lineStart: return false
                case .w:
                    ws += 1
                    lineStart = false
                    continue
                case .dot where ws >= 3: return false
                default: break
                }
                ws = 0
                lineStart = false
            }
            return true
        }
    }

    private enum ByteClass: UInt8 {
        /// Nothing Markdown starts with.
        case text
        /// Inline syntax, escapes, entities, autolinks (`http:`, `a@b`), tables, line breaks.
        case inline
        /// Block syntax at a line start: headings, lists, quotes, rules, indented code.
        case block
        /// `w` or `W`, and `.`: `www.` is an autolink.
        case w, dot
    }

    private static let classes: [ByteClass] = {
        var table = [ByteClass](repeating: .text, count: 256)
        for byte in Array("*_`[]<>\\&~!|:@\r\n\t".utf8) { table[Int(byte)] = .inline }
        for byte in Array("#-+= 0123456789".utf8) { table[Int(byte)] = .block }
        table[Int(UInt8(ascii: "w"))] = .w
        table[Int(UInt8(ascii: "W"))] = .w
        table[Int(UInt8(ascii: "."))] = .dot
        return table
    }()

    /// One paragraph holding `text` as it is, line breaks kept.
    static func plainDocument(_ text: String) -> MarkdownDocument {
        guard !text.isEmpty else { return MarkdownDocument(blocks: []) }
        var bytes = text
        if !bytes.withUTF8({ $0.contains(UInt8(ascii: "\n")) }) && text.utf8.last != UInt8(ascii: "\r") {
            return MarkdownDocument(blocks: [.paragraph([.text(text)])])  // one line: no copy, no split
        }
        var inlines: [MarkdownInline] = []
        var first = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first { inlines.append(.lineBreak) }
            first = false
            var piece = String(line)
            if piece.hasSuffix("\r") { piece.removeLast() }
            if !piece.isEmpty { inlines.append(.text(piece)) }
        }
        return MarkdownDocument(blocks: [.paragraph(inlines)])
    }
}
