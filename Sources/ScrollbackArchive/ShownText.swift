import ScrollbackMarkdown

/// A text as a reader sees it, with where each of its UTF-16 units came from in the source.
///
/// `--redact` runs its rules over what a page shows, not over what the input holds: an importer
/// writes `ghp_…` as `ghp\_…`, an address may be written `bob&#64;example.net` or
/// `bob%40example.net`, and a phone number may be spaced with U+00A0 or written in full-width
/// digits. A match in the shown text maps back to the span of the source its units came from,
/// and that whole span is what is replaced.
struct ShownText {
    /// The shown text's UTF-16 units.
    private(set) var units: [UInt16] = []
    /// For each unit, where in the source (UTF-16 offsets) the character it belongs to starts and ends.
    private(set) var starts: [Int] = []
    private(set) var ends: [Int] = []

    /// The shown text, for the rules to run over.
    var text: String { String(decoding: units, as: UTF16.self) }

    /// The source range (UTF-16) that the shown units in `range` came from.
    func sourceRange(_ range: Range<Int>) -> Range<Int> {
        starts[range.lowerBound]..<ends[range.upperBound - 1]
    }

    /// `source` with backslash escapes and character references (`&#64;`, `&commat;`, even after an
    /// escaped `&`) decoded, `%40` percent escapes decoded, invisible characters (zero-width
    /// spaces, direction marks, soft hyphens) left out, and look-alikes made plain: every space
    /// separator (U+00A0, U+202F, U+2007, …) a space, dashes and the minus sign `-`, full-width
    /// forms (`０`, `＠`) and other decimal digits their ASCII characters.
    static func decoded(_ source: String) -> ShownText {
        let scalars = Array(source.unicodeScalars)
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var offset = 0
        for scalar in scalars {
            offsets.append(offset)
            offset += scalar.utf16.count
        }
        offsets.append(offset)
        var shown = ShownText()
        shown.units.reserveCapacity(offset)
        var pendingStart: Int?
        var index = 0
        func emit(_ scalar: Unicode.Scalar, through end: Int) {
            let start = pendingStart ?? offsets[index]
            pendingStart = nil
            for unit in scalar.utf16 {
                shown.units.append(unit)
                shown.starts.append(start)
                shown.ends.append(offsets[end])
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count, isASCIIPunctuation(scalars[index + 1]) {
                // The escaped character is shown; the backslash belongs to it.
                pendingStart = pendingStart ?? offsets[index]
                index += 1
                continue
            }
            if scalar == "&", let (decoded, length) = reference(in: scalars, at: index) {
                for each in decoded { emit(plain(each) ?? each, through: index + length) }
                index += length
                continue
            }
            if scalar == "%", let (decoded, length) = percentEscape(in: scalars, at: index) {
                emit(plain(decoded) ?? decoded, through: index + length)
                index += length
                continue
            }
            if isInvisible(scalar) {
                index += 1
                continue
            }
            emit(plain(scalar) ?? scalar, through: index + 1)
            index += 1
        }
        return shown
    }

    /// The shown text without the characters Markdown formats with (`*`, `~`, `|`, `` ` ``), so an
    /// address split by bold (`bob**@**example.net`) reads as one; `nil` when it has none. `_`
    /// stays: it is part of tokens (`ghp_…`), and no importer formats with it. Also `nil` when every
    /// run of delimiters has a space (or the text's end) on one side: leaving those out joins nothing.
    func withoutDelimiters() -> ShownText? {
        guard splitsAWord else { return nil }
        var result = ShownText()
        for (index, unit) in units.enumerated() where !Self.isDelimiter(unit) {
            result.units.append(unit)
            result.starts.append(starts[index])
            result.ends.append(ends[index])
        }
        return result
    }

    /// Whether a run of delimiters sits between two characters that are not spaces.
    private var splitsAWord: Bool {
        var index = 0
        while index < units.count {
            guard Self.isDelimiter(units[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < units.count, Self.isDelimiter(units[index]) { index += 1 }
            if start > 0, index < units.count, !Self.isSpace(units[start - 1]), !Self.isSpace(units[index]) {
                return true
            }
        }
        return false
    }

    private static func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0x0D }

    /// Whether the reading shows `scalar`, one outside ASCII, as something else or as nothing:
    /// an invisible character, or a look-alike of an ASCII one (`plain`).
    static func changes(_ scalar: Unicode.Scalar) -> Bool { isInvisible(scalar) || plain(scalar) != nil }

    /// Whether `unit` is one of the inline delimiters that may split a word.
    static func isDelimiter(_ unit: UInt16) -> Bool {
        unit == 0x2A || unit == 0x7E || unit == 0x7C || unit == 0x60
    }

    private static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        (0x21...0x2F).contains(scalar.value) || (0x3A...0x40).contains(scalar.value)
            || (0x5B...0x60).contains(scalar.value) || (0x7B...0x7E).contains(scalar.value)
    }

    /// Characters that show nothing, so may sit inside an address or a number unseen.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x180E, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// The plain ASCII character `scalar` stands for, if it is a look-alike of one.
    private static func plain(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let value = scalar.value
        if value < 0x80 { return nil }
        if (0xFF01...0xFF5E).contains(value) { return Unicode.Scalar(value - 0xFEE0) }
        if (0x2010...0x2015).contains(value) || value == 0x2212 || value == 0xFE63 { return "-" }
        let properties = scalar.properties
        if properties.generalCategory == .spaceSeparator { return " " }
        if properties.numericType == .decimal, let digit = properties.numericValue, (0...9).contains(digit) {
            return Unicode.Scalar(UInt8(48 + Int(digit)))
        }
        return nil
    }

    /// A character reference at `index` (`&#64;`, `&#x40;`, `&commat;`): what it stands for and
    /// how many scalars it takes.
    private static func reference(in scalars: [Unicode.Scalar], at index: Int) -> ([Unicode.Scalar], Int)? {
        var end = index + 1
        let limit = min(scalars.count, index + 34)
        while end < limit, isASCIILetterOrDigit(scalars[end]) || (end == index + 1 && scalars[end] == "#") { end += 1 }
        guard end < limit, scalars[end] == ";", end > index + 1 else { return nil }
        let body = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
        let length = end + 1 - index
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let hex = digits.first == "x" || digits.first == "X"
            let number = hex ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let number, (hex ? digits.count - 1 : digits.count) <= (hex ? 6 : 7),
                !(hex ? digits.dropFirst() : digits).isEmpty
            else { return nil }
            return ([Unicode.Scalar(number).flatMap { number == 0 ? nil : $0 } ?? "\u{FFFD}"], length)
        }
        guard body.first?.isLetter == true, body.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return nil
        }
        if let known = commonEntities[body] { return (Array(known.unicodeScalars), length) }
        // Any other of HTML's names, as cmark-gfm decodes them (it holds the whole table).
        let reference = "&" + body + ";"
        guard case .paragraph(let inlines)? = MarkdownDocument.parse(reference).blocks.first,
            case .text(let decoded)? = inlines.first, inlines.count == 1, decoded != reference
        else { return nil }
        return (Array(decoded.unicodeScalars), length)
    }

    private static func isASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || (0x30...0x39).contains(scalar.value))
    }

    /// The entities met most, without asking cmark-gfm.
    private static let commonEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "commat": "@",
        "period": ".", "lowbar": "_", "UnderBar": "_", "colon": ":", "sol": "/", "plus": "+", "hyphen": "\u{2010}",
        "dash": "\u{2010}", "num": "#", "percnt": "%", "equals": "=", "ast": "*", "midast": "*", "verbar": "|",
        "vert": "|", "tilde": "\u{02DC}",
    ]

    /// A run of `%XX` escapes at `index` that spells one character in UTF-8: the character and
    /// how many scalars its escapes take.
    private static func percentEscape(in scalars: [Unicode.Scalar], at index: Int) -> (Unicode.Scalar, Int)? {
        func byte(at position: Int) -> UInt8? {
            guard position + 2 < scalars.count, scalars[position] == "%",
                scalars[position + 1].properties.isASCIIHexDigit, scalars[position + 2].properties.isASCIIHexDigit
            else { return nil }
            return UInt8(String(String.UnicodeScalarView(scalars[(position + 1)...(position + 2)])), radix: 16)
        }
        guard let first = byte(at: index) else { return nil }
        let count: Int
        switch first {
        case 0x00..<0x80: count = 1
        case 0xC2..<0xE0: count = 2
        case 0xE0..<0xF0: count = 3
        case 0xF0..<0xF5: count = 4
        default: return nil
        }
        var bytes = [first]
        for next in 1..<count {
            guard let each = byte(at: index + 3 * next) else { return nil }
            bytes.append(each)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self), decoded.unicodeScalars.count == 1,
            let scalar = decoded.unicodeScalars.first
        else { return nil }
        return (scalar, 3 * count)
    }
}
