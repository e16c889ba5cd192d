/// The members of one message object that `MessageDecoder` reads, found in one pass.
///
/// Looking each field up by name would scan the members and compare strings a dozen
/// times per message; this reads each member once and keeps it by field. A key that is
/// repeated keeps its last value, as `JSONValue`'s subscript does.
struct MessageMembers {
    private var found: [JSONValue?]

    /// The fields of `value`, an object (any other value has none).
    init(_ value: JSONValue) {
        found = Array(repeating: nil, count: Field.allCases.count)
        guard case .object(let members) = value.kind else { return }
        for member in members {
            if let field = Field.named(member.key) { found[field.index] = member.value }
        }
    }

    /// The member for `field`, if the object has one (`null` included).
    subscript(field: Field) -> JSONValue? { found[field.index] }
}

extension MessageMembers.Field {
    /// The field spelled `key`, or `nil`. Every member of every message is looked up, and
    /// `init(rawValue:)` over this many cases hashes the key into a cache each time; comparing
    /// the bytes of the few names of the key's length costs a fraction of that.
    static func named(_ key: String) -> Self? {
        var key = key
        return key.withUTF8 { bytes in
            guard bytes.count < byLength.count else { return nil }
            for (name, field) in byLength[bytes.count] where name.count == bytes.count {
                var index = 0
                while index < name.count && name[index] == bytes[index] { index += 1 }
                if index == name.count { return field }
            }
            return nil
        }
    }

    /// The names by their length in bytes.
    private static let byLength: [[(name: [UInt8], field: Self)]] = {
        let longest = allCases.map(\.rawValue.utf8.count).max() ?? 0
        var table = Array(repeating: [(name: [UInt8], field: Self)](), count: longest + 1)
        for field in allCases { table[field.rawValue.utf8.count].append((Array(field.rawValue.utf8), field)) }
        return table
    }()

}
