/// Reads an `attributedBody` the way Messages writes it straight from the typedstream's bytes,
/// without decoding it into values: the `NSString`'s UTF-8 bytes, the (index, length) integers of
/// the runs, and each attribute dictionary's keys and values as bytes and numbers.
///
/// It follows only that form: a root `NSAttributedString` whose first value is its string, then
/// integers and objects made of strings, C strings, char arrays (an `NSData`'s bytes), integers,
/// other such objects and references to earlier ones (Messages writes an attribute's name once and
/// names it again by its number). Anything else (reals, other arrays, structures, a reference to a
/// class where an object belongs, a cut or damaged blob, a limit reached) gives `nil`, and
/// `AttributedBody` then reads the blob with the whole `TypedStream` decoder, whose answer for this
/// form is the same; a test holds the two to it.
struct AttributedBodyScanner {
    /// The string and the values after it.
    typealias Scanned = (text: String, items: [AttributedBody.Item])

    /// The body of `blob`, or `nil` when it is not in the form this reads.
    static func scan(_ blob: [UInt8]) -> Scanned? {
        var scanner = AttributedBodyScanner()
        return scanner.scan(blob)
    }

    /// The body of `blob` read with this scanner's tables, which keep their room from one body
    /// to the next (a reader of many bodies makes one scanner for all of them).
    mutating func scan(_ blob: [UInt8]) -> Scanned? {
        bytes = blob
        index = 0
        depth = 0
        strings.removeAll(keepingCapacity: true)
        table.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
        return try? scanArchive()
    }

    private struct Unsupported: Error {}
    private var bytes: [UInt8] = []
    private var index = 0
    /// The shared strings (type encodings, class names), where they are in `bytes`.
    private var strings: [Range<Int>] = []
    /// The numbered table of objects, classes and C strings.
    private var table: [Slot] = []
    /// The values after the string, as the last body gave them.
    private var items: [AttributedBody.Item] = []
    private var depth = 0
    // The typedstream decoder's limits, so that whatever it refuses this refuses too.
    private static let maxDepth = 64
    private static let maxItems = 1 << 20

    init() {
        // What a body of a few runs holds, so that the tables do not grow as they are read.
        strings.reserveCapacity(32)
        table.reserveCapacity(64)
        items.reserveCapacity(16)
    }

    /// What a number of the table stands for.
    private enum Slot {
        /// A class name or C string, where it is in `bytes`.
        case characters(Range<Int>)
        /// An object not read to its end yet: a reference to it is nil, as in the decoder.
        case pending
        /// An object read whole: what `object()` gave for it.
        case object(AttributedBody.Entry, entries: [AttributedBody.Entry]?)
    }

    private static let empty = AttributedBody.Entry(bytes: nil, number: nil)

    private mutating func scanArchive() throws(Unsupported) -> Scanned {
        let version = try byte()
        guard version == 4 || version == 3 else { throw Unsupported() }
        let signature = try unsharedString()
        guard equal(signature, Self.streamtyped) || equal(signature, Self.typedstream) else {
            throw Unsupported()
        }
        _ = try integer()  // the system version
        guard try isObjectGroup(), try byte() == 0x84 else { throw Unsupported() }
        try remember(.pending)
        guard try classChain(names: Self.attributedString) else {
            throw Unsupported()
        }
        try nest()
        guard try isObjectGroup(), let text = try object().entry.bytes else { throw Unsupported() }
        while let types = try typeString() {
            for type in bytes[types] {
                if type == UInt8(ascii: "@") {
                    let item = try object().entries.map { AttributedBody.Item.dictionary($0) } ?? .other
                    items.append(item)
                } else if Self.isInteger(type) {
                    let number = try integer()
                    items.append(.integer(number))
                } else {
                    throw Unsupported()
                }
                // The string counts too: it is a value of the same object.
                guard items.count + 1 < Self.maxItems else { throw Unsupported() }
            }
        }
        return (String(decoding: text, as: UTF8.self), items)
    }

    private static let streamtyped = Array("streamtyped".utf8)
    private static let typedstream = Array("typedstream".utf8)

    /// Whether `type` is one of the integer types (`cCsSiIlLqQB`).
    private static func isInteger(_ type: UInt8) -> Bool {
        switch type {
        case UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "i"),
            UInt8(ascii: "I"), UInt8(ascii: "l"), UInt8(ascii: "L"), UInt8(ascii: "q"), UInt8(ascii: "Q"),
            UInt8(ascii: "B"):
            true
        default: false
        }
    }

    /// Whether the bytes at `range` are `name`'s.
    private func equal(_ range: Range<Int>, _ name: [UInt8]) -> Bool {
        guard range.count == name.count else { return false }
        for (offset, byte) in name.enumerated() where bytes[range.lowerBound + offset] != byte { return false }
        return true
    }

    // MARK: Objects

    /// An object's last string and number (and, for an `NSDictionary`, its values after the count):
    /// a new one, nil, or one read before.
    private mutating func object() throws(Unsupported) -> (
        entry: AttributedBody.Entry, entries: [AttributedBody.Entry]?
    ) {
        let head = try byte()
        switch head {
        case 0x84: break
        case 0x85: return (Self.empty, nil)
        default:
            let number = try reference(head: head)
            guard number < table.count else { throw Unsupported() }
            switch table[number] {
            case .object(let entry, let entries): return (entry, entries)
            case .pending: return (Self.empty, nil)
            case .characters: throw Unsupported()
            }
        }
        let slot = table.count
        try remember(.pending)
        let isDictionary = try classChain(names: Self.dictionary)
        try nest()
        defer { depth -= 1 }
        var entry = Self.empty
        var entries: [AttributedBody.Entry] = []
        // An attribute dictionary holds a few keys and values: room for them at once.
        if isDictionary { entries.reserveCapacity(8) }
        var count = 0
        while let types = try typeString() {
            var position = types.lowerBound
            while position < types.upperBound {
                let value: AttributedBody.Entry
                if bytes[position] == UInt8(ascii: "[") {
                    (value, position) = try charArray(types, at: position)
                } else {
                    value = try self.value(bytes[position])
                    position += 1
                }
                if let found = value.bytes { entry.bytes = found }
                if let found = value.number { entry.number = found }
                if isDictionary, count > 0 { entries.append(value) }
                count += 1
            }
            guard count < Self.maxItems else { throw Unsupported() }
        }
        table[slot] = .object(entry, entries: isDictionary ? entries : nil)
        return (entry, isDictionary ? entries : nil)
    }

    /// `[Nc]` in `types` at `position`: N bytes, and the position after the type.
    private mutating func charArray(_ types: Range<Int>, at position: Int) throws(Unsupported) -> (
        AttributedBody.Entry, Int
    ) {
        var cursor = position + 1
        var count = 0
        while cursor < types.upperBound, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) {
            count = count * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
            guard count <= bytes.count - index else { throw Unsupported() }
            cursor += 1
        }
        guard cursor + 1 < types.upperBound, bytes[cursor] == UInt8(ascii: "c") || bytes[cursor] == UInt8(ascii: "C"),
            bytes[cursor + 1] == UInt8(ascii: "]")
        else { throw Unsupported() }
        defer { index += count }
        return (AttributedBody.Entry(bytes: bytes[index..<index + count], number: nil), cursor + 2)
    }

    private mutating func value(_ type: UInt8) throws(Unsupported) -> AttributedBody.Entry {
        switch type {
        case UInt8(ascii: "@"): return try object().entry
        case UInt8(ascii: "+"): return AttributedBody.Entry(bytes: bytes[try unsharedString()], number: nil)
        case UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: ":"):
            return AttributedBody.Entry(bytes: try cString().map { bytes[$0] }, number: nil)
        default:
            guard Self.isInteger(type) else { throw Unsupported() }
            return AttributedBody.Entry(bytes: nil, number: try integer())
        }
    }

    /// A C string: new (its characters a shared string), nil, or one seen before.
    private mutating func cString() throws(Unsupported) -> Range<Int>? {
        let head = try byte()
        switch head {
        case 0x84:
            let characters = try sharedString() ?? index..<index
            try remember(.characters(characters))
            return characters
        case 0x85: return nil
        default: return try recalled(head)
        }
    }

    private static let attributedString = Array("NSAttributedString".utf8)
    private static let dictionary = Array("NSDictionary".utf8)

    /// Reads a class and its superclasses (a class seen before ends it, as its superclasses were
    /// written with it); whether one of them is `name`.
    private mutating func classChain(names name: [UInt8]) throws(Unsupported) -> Bool {
        var found = false
        var count = 0
        while true {
            let head = try byte()
            switch head {
            case 0x85: return found
            case 0x84:
                guard let characters = try sharedString() else { throw Unsupported() }
                _ = try integer()  // the class version
                found = found || equal(characters, name)
                try remember(.characters(characters))
                count += 1
                guard count < Self.maxDepth else { throw Unsupported() }
            default:
                let last = try recalled(head)
                return found || equal(last, name)
            }
        }
    }

    private mutating func remember(_ slot: Slot) throws(Unsupported) {
        guard table.count < Self.maxItems else { throw Unsupported() }
        table.append(slot)
    }

    /// The class name or C string a reference names.
    private mutating func recalled(_ head: UInt8) throws(Unsupported) -> Range<Int> {
        let number = try reference(head: head)
        guard number < table.count, case .characters(let characters) = table[number] else { throw Unsupported() }
        return characters
    }

    private mutating func nest() throws(Unsupported) {
        depth += 1
        guard depth <= Self.maxDepth else { throw Unsupported() }
    }

    // MARK: Bytes

    private mutating func byte() throws(Unsupported) -> UInt8 {
        guard index < bytes.count else { throw Unsupported() }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func integer(head: UInt8) throws(Unsupported) -> Int64 {
        switch head {
        case 0x81: return Int64(Int16(truncatingIfNeeded: try littleEndian(2)))
        case 0x82: return Int64(Int32(truncatingIfNeeded: try littleEndian(4)))
        case 0x83...0x86: throw Unsupported()
        default: return Int64(Int8(bitPattern: head))
        }
    }

    private mutating func integer() throws(Unsupported) -> Int64 { try integer(head: try byte()) }

    private mutating func littleEndian(_ count: Int) throws(Unsupported) -> UInt64 {
        guard count <= bytes.count - index else { throw Unsupported() }
        var value: UInt64 = 0
        for shift in 0..<count { value |= UInt64(bytes[index + shift]) << (8 * UInt64(shift)) }
        index += count
        return value
    }

    private mutating func unsharedString() throws(Unsupported) -> Range<Int> {
        let length = try integer()
        guard length >= 0, length <= Int64(bytes.count - index) else { throw Unsupported() }
        defer { index += Int(length) }
        return index..<index + Int(length)
    }

    private mutating func sharedString() throws(Unsupported) -> Range<Int>? {
        let head = try byte()
        switch head {
        case 0x84:
            let string = try unsharedString()
            strings.append(string)
            return string
        case 0x85: return nil
        default:
            let number = try reference(head: head)
            guard number < strings.count else { throw Unsupported() }
            return strings[number]
        }
    }

    private mutating func reference(head: UInt8) throws(Unsupported) -> Int {
        let number = try integer(head: head) + 110
        guard number >= 0, number < Int64(Self.maxItems) else { throw Unsupported() }
        return Int(number)
    }

    /// The type encoding of the next group, `nil` at the end of an object.
    private mutating func typeString() throws(Unsupported) -> Range<Int>? {
        guard index < bytes.count else { throw Unsupported() }
        if bytes[index] == 0x86 {
            index += 1
            return nil
        }
        guard let types = try sharedString(), !types.isEmpty else { throw Unsupported() }
        return types
    }

    private mutating func isObjectGroup() throws(Unsupported) -> Bool {
        guard let types = try typeString() else { return false }
        return types.count == 1 && bytes[types.lowerBound] == UInt8(ascii: "@")
    }
}
