/// A decoder of NeXTSTEP/Apple "typedstream" archives (`NSArchiver`), the form of the Messages
/// database's `attributedBody` column (an `NSAttributedString`).
///
/// No library on Debian reads this format, so Scrollback has its own: it turns the archive into
/// plain values (objects with their class names and contents, numbers, strings, bytes) without
/// knowing any class, and `AttributedBody` reads the attributed string out of them. Every length
/// and reference is checked against the bytes, nesting is bounded, and a blob that does not decode
/// gives `nil`, never a crash.
struct TypedStream {
    /// One decoded value.
    indirect enum Value: Equatable {
        case integer(Int64)
        case real(Double)
        /// Bytes of a string (`+`, `*`, `:`, `%`) or a char array, as stored (UTF-8 for `NSString`).
        case bytes([UInt8])
        case object(Object)
        case array([Value])
        case null
    }

    /// An archived object: its class chain (most derived first) and the values it wrote, in order.
    struct Object: Equatable {
        var classes: [String]
        var contents: [Value]
        /// The class name the object was archived under.
        var className: String { classes.first ?? "" }
    }

    /// The root values of `bytes`, or `nil` when it is not a typedstream archive.
    static func decode(_ bytes: [UInt8]) -> [Value]? {
        var stream = TypedStream(bytes: bytes)
        return try? stream.readArchive()
    }

    private struct Malformed: Error {}
    private let bytes: [UInt8]
    private var index = 0
    private var strings: [[UInt8]] = []
    /// Objects, classes and C strings, numbered in the order they appear (references count in one table).
    private var objects: [Value] = []
    private var depth = 0
    private static let maxDepth = 64
    private static let maxItems = 1 << 20

    private static let tagInteger2: UInt8 = 0x81
    private static let tagInteger4: UInt8 = 0x82
    private static let tagReal: UInt8 = 0x83
    private static let tagNew: UInt8 = 0x84
    private static let tagNil: UInt8 = 0x85
    private static let tagEnd: UInt8 = 0x86
    /// References are numbered from this (signed) value: 0x92 is the first.
    private static let firstReference: Int64 = -110

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func readArchive() throws(Malformed) -> [Value] {
        let version = try byte()
        guard version == 4 || version == 3 else { throw Malformed() }
        let signature = try unsharedString()
        guard signature == Array("streamtyped".utf8) || signature == Array("typedstream".utf8) else {
            throw Malformed()
        }
        _ = try integer()  // the system version
        var values: [Value] = []
        while index < bytes.count {
            // Bytes after a whole root value (some blobs carry a trailing end tag or padding) are left alone.
            do {
                guard let group = try typeString() else { break }
                values += try readValues(ofTypes: group)
            } catch {
                if values.isEmpty { throw error }
                break
            }
        }
        return values
    }

    // MARK: Primitive reads

    private mutating func byte() throws(Malformed) -> UInt8 {
        guard index < bytes.count else { throw Malformed() }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func take(_ count: Int) throws(Malformed) -> [UInt8] {
        guard count >= 0, count <= bytes.count - index else { throw Malformed() }
        defer { index += count }
        return Array(bytes[index..<index + count])
    }

    private mutating func littleEndian(_ count: Int) throws(Malformed) -> UInt64 {
        var value: UInt64 = 0
        for (shift, byte) in try take(count).enumerated() { value |= UInt64(byte) << (8 * UInt64(shift)) }
        return value
    }

    /// An integer after its first byte `head`: one signed byte, or 2 or 4 little-endian bytes after a tag.
    private mutating func integer(head: UInt8) throws(Malformed) -> Int64 {
        switch head {
        case Self.tagInteger2: return Int64(Int16(truncatingIfNeeded: try littleEndian(2)))
        case Self.tagInteger4: return Int64(Int32(truncatingIfNeeded: try littleEndian(4)))
        default: return Int64(Int8(bitPattern: head))
        }
    }

    private mutating func integer() throws(Malformed) -> Int64 { try integer(head: try byte()) }

    private mutating func real(_ size: Int) throws(Malformed) -> Double {
        let head = try byte()
        guard head == Self.tagReal else { return Double(try integer(head: head)) }
        let raw = try littleEndian(size)
        return size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))) : Double(bitPattern: raw)
    }

    private mutating func unsharedString() throws(Malformed) -> [UInt8] {
        let length = try integer()
        guard length >= 0, length <= Int64(bytes.count) else { throw Malformed() }
        return try take(Int(length))
    }

    /// A string kept in the shared table (type encodings, class names): new, nil or a reference.
    private mutating func sharedString() throws(Malformed) -> [UInt8]? {
        let head = try byte()
        switch head {
        case Self.tagNew:
            let string = try unsharedString()
            strings.append(string)
            return string
        case Self.tagNil: return nil
        default:
            let number = try reference(head: head)
            guard number < strings.count else { throw Malformed() }
            return strings[number]
        }
    }

    private mutating func reference(head: UInt8) throws(Malformed) -> Int {
        let number = try integer(head: head) - Self.firstReference
        guard number >= 0, number < Int64(Self.maxItems) else { throw Malformed() }
        return Int(number)
    }

    /// The type encoding of the next group of values; `nil` at the end of an object.
    private mutating func typeString() throws(Malformed) -> [UInt8]? {
        guard index < bytes.count else { return nil }
        if bytes[index] == Self.tagEnd {
            index += 1
            return nil
        }
        guard let types = try sharedString(), !types.isEmpty else { throw Malformed() }
        return types
    }

    // MARK: Values

    private mutating func readValues(ofTypes types: [UInt8]) throws(Malformed) -> [Value] {
        var values: [Value] = []
        var position = 0
        while position < types.count {
            let (value, next) = try readValue(types, at: position)
            values.append(value)
            position = next
        }
        return values
    }

    /// Reads one value of the type starting at `types[position]`; returns it and the next type's position.
    private mutating func readValue(_ types: [UInt8], at position: Int) throws(Malformed) -> (Value, Int) {
        let type = types[position]
        switch type {
        case UInt8(ascii: "@"): return (try object(), position + 1)
        case UInt8(ascii: "+"): return (.bytes(try unsharedString()), position + 1)
        case UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: ":"): return (try cString(), position + 1)
        case UInt8(ascii: "#"): return (try classChain().map { .bytes(Array($0[0].utf8)) } ?? .null, position + 1)
        case UInt8(ascii: "f"): return (.real(try real(4)), position + 1)
        case UInt8(ascii: "d"): return (.real(try real(8)), position + 1)
        case UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "i"),
            UInt8(ascii: "I"), UInt8(ascii: "l"), UInt8(ascii: "L"), UInt8(ascii: "q"), UInt8(ascii: "Q"),
            UInt8(ascii: "B"):
            return (.integer(try integer()), position + 1)
        case UInt8(ascii: "["): return try array(types, at: position)
        case UInt8(ascii: "{"): return try structure(types, at: position)
        default: throw Malformed()
        }
    }

    /// `[Nt]`: N values of type t; a char array is its bytes.
    private mutating func array(_ types: [UInt8], at position: Int) throws(Malformed) -> (Value, Int) {
        var cursor = position + 1
        var count = 0
        while cursor < types.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(types[cursor]) {
            count = count * 10 + Int(types[cursor] - UInt8(ascii: "0"))
            guard count <= bytes.count else { throw Malformed() }
            cursor += 1
        }
        guard cursor < types.count else { throw Malformed() }
        if types[cursor] == UInt8(ascii: "c") || types[cursor] == UInt8(ascii: "C") {
            let content = try take(count)
            guard cursor + 1 < types.count, types[cursor + 1] == UInt8(ascii: "]") else { throw Malformed() }
            return (.bytes(content), cursor + 2)
        }
        var elements: [Value] = []
        var after = cursor
        try nest()
        defer { depth -= 1 }
        for _ in 0..<count {
            let (value, next) = try readValue(types, at: cursor)
            elements.append(value)
            after = next
        }
        if count == 0 { after = try skipType(types, at: cursor) }
        guard after < types.count, types[after] == UInt8(ascii: "]") else { throw Malformed() }
        return (.array(elements), after + 1)
    }

    /// `{name=types}`: the fields in order.
    private mutating func structure(_ types: [UInt8], at position: Int) throws(Malformed) -> (Value, Int) {
        var cursor = position + 1
        while cursor < types.count, types[cursor] != UInt8(ascii: "=") {
            guard types[cursor] != UInt8(ascii: "}") else { return (.array([]), cursor + 1) }
            cursor += 1
        }
        cursor += 1
        var fields: [Value] = []
        try nest()
        defer { depth -= 1 }
        while cursor < types.count, types[cursor] != UInt8(ascii: "}") {
            let (value, next) = try readValue(types, at: cursor)
            fields.append(value)
            cursor = next
        }
        guard cursor < types.count else { throw Malformed() }
        return (.array(fields), cursor + 1)
    }

    /// The position after the type at `position`, reading nothing.
    private func skipType(_ types: [UInt8], at position: Int) throws(Malformed) -> Int {
        guard position < types.count else { throw Malformed() }
        let open = types[position]
        guard open == UInt8(ascii: "[") || open == UInt8(ascii: "{") else { return position + 1 }
        let close = open == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
        var level = 0
        for cursor in position..<types.count {
            if types[cursor] == open { level += 1 }
            if types[cursor] == close {
                level -= 1
                if level == 0 { return cursor + 1 }
            }
        }
        throw Malformed()
    }

    /// A C string: numbered in the object table, its characters a shared string.
    private mutating func cString() throws(Malformed) -> Value {
        let head = try byte()
        switch head {
        case Self.tagNew:
            let value = Value.bytes(try sharedString() ?? [])
            try remember(value)
            return value
        case Self.tagNil: return .null
        default: return try recalled(head)
        }
    }

    private mutating func object() throws(Malformed) -> Value {
        let head = try byte()
        switch head {
        case Self.tagNil: return .null
        case Self.tagNew:
            let slot = objects.count
            try remember(.null)
            let classes = try classChain() ?? []
            var contents: [Value] = []
            try nest()
            defer { depth -= 1 }
            while let group = try typeString() {
                contents += try readValues(ofTypes: group)
                guard contents.count < Self.maxItems else { throw Malformed() }
            }
            let value = Value.object(Object(classes: classes, contents: contents))
            objects[slot] = value
            return value
        default: return try recalled(head)
        }
    }

    /// A class and its superclasses, each new one numbered in the object table.
    private mutating func classChain() throws(Malformed) -> [String]? {
        var chain: [String] = []
        while true {
            let head = try byte()
            switch head {
            case Self.tagNil: return chain
            case Self.tagNew:
                guard let name = try sharedString() else { throw Malformed() }
                _ = try integer()  // the class version
                let className = String(decoding: name, as: UTF8.self)
                chain.append(className)
                try remember(.bytes(Array(className.utf8)))
                guard chain.count < Self.maxDepth else { throw Malformed() }
            default:
                // A class seen before ends the chain: its superclasses were written with it.
                guard case .bytes(let name) = try recalled(head) else { throw Malformed() }
                chain.append(String(decoding: name, as: UTF8.self))
                return chain
            }
        }
    }

    private mutating func remember(_ value: Value) throws(Malformed) {
        guard objects.count < Self.maxItems else { throw Malformed() }
        objects.append(value)
    }

    private mutating func recalled(_ head: UInt8) throws(Malformed) -> Value {
        let number = try reference(head: head)
        guard number < objects.count else { throw Malformed() }
        return objects[number]
    }

    private mutating func nest() throws(Malformed) {
        depth += 1
        guard depth <= Self.maxDepth else { throw Malformed() }
    }
}
