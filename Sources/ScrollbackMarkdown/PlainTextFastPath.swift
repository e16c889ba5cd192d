/// Bodies with no Markdown syntax skip the C parser: most chat messages are plain sentences.
enum PlainTextFastPath {
    /// A one-paragraph document when `text` cannot contain Markdown syntax; `nil` otherwise.
    static func document(for text: String) -> MarkdownDocument? {
        hasNoSyntax(text) ? plainDocument(text) : nil
    }

    /// Whether `text` cannot contain Markdown syntax, so it is one paragraph of itself.
    static func hasNoSyntax(_ text: String) -> Bool {
        if containsWWW(text) { return false }  // `www.` autolinks: let cmark decide
        var lineStart = true
        for byte in text.utf8 {
            switch byte {
            // Inline syntax, escapes, entities, autolinks (`www.`, `http:`, `a@b`), tables.
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "["), UInt8(ascii: "]"),
                UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "&"), UInt8(ascii: "~"),
                UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "\r"),
                UInt8(ascii: "\n"), UInt8(ascii: "\t"):
                return false
            // Block syntax at a line start: headings, lists, quotes, rules, indented code.
            case UInt8(ascii: "#"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: " "),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                if lineStart { return false }
            default: break
            }
            lineStart = false
        }
        return true
    }

    private static func containsWWW(_ text: String) -> Bool {
        var run = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "w") || byte == UInt8(ascii: "W") {
                run += 1
            } else if byte == UInt8(ascii: ".") && run >= 3 {
                return true
            } else {
                run = 0
            }
        }
        return false
    }

    /// One paragraph holding `text` as it is, line breaks kept.
    static func plainDocument(_ text: String) -> MarkdownDocument {
        guard !text.isEmpty else { return MarkdownDocument(blocks: []) }
        if !text.utf8.contains(UInt8(ascii: "\n")) && text.utf8.last != UInt8(ascii: "\r") {
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
