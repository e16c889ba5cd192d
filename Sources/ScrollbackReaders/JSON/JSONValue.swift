/// A parsed JSON value that remembers where it started in the input.
///
/// Readers need positions for their errors (`trip.json:12:5: message 3 has no
/// "sender"`), and Foundation's JSON parsers do not report where a value came
/// from, so Scrollback carries its own small parser (`JSONParser`).
package struct JSONValue: Sendable, Hashable {
    /// The value.
    package var kind: Kind
    /// Byte offset of the value's first byte in the input.
    package var offset: Int

    /// What a JSON value can be.
    package enum Kind: Sendable, Hashable {
        case null
        case bool(Bool)
        /// A number, kept as written (`1`, `-2.5e3`) so large ids lose nothing.
        case number(String)
        case string(String)
        case array([JSONValue])
        /// Members in input order; a repeated key keeps the last value on look-up.
        case object([(key: String, value: JSONValue)])

        package static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): return true
            case (.bool(let a), .bool(let b)): return a == b
            case (.number(let a), .number(let b)): return a == b
            case (.string(let a), .string(let b)): return a == b
            case (.array(let a), .array(let b)): return a == b
            case (.object(let a), .object(let b)):
                return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: return false
            }
        }

        package func hash(into hasher: inout Hasher) {
            switch self {
            case .null: hasher.combine(0)
            case .bool(let value): hasher.combine(value)
            case .number(let value): hasher.combine(value)
            case .string(let value): hasher.combine(value)
            case .array(let value): hasher.combine(value)
            case .object(let members):
                for member in members {
                    hasher.combine(member.key)
                    hasher.combine(member.value)
                }
            }
        }
    }

    /// Creates a value.
    package init(_ kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// The member named `key` of an object (the last one, if repeated).
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The string, if this is one.
    package var string: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    /// The number as written, if this is one.
    package var numberText: String? {
        if case .number(let value) = kind { return value }
        return nil
    }

    /// The number as a `Double`, if this is one.
    package var double: Double? { numberText.flatMap(Double.init) }

    /// The number as an `Int`, if it is a whole number that fits.
    package var int: Int? {
        guard let text = numberText else { return nil }
        if let value = Int(text) { return value }
        guard let value = Double(text), value.rounded() == value, abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    /// The Boolean, if this is one.
    package var bool: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }

    /// The elements, if this is an array.
    package var array: [JSONValue]? {
        if case .array(let value) = kind { return value }
        return nil
    }

    /// The members, if this is an object.
    package var members: [(key: String, value: JSONValue)]? {
        if case .object(let value) = kind { return value }
        return nil
    }

    /// Whether this is `null`.
    package var isNull: Bool { kind == .null }

    /// A string or a number, as text: ids are written both ways in real exports.
    package var scalarText: String? { string ?? numberText }

    /// A short name of the value's type, for error messages.
    package var typeName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
