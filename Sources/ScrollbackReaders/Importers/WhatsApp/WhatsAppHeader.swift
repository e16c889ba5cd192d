/// The start of a WhatsApp message line: `[d/m/yy, h:mm:ss AM] ` (iOS), `d/m/yy, HH:mm - ` (Android),
/// and the variants locales and versions write (dots or dashes in dates, no comma, `a. m.`).
struct WhatsAppHeader: Equatable {
    /// How the header is framed; dates are inferred per style, as files can mix them.
    enum Style: String { case bracketed, dashed, bare }

    var style: Style
    /// The three date numbers as written, and their digit counts (held in line: a chat has a
    /// header for every message).
    var fields: SIMD3<Int32>
    var widths: SIMD3<Int32>
    /// `/`, `.` or `-`.
    var separator: Character
    var hour: Int
    var minute: Int
    var second: Int
    /// `true` for PM, `false` for AM, `nil` on a 24-hour clock.
    var isPM: Bool?
    /// What follows the header: `Name: text`, or a system line.
    var rest: String

    /// The group a file's dates are inferred in: styles and separators can differ within one file.
    var dateGroup: String { style.rawValue + String(separator) }

    /// Parses the header of `line`, or returns `nil` for a continuation line.
    init?(_ line: Substring) {
        // Most lines of a long chat are not headers: one look at the first digit's place tells,
        // before the line is split into scalars.
        var head = line.unicodeScalars.drop { $0 == "\u{200E}" || $0 == "\u{200F}" || $0 == "\u{FEFF}" }[...]
        if head.first == "[" { head = head.dropFirst() }
        guard let lead = head.first, ("0"..."9").contains(lead) else { return nil }
        var scanner = Scanner(Array(line.unicodeScalars))
        scanner.skip { $0 == "\u{200E}" || $0 == "\u{200F}" || $0 == "\u{FEFF}" }
        let bracketed = scanner.take("[")
        guard let first = scanner.number(maxDigits: 4), let separator = scanner.peek,
            "/.-".unicodeScalars.contains(separator)
        else { return nil }
        scanner.index += 1
        guard let second = scanner.number(maxDigits: 2), scanner.take(separator),
            let third = scanner.number(maxDigits: 4)
        else { return nil }
        _ = scanner.take(".")  // some locales end the date with a dot
        let hadComma = scanner.take(",")
        guard scanner.skip(Scanner.isSpace) > 0 || hadComma else { return nil }
        guard let hour = scanner.number(maxDigits: 2), scanner.take(":"), let minute = scanner.number(maxDigits: 2),
            minute.value < 60
        else { return nil }
        var seconds = 0
        if scanner.take(":") {
            guard let value = scanner.number(maxDigits: 2), value.value < 60 else { return nil }
            seconds = value.value
        }
        let meridiem = scanner.meridiem()
        if bracketed {
            guard scanner.take("]") else { return nil }
            scanner.skip(Scanner.isSpace)
            style = .bracketed
        } else {
            let spaces = scanner.skip(Scanner.isSpace)
            if scanner.take("-") || scanner.take("\u{2013}") {
                scanner.skip(Scanner.isSpace)
                style = .dashed
            } else if scanner.take(":") {
                // `[date time]:` without brackets is not a header; `12:00: text` would be ambiguous.
                return nil
            } else {
                guard spaces > 0 else { return nil }
                style = .bare
            }
        }
        self.fields = SIMD3(Int32(first.value), Int32(second.value), Int32(third.value))
        self.widths = SIMD3(Int32(first.digits), Int32(second.digits), Int32(third.digits))
        self.separator = Character(separator)
        self.hour = hour.value
        self.minute = minute.value
        self.second = seconds
        self.isPM = meridiem
        self.rest = String(Substring(line.unicodeScalars.dropFirst(scanner.index)))
        guard second.digits <= 2, first.digits != 3, third.digits != 3, !(first.digits == 4 && third.digits == 4)
        else { return nil }
    }
}

/// A cursor over a line's scalars.
private struct Scanner {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{202F}" || scalar == "\u{00A0}" || scalar == "\t"
    }

    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        index += 1
        return true
    }

    @discardableResult
    mutating func skip(_ predicate: (Unicode.Scalar) -> Bool) -> Int {
        let start = index
        while let scalar = peek, predicate(scalar) { index += 1 }
        return index - start
    }

    mutating func number(maxDigits: Int) -> (value: Int, digits: Int)? {
        var value = 0
        var digits = 0
        while digits < maxDigits, let scalar = peek, scalar.value >= 48, scalar.value <= 57 {
            value = value * 10 + Int(scalar.value - 48)
            digits += 1
            index += 1
        }
        if let scalar = peek, scalar.value >= 48, scalar.value <= 57 { return nil }  // too many digits
        return digits > 0 ? (value, digits) : nil
    }

    /// `AM`, `pm`, `a. m.`, `p.m.` (spaces may be U+202F or U+00A0); `nil` when there is none.
    mutating func meridiem() -> Bool? {
        let start = index
        skip(Self.isSpace)
        guard let letter = peek, "aApP".unicodeScalars.contains(letter) else {
            index = start
            return nil
        }
        index += 1
        _ = take(".")
        skip(Self.isSpace)
        guard take("m") || take("M") else {
            index = start
            return nil
        }
        _ = take(".")
        // A letter straight after would make this the start of a name ("Amy"), not a meridiem.
        if let next = peek, next.properties.isAlphabetic {
            index = start
            return nil
        }
        return letter == "p" || letter == "P"
    }
}
