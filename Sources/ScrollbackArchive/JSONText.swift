/// Builds one line of JSON: keys in the order they are added, strings escaped, no spaces.
struct JSONText {
    private(set) var text = ""
    private var needsComma: [Bool] = []

    /// Opens an object (`{`), as a member's value when `key` is given.
    mutating func openObject(_ key: String? = nil) {
        prefix(key)
        text += "{"
        needsComma.append(false)
    }

    /// Closes the innermost object.
    mutating func closeObject() {
        text += "}"
        needsComma.removeLast()
    }

    /// Opens an array (`[`), as a member's value when `key` is given.
    mutating func openArray(_ key: String? = nil) {
        prefix(key)
        text += "["
        needsComma.append(false)
    }

    /// Closes the innermost array.
    mutating func closeArray() {
        text += "]"
        needsComma.removeLast()
    }

    /// A string member (or array element when `key` is `nil`).
    mutating func string(_ key: String?, _ value: String) {
        prefix(key)
        Self.appendQuoted(value, to: &text)
    }

    /// A string member, left out when `value` is `nil`.
    mutating func optional(_ key: String, _ value: String?) {
        if let value { string(key, value) }
    }

    /// A whole-number member, left out when `value` is `nil`.
    mutating func optional(_ key: String, _ value: Int?) {
        if let value { raw(key, String(value)) }
    }

    /// A number member, left out when `value` is `nil`; a value JSON cannot hold is `null`.
    mutating func optional(_ key: String, _ value: Double?) {
        if let value { raw(key, value.isFinite ? Self.number(value) : "null") }
    }

    /// A Boolean member.
    mutating func bool(_ key: String?, _ value: Bool) { raw(key, value ? "true" : "false") }

    /// A member whose value is already JSON.
    mutating func raw(_ key: String?, _ json: String) {
        prefix(key)
        text += json
    }

    /// A number as JSON writes it: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// `value` as a JSON string literal.
    static func quoted(_ value: String) -> String {
        var text = ""
        appendQuoted(value, to: &text)
        return text
    }

    /// Appends `value` as a JSON string literal.
    static func appendQuoted(_ value: String, to text: inout String) {
        text += "\""
        var plainStart = value.unicodeScalars.startIndex
        var index = plainStart
        let scalars = value.unicodeScalars
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escape: String?
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            default:
                escape = scalar.value < 0x20 || scalar.value == 0x7F ? "\\u" + hex4(scalar.value) : nil
            }
            if let escape {
                text.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
                text += escape
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        text.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
        text += "\""
    }

    private mutating func prefix(_ key: String?) {
        if let last = needsComma.indices.last {
            if needsComma[last] { text += "," }
            needsComma[last] = true
        }
        if let key {
            Self.appendQuoted(key, to: &text)
            text += ":"
        }
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
