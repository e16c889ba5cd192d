import ScrollbackModel

/// Builds one line of JSON: keys in the order they are added, strings quoted by `JSONString`, no
/// spaces.
struct JSONText {
    private var bytes: [UInt8] = []
    private var needsComma: [Bool] = []

    /// The JSON so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Opens an object (`{`), as a member's value when `key` is given.
    mutating func openObject(_ key: String? = nil) {
        prefix(key)
        bytes.append(UInt8(ascii: "{"))
        needsComma.append(false)
    }

    /// Closes the innermost object.
    mutating func closeObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma.removeLast()
    }

    /// Opens an array (`[`), as a member's value when `key` is given.
    mutating func openArray(_ key: String? = nil) {
        prefix(key)
        bytes.append(UInt8(ascii: "["))
        needsComma.append(false)
    }

    /// Closes the innermost array.
    mutating func closeArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma.removeLast()
    }

    /// A string member (or array element when `key` is `nil`).
    mutating func string(_ key: String?, _ value: String) {
        prefix(key)
        JSONString.append(value, to: &bytes)
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
        bytes.append(contentsOf: json.utf8)
    }

    /// A number as JSON writes it: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    private mutating func prefix(_ key: String?) {
        if let last = needsComma.indices.last {
            if needsComma[last] { bytes.append(UInt8(ascii: ",")) }
            needsComma[last] = true
        }
        if let key {
            JSONString.append(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
        }
    }
}
