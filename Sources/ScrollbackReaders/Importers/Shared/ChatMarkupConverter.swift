/// The light-markup converter of `ChatMarkup`, over the characters of a text, or over its bytes
/// when every character is one byte (ASCII without CR, as most chat text is): the same rules
/// either way, without building a `Character` per byte.
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
            let plain = Unit.string(units[plainStart..<index])
            var text = markup.decodesEntities ? ChatMarkup.decodeEntities(plain) : plain
            if let rewrite = markup.plainText { text = rewrite(text) }
            output += MarkdownText.escape(text, atLineStart: output.isEmpty || output.hasSuffix("\n"))
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
                output += MarkdownText.wrap(convert(index + 1..<close), delimiter)
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

    /// Whether a delimiter at `index` can open: after a boundary and before a non-space.
    func opens(at index: Int, in range: Range<Int>) -> Bool {
        guard index + 1 < range.upperBound, !units[index + 1].isWhitespace else { return false }
        return index == range.lowerBound || units[index - 1].isBoundary
    }

    /// The matching closing delimiter on the same line: after a non-space and before a boundary.
    func closing(_ delimiter: Unit, after start: Int, limit: Int) -> Int? {
        var index = start + 2
        while index < limit {
            let unit = units[index]
            if unit == newline { return nil }
            if unit == delimiter, !units[index - 1].isWhitespace, index + 1 == limit || units[index + 1].isBoundary {
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

/// The character properties of each ASCII byte, taken from `Character` itself so both readings agree.
private enum ASCIIClass {
    static let whitespace: UInt8 = 1
    static let boundary: UInt8 = 2

    static let table: [UInt8] = (0..<128).map { byte in
        let character = Character(Unicode.Scalar(UInt8(byte)))
        return (character.isWhitespace ? whitespace : 0) | (character.isBoundary ? boundary : 0)
    }
}
