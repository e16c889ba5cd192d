/// The light-markup converter of `ChatMarkup`, over the characters of a text, or over its bytes
/// when the bytes it looks at are each a character of their own (`readsAsBytes`, as most chat
/// text is): the same rules either way, without building a `Character` per byte.
struct ChatMarkupConverter<Unit: ChatMarkupUnit> {
    let units: [Unit]
    let markup: ChatMarkup
    private let backtick = Unit(ascii: "`")
    private let less = Unit(ascii: "<")
    private let greater = Unit(ascii: ">")
    private let newline = Unit(ascii: "\n")

    init(units: [Unit], markup: ChatMarkup) {
        self.units = units
        self.markup = markup
    }

    mutating func convert(_ range: Range<Int>) -> String {
        var output = ""
        var plainStart = range.lowerBound
        var index = range.lowerBound
        func flush() {
            // An empty run adds nothing (escaping nothing gives nothing).
            guard index > plainStart else { return }
            let plain = Unit.string(units[plainStart..<index])
            var text = markup.decodesEntities ? ChatMarkup.decodeEntities(plain) : plain
            if let rewrite = markup.plainText { text = rewrite(text) }
            // A last byte other than `\n` is no line break (a check on the bytes before the character one).
            let atLineStart = output.isEmpty || (output.utf8.last == 0x0A && output.hasSuffix("\n"))
            output += MarkdownText.escape(text, atLineStart: atLineStart)
        }
        while index < range.upperBound {
            let unit = units[index]
            if unit == backtick, let (code, end) = codeSpan(at: index, limit: range.upperBound) {
                flush()
                if code.hasPrefix("\n") { while output.last == " " { output.removeLast() } }
                output += code
                index = end
                plainStart = index
            } else if let delimiter = unit.delimiter, opens(at: index, in: range),
                let close = closing(unit, after: index, limit: range.upperBound)
            {
                flush()
                output += Self.wrap(convert(index + 1..<close), delimiter)
                index = close + 1
                plainStart = index
            } else if unit == less, let tokens = markup.tokens,
                let close = units[index..<range.upperBound].firstIndex(of: greater),
                !units[index + 1..<close].contains(newline), close > index + 1
            {
                flush()
                output += tokens(Unit.string(units[index + 1..<close]))
                index = close + 1
                plainStart = index
            } else {
                index += 1
            }
        }
        flush()
        return output
    }

    /// ```` ```block``` ```` (any lines) or `` `span` `` (one line), as Markdown code.
    func codeSpan(at start: Int, limit: Int) -> (String, Int)? {
        let isBlock = start + 2 < limit && units[start + 1] == backtick && units[start + 2] == backtick
        let width = isBlock ? 3 : 1
        var index = start + width
        while index + width <= limit {
            if !isBlock && units[index] == newline { return nil }
            if units[index..<index + width].allSatisfy({ $0 == backtick }) && index > start + width {
                var body = Unit.string(units[start + width..<index])
                if let codeToken = markup.codeToken { body = ChatMarkup.unwrapTokens(body, codeToken) }
                if markup.decodesEntities { body = ChatMarkup.decodeEntities(body) }
                // The line break after an opening fence is not part of the code.
                if isBlock && body.hasPrefix("\n") && body.dropFirst().contains("\n") { body.removeFirst() }
                let code = isBlock && body.contains("\n") ? MarkdownText.codeBlock(body) : MarkdownText.codeSpan(body)
                return (code, index + width)
            }
            index += 1
        }
        return nil
    }

    /// `MarkdownText.wrap`, which keeps outer white space outside the delimiters: Markdown that
    /// starts and ends with a visible ASCII byte has none, and is wrapped as it is.
    static func wrap(_ markdown: String, _ delimiter: String) -> String {
        if let first = markdown.utf8.first, let last = markdown.utf8.last, (0x21...0x7E).contains(first),
            (0x21...0x7E).contains(last)
        {
            return delimiter + markdown + delimiter
        }
        return MarkdownText.wrap(markdown, delimiter)
    }

    /// Whether a delimiter at `index` can open: after a boundary and before a non-space.
    func opens(at index: Int, in range: Range<Int>) -> Bool {
        guard index + 1 < range.upperBound, !units[index + 1].isWhitespace else { return false }
        return index == range.lowerBound || units[index - 1].isBoundary
    }

    /// The matching closing delimiter on the same line: after a non-space (or, with
    /// `closesAfterSpace`, a space when no space follows) and before a boundary.
    func closing(_ delimiter: Unit, after start: Int, limit: Int) -> Int? {
        var index = start + 2
        while index < limit {
            let unit = units[index]
            if unit == newline { return nil }
            if unit == delimiter, index + 1 == limit || units[index + 1].isBoundary,
                !units[index - 1].isWhitespace
                    || (markup.closesAfterSpace && (index + 1 == limit || !units[index + 1].isWhitespace))
            {
                return index
            }
            index += 1
        }
        return nil
    }
}

/// What the converter reads a text as: its characters, or its bytes when each is one character.
protocol ChatMarkupUnit: Equatable {
    init(ascii: Unicode.Scalar)
    var isWhitespace: Bool { get }
    /// White space, punctuation other than `_` and `*`, or a symbol: where emphasis may start or end.
    var isBoundary: Bool { get }
    /// The Markdown delimiter for a light-markup delimiter (`*` → `**`, `_` → `*`, `~` → `~~`).
    var delimiter: String? { get }
    static func string(_ units: ArraySlice<Self>) -> String
}

extension Character: ChatMarkupUnit {
    init(ascii: Unicode.Scalar) { self.init(ascii) }

    var isBoundary: Bool { isWhitespace || (isPunctuation && self != "_" && self != "*") || isSymbol }

    var delimiter: String? {
        switch self {
        case "*": return "**"
        case "_": return "*"
        case "~": return "~~"
        default: return nil
        }
    }

    static func string(_ units: ArraySlice<Character>) -> String { String(units) }
}

extension UInt8: ChatMarkupUnit {
    var isWhitespace: Bool { ASCIIClass.table[Int(self)] & ASCIIClass.whitespace != 0 }
    var isBoundary: Bool { ASCIIClass.table[Int(self)] & ASCIIClass.boundary != 0 }

    var delimiter: String? {
        switch self {
        case UInt8(ascii: "*"): return "**"
        case UInt8(ascii: "_"): return "*"
        case UInt8(ascii: "~"): return "~~"
        default: return nil
        }
    }

    static func string(_ units: ArraySlice<UInt8>) -> String { String(decoding: units, as: UTF8.self) }
}

extension ChatMarkupConverter<UInt8> {
    /// Whether the converter reads the same from `bytes` as from their characters: no CR; every
    /// byte it compares (delimiters, backticks, angle brackets) is an ASCII character on its own;
    /// and each neighbour of a delimiter, whose class it asks, is an ASCII byte that starts its
    /// character.
    ///
    /// A character's class is its first scalar's, so a neighbour that an accent extends reads as
    /// its byte does. What would differ: a neighbour that is not ASCII (its class needs its whole
    /// character), an ASCII byte that an accent or a prepended mark joins to a larger character,
    /// and U+1FEF, which compares equal to a backtick.
    static func readsAsBytes(_ bytes: [UInt8]) -> Bool {
        let count = bytes.count
        let table = ASCIIClass.table
        var index = 0
        while index < count {
            let byte = bytes[index]
            guard byte < 0x80 else {
                // U+1FEF GREEK VARIA is canonically a backtick (E1 BF AF).
                if byte == 0xE1, index + 2 < count, bytes[index + 1] == 0xBF, bytes[index + 2] == 0xAF { return false }
                index += 1
                continue
            }
            let kind = table[Int(byte)]
            if byte == 0x0D { return false }
            if kind & (ASCIIClass.delimiter | ASCIIClass.compared) != 0 {
                if joinsNext(bytes, at: index) || joinsPrevious(bytes, at: index) { return false }
            }
            if kind & ASCIIClass.delimiter != 0 {
                if index > 0, bytes[index - 1] >= 0x80 || joinsPrevious(bytes, at: index - 1) { return false }
                if index + 1 < count, bytes[index + 1] >= 0x80 { return false }
            }
            index += 1
        }
        return true
    }

    /// Whether the character after the ASCII byte at `index` extends it (an accent, a joiner).
    private static func joinsNext(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index + 1 < bytes.count, bytes[index + 1] >= 0x80 else { return false }
        var end = index + 2
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self).count == 1
    }

    /// Whether the ASCII byte at `index` joins the character before it (a prepended mark).
    private static func joinsPrevious(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index > 0, bytes[index - 1] >= 0x80 else { return false }
        var start = index - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return String(decoding: bytes[start...index], as: UTF8.self).count == 1
    }
}

/// The character properties of each ASCII byte, taken from `Character` itself so both readings
/// agree, and which bytes the converter compares; bytes from 0x80 up are none of these.
private enum ASCIIClass {
    static let whitespace: UInt8 = 1
    static let boundary: UInt8 = 2
    /// `*`, `_`, `~`: compared, and their neighbours' classes asked.
    static let delimiter: UInt8 = 4
    /// `` ` ``, `<`, `>`: compared only.
    static let compared: UInt8 = 8

    static let table: [UInt8] = (0..<256).map { byte in
        guard byte < 0x80 else { return 0 }
        let character = Character(Unicode.Scalar(UInt8(byte)))
        var kind = (character.isWhitespace ? whitespace : 0) | (character.isBoundary ? boundary : 0)
        if character.delimiter != nil { kind |= delimiter }
        if "`<>".contains(character) { kind |= compared }
        return kind
    }
}
