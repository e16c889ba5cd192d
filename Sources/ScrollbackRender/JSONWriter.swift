import ScrollbackModel

/// Writes pretty-printed JSON with sorted keys straight to a stream.
///
/// The layout JSON of a million messages should not be built as a tree first,
/// so objects are written member by member; each object's members are sorted
/// (by UTF-8 bytes, as `JSONEncoder.sortedKeys` does) before writing. The one JSON writer: layout
/// JSON, a site's manifest and its search shards (`compact`, one line).
package struct JSONWriter {
    /// How the text is laid out.
    package enum Style: Sendable {
        /// Two spaces of indent a level, a member or element a line, `"key" : value`.
        case pretty
        /// One line, no spaces: `{"key":value,…}`.
        case compact
    }

    private let style: Style
    /// Strings also escape `<`, for JSON inside a script (`JSONString`).
    private let scriptSafe: Bool
    /// Where the text goes, a piece of whole UTF-8 at a time.
    private let sink: ([UInt8]) -> Void
    private var indent = 0
    /// Bytes not yet handed to `output`: written in pieces of about 64 KiB, not one call per token.
    private var buffer: [UInt8] = []
    private static var flushSize: Int { 1 << 16 }

    /// A writer handing its text to `sink`, laid out in `style`; `scriptSafe` strings can sit in a
    /// script without ever spelling `</script>`.
    package init(style: Style = .pretty, scriptSafe: Bool = false, sink: @escaping ([UInt8]) -> Void) {
        self.style = style
        self.scriptSafe = scriptSafe
        self.sink = sink
        buffer.reserveCapacity(Self.flushSize + 4096)
    }

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
        case .string(let text): JSONString.append(text, scriptSafe: scriptSafe, to: &buffer)
        case .time(let time, let offset):
            buffer.append(0x22)
            time.appendRFC3339(utcOffset: offset, to: &buffer)
            buffer.append(0x22)
        case .array(let values):
            writeArray(count: values.count) { values[$0] }
        case .lazyArray(let count, let element):
            writeArray(count: count, element: element)
        case .orderedObject(let members):
            assert(Self.inKeyOrder(members))
            writeObject(members)
        case .listedObject(let members):
            writeObject(members)
        case .object(let members):
            // Writers list members in key order where they can: then checking is all the sorting.
            writeObject(
                Self.inKeyOrder(members) ? members : members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) })
        }
        if buffer.count >= Self.flushSize { flush() }
    }

    /// Whether `members` are sorted by the UTF-8 bytes of their keys.
    private static func inKeyOrder(_ members: [(String, Value)]) -> Bool {
        zip(members, members.dropFirst()).allSatisfy { $0.0.0.utf8.lexicographicallyPrecedes($0.1.0.utf8) }
    }

    private mutating func writeObject(_ sorted: [(String, Value)]) {
        if sorted.isEmpty {
            append("{}")
            return
        }
        open("{")
        for (index, member) in sorted.enumerated() {
            startItem(index)
            JSONString.append(member.0, scriptSafe: scriptSafe, to: &buffer)
            if style == .pretty { append(" : ") } else { append(":") }
            write(member.1)
        }
        close("}")
    }

    /// Appends raw text (already valid JSON) and hands every buffered byte to the sink.
    package mutating func finish(_ trailer: String = "") {
        append(trailer)
        flush()
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        sink(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func append(_ text: StaticString) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    /// Opens a container that has members or elements.
    private mutating func open(_ bracket: StaticString) {
        append(bracket)
        if style == .pretty { append("\n") }
        indent += 2
    }

    /// Starts the container's item `index`: after a comma unless it is the first.
    private mutating func startItem(_ index: Int) {
        switch style {
        case .pretty:
            if index > 0 { append(",\n") }
            appendIndent()
        case .compact:
            if index > 0 { append(",") }
        }
    }

    private mutating func close(_ bracket: StaticString) {
        indent -= 2
        if style == .pretty {
            append("\n")
            appendIndent()
        }
        append(bracket)
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 64)

    private mutating func appendIndent() {
        var left = indent
        while left > 0 {
            let piece = min(left, Self.spaces.count)
            buffer.append(contentsOf: Self.spaces[0..<piece])
            left -= piece
        }
    }

    private mutating func writeArray(count: Int, element: (Int) -> Value) {
        if count == 0 {
            append("[]")
            return
        }
        open("[")
        for index in 0..<count {
            startItem(index)
            write(element(index))
        }
        close("]")
    }
}
