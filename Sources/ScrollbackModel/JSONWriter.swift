/// Writes JSON, once for every JSON Scrollback makes: the layout JSON, the native log an
/// archive is written in, and every other JSON file or message.
///
/// Two layouts: `.pretty` (two-space indents, `" : "`, each object's members sorted by their
/// UTF-8 bytes, as `JSONEncoder.sortedKeys` does) and `.compact` (one line, no spaces, members
/// in the order they are written). A value is written either whole, as a `Value` (members of a
/// layout JSON object listed and written lazily, so a million messages are never built as one
/// tree), or member by member with `openObject`, `string`, … `closeObject` (what a native log
/// line is made of). Strings are quoted by `JSONString`.
package struct JSONWriter {
    /// How the JSON is laid out.
    package enum Style: Sendable {
        /// Indented, `" : "` after keys, an object's members sorted by key.
        case pretty
        /// One line, no spaces, members in the order they are written.
        case compact
    }

    /// Where the text goes, a piece of whole UTF-8 at a time; `nil` keeps it all in `bytes`.
    private let sink: (([UInt8]) -> Void)?
    private let style: Style
    /// Strings also escape `<`, for JSON inside a script (see `JSONString`).
    private let scriptSafe: Bool
    private var indent = 0
    /// Bytes not yet handed to the sink: written in pieces of about 64 KiB, not one call per token.
    private(set) package var bytes: [UInt8] = []
    /// For each object or array opened member by member and not yet closed: whether it has a
    /// member (a comma then goes before the next).
    private var hasMembers: [Bool] = []
    private static var flushSize: Int { 1 << 16 }

    /// A writer that hands its text to `sink` in pieces; call `finish()` after the last value.
    /// `scriptSafe` strings can sit in a script without ever spelling `</script>`.
    package init(style: Style = .pretty, scriptSafe: Bool = false, sink: @escaping ([UInt8]) -> Void) {
        self.sink = sink
        self.style = style
        self.scriptSafe = scriptSafe
        bytes.reserveCapacity(Self.flushSize + 4096)
    }

    /// A writer that keeps its text, for `text` or `bytes`.
    package init(style: Style = .compact, scriptSafe: Bool = false) {
        self.sink = nil
        self.style = style
        self.scriptSafe = scriptSafe
    }

    /// The JSON written so far (a writer without a sink).
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A JSON value whose members are written lazily.
    package enum Value {
        case null
        case bool(Bool)
        case int(Int)
        case string(String)
        case array([Value])
        case object([(String, Value)])
        /// An object whose members the caller lists in key order already: nothing to check.
        case orderedObject([(String, Value)])
        /// An object whose members are written in the order listed, for a format that fixes an
        /// order of its own (a search shard's `c`, `p`, `d`, `m`).
        case listedObject([(String, Value)])
        /// A time as an RFC 3339 string at a UTC offset, written without making the string.
        case time(Timestamp, utcOffset: Int32)
        /// An array written element by element from a sequence, without holding it.
        case lazyArray(count: Int, element: (Int) -> Value)
    }

    /// Writes `value`; call `finish()` after the last value.
    package mutating func write(_ value: Value) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .int(let number): append(String(number))
        case .string(let text): JSONString.append(text, scriptSafe: scriptSafe, to: &bytes)
        case .time(let time, let offset):
            bytes.append(0x22)
            time.appendRFC3339(utcOffset: offset, to: &bytes)
            bytes.append(0x22)
        case .array(let values):
            writeArray(count: values.count) { values[$0] }
        case .lazyArray(let count, let element):
            writeArray(count: count, element: element)
        case .orderedObject(let members):
            assert(style == .compact || Self.inKeyOrder(members))
            writeObject(members)
        case .listedObject(let members):
            writeObject(members)
        case .object(let members):
            // Writers list members in key order where they can: then checking is all the sorting.
            writeObject(
                Self.inKeyOrder(members)
                    ? members : members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) })
        }
        if sink != nil && bytes.count >= Self.flushSize { flush() }
    }

    /// Appends raw text (already valid JSON) and hands every buffered byte to the sink.
    package mutating func finish(_ trailer: String = "") {
        append(trailer)
        flush()
    }

    // MARK: Member by member

    /// Opens an object (`{`), as a member's value when `key` is given.
    package mutating func openObject(_ key: String? = nil) {
        prefix(key)
        bytes.append(UInt8(ascii: "{"))
        open()
    }

    /// Closes the innermost object.
    package mutating func closeObject() { close(UInt8(ascii: "}")) }

    /// Opens an array (`[`), as a member's value when `key` is given.
    package mutating func openArray(_ key: String? = nil) {
        prefix(key)
        bytes.append(UInt8(ascii: "["))
        open()
    }

    /// Closes the innermost array.
    package mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// A string member (or array element when `key` is `nil`).
    package mutating func string(_ key: String?, _ value: String) {
        prefix(key)
        JSONString.append(value, scriptSafe: scriptSafe, to: &bytes)
    }

    /// A string member, left out when `value` is `nil`.
    package mutating func optional(_ key: String, _ value: String?) {
        if let value { string(key, value) }
    }

    /// A whole-number member, left out when `value` is `nil`.
    package mutating func optional(_ key: String, _ value: Int?) {
        if let value { raw(key, String(value)) }
    }

    /// A number member, left out when `value` is `nil`; a value JSON cannot hold is `null`.
    package mutating func optional(_ key: String, _ value: Double?) {
        if let value { raw(key, value.isFinite ? Self.number(value) : "null") }
    }

    /// A Boolean member (or array element when `key` is `nil`).
    package mutating func bool(_ key: String?, _ value: Bool) { raw(key, value ? "true" : "false") }

    /// Free-form metadata as a member (or array element when `key` is `nil`): an object's
    /// members sorted by key (the model does not keep their order), a number JSON cannot hold as
    /// `null`.
    package mutating func meta(_ key: String?, _ value: MetaValue) {
        switch value {
        case .null: raw(key, "null")
        case .bool(let flag): bool(key, flag)
        case .number(let number): raw(key, number.isFinite ? Self.number(number) : "null")
        case .string(let text): string(key, text)
        case .array(let items):
            openArray(key)
            for item in items { meta(nil, item) }
            closeArray()
        case .object(let members):
            openObject(key)
            for name in members.keys.sorted() { meta(name, members[name]!) }
            closeObject()
        }
    }

    /// A member (or array element) whose value is already JSON.
    package mutating func raw(_ key: String?, _ json: String) {
        prefix(key)
        bytes.append(contentsOf: json.utf8)
    }

    /// A number as JSON writes it: whole numbers without a fraction.
    package static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    private mutating func open() {
        hasMembers.append(false)
        if style == .pretty { indent += 2 }
    }

    private mutating func close(_ bracket: UInt8) {
        let had = hasMembers.removeLast()
        if style == .pretty {
            indent -= 2
            if had {
                bytes.append(0x0A)
                appendIndent()
            }
        }
        bytes.append(bracket)
    }

    /// What goes before a member or element opened member by member: a comma after the first,
    /// the line break and indent (`.pretty`), and the key.
    private mutating func prefix(_ key: String?) {
        if let last = hasMembers.indices.last {
            if hasMembers[last] { bytes.append(UInt8(ascii: ",")) }
            hasMembers[last] = true
            if style == .pretty {
                bytes.append(0x0A)
                appendIndent()
            }
        }
        if let key {
            JSONString.append(key, scriptSafe: scriptSafe, to: &bytes)
            if style == .pretty { append(" : ") } else { bytes.append(UInt8(ascii: ":")) }
        }
    }

    // MARK: Whole values

    /// Whether `members` are sorted by the UTF-8 bytes of their keys.
    private static func inKeyOrder(_ members: [(String, Value)]) -> Bool {
        zip(members, members.dropFirst()).allSatisfy { $0.0.0.utf8.lexicographicallyPrecedes($0.1.0.utf8) }
    }

    private mutating func writeObject(_ sorted: [(String, Value)]) {
        if sorted.isEmpty {
            append("{}")
            return
        }
        if style == .compact {
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in sorted.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONString.append(member.0, scriptSafe: scriptSafe, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                write(member.1)
            }
            bytes.append(UInt8(ascii: "}"))
            return
        }
        append("{\n")
        indent += 2
        for (index, member) in sorted.enumerated() {
            appendIndent()
            JSONString.append(member.0, scriptSafe: scriptSafe, to: &bytes)
            append(" : ")
            write(member.1)
            append(index == sorted.count - 1 ? "\n" : ",\n")
        }
        indent -= 2
        appendIndent()
        append("}")
    }

    private mutating func writeArray(count: Int, element: (Int) -> Value) {
        if count == 0 {
            append("[]")
            return
        }
        if style == .compact {
            bytes.append(UInt8(ascii: "["))
            for index in 0..<count {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element(index))
            }
            bytes.append(UInt8(ascii: "]"))
            return
        }
        append("[\n")
        indent += 2
        for index in 0..<count {
            appendIndent()
            write(element(index))
            append(index == count - 1 ? "\n" : ",\n")
        }
        indent -= 2
        appendIndent()
        append("]")
    }

    private mutating func flush() {
        guard let sink, !bytes.isEmpty else { return }
        sink(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 64)

    private mutating func appendIndent() {
        var left = indent
        while left > 0 {
            let piece = min(left, Self.spaces.count)
            bytes.append(contentsOf: Self.spaces[0..<piece])
            left -= piece
        }
    }
}
