/// A reader of Apple's binary property lists (`bplist00`), the form of the Messages database's
/// `payload_data` (link previews, shared places) and `message_summary_info` (edits, unsends).
///
/// Written here rather than through Foundation so that keyed archives' `UID` values survive and
/// every offset, count and nesting level of a hostile blob is checked: a blob that does not parse
/// gives `nil`.
enum BinaryPropertyList {
    /// One value of a property list.
    indirect enum Value: Equatable {
        case bool(Bool)
        case integer(Int64)
        case real(Double)
        case date(Double)
        case data([UInt8])
        case string(String)
        /// A keyed archive's reference to an entry of `$objects`.
        case uid(Int)
        case array([Value])
        case dictionary([String: Value])
        case null

        subscript(key: String) -> Value? {
            if case .dictionary(let entries) = self { return entries[key] }
            return nil
        }
        var string: String? {
            if case .string(let text) = self { return text }
            return nil
        }
        var array: [Value]? {
            if case .array(let values) = self { return values }
            return nil
        }
        var number: Double? {
            switch self {
            case .integer(let value): Double(value)
            case .real(let value), .date(let value): value
            default: nil
            }
        }
        var data: [UInt8]? {
            if case .data(let bytes) = self { return bytes }
            return nil
        }
    }

    /// The top value of `bytes`, or `nil` when it is not a well-formed binary property list.
    static func parse(_ bytes: [UInt8]) -> Value? {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else { return nil }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let count = number(bytes, at: trailer + 8, size: 8), let top = number(bytes, at: trailer + 16, size: 8),
            let table = number(bytes, at: trailer + 24, size: 8), count > 0, count < bytes.count, top < count,
            table >= 8, table <= trailer, count * offsetSize <= trailer - table
        else { return nil }
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for entry in 0..<count {
            guard let offset = number(bytes, at: table + entry * offsetSize, size: offsetSize), offset >= 8,
                offset < table
            else { return nil }
            offsets.append(offset)
        }
        var parser = Parser(bytes: bytes, offsets: offsets, referenceSize: referenceSize)
        return parser.object(top, depth: 0)
    }

    /// A big-endian unsigned number of `size` bytes at `offset`, `nil` past the end or above `Int.max`.
    fileprivate static func number(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= bytes.count, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int32.max) ? Int(value) : nil
    }

    private struct Parser {
        let bytes: [UInt8]
        let offsets: [Int]
        let referenceSize: Int
        var visited = 0

        mutating func object(_ reference: Int, depth: Int) -> Value? {
            visited += 1
            guard reference < offsets.count, depth < 64, visited < 1 << 20 else { return nil }
            let start = offsets[reference]
            let marker = bytes[start]
            let high = marker >> 4
            let low = Int(marker & 0x0F)
            switch high {
            case 0x0:
                switch marker {
                case 0x08: return .bool(false)
                case 0x09: return .bool(true)
                default: return .null
                }
            case 0x1:
                let size = 1 << low
                guard size <= 8, start + 1 + size <= bytes.count else { return nil }
                var value: UInt64 = 0
                for byte in bytes[start + 1..<start + 1 + size] { value = value << 8 | UInt64(byte) }
                return .integer(Int64(bitPattern: value))
            case 0x2, 0x3:
                let size = high == 0x3 ? 8 : 1 << low
                guard size == 4 || size == 8, start + 1 + size <= bytes.count else { return nil }
                var raw: UInt64 = 0
                for byte in bytes[start + 1..<start + 1 + size] { raw = raw << 8 | UInt64(byte) }
                let value = size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)
                return high == 0x3 ? .date(value) : .real(value)
            case 0x4, 0x5, 0x6: return bytesObject(high, low, at: start)
            case 0x8:
                guard let value = BinaryPropertyList.number(bytes, at: start + 1, size: low + 1) else { return nil }
                return .uid(value)
            case 0xA, 0xD: return collection(high, low, at: start, depth: depth)
            default:
                return .null
            }
        }

        /// Data (0x4), an ASCII string (0x5) or a UTF-16 string (0x6).
        private func bytesObject(_ high: UInt8, _ low: Int, at start: Int) -> Value? {
            guard let (count, body) = length(low, at: start) else { return nil }
            let size = high == 0x6 ? count * 2 : count
            guard size >= 0, body <= bytes.count, size <= bytes.count - body else { return nil }
            let content = Array(bytes[body..<body + size])
            switch high {
            case 0x4: return .data(content)
            case 0x5: return .string(String(decoding: content.map { $0 & 0x7F }, as: UTF8.self))
            default:
                let units = stride(from: 0, to: size, by: 2).map {
                    UInt16(content[$0]) << 8 | UInt16(content[$0 + 1])
                }
                return .string(String(decoding: units, as: UTF16.self))
            }
        }

        /// An array (0xA) or a dictionary (0xD, string keys only), read to `depth`.
        private mutating func collection(_ high: UInt8, _ low: Int, at start: Int, depth: Int) -> Value? {
            guard let (count, body) = length(low, at: start) else { return nil }
            let entries = high == 0xD ? count * 2 : count
            guard entries <= offsets.count * 2, body + entries * referenceSize <= bytes.count else { return nil }
            var references: [Int] = []
            for entry in 0..<entries {
                guard
                    let reference = BinaryPropertyList.number(
                        bytes, at: body + entry * referenceSize, size: referenceSize)
                else { return nil }
                references.append(reference)
            }
            if high == 0xA {
                var values: [Value] = []
                for reference in references {
                    guard let value = object(reference, depth: depth + 1) else { return nil }
                    values.append(value)
                }
                return .array(values)
            }
            var dictionary: [String: Value] = [:]
            for entry in 0..<count {
                guard case .string(let key)? = object(references[entry], depth: depth + 1),
                    let value = object(references[count + entry], depth: depth + 1)
                else { return nil }
                dictionary[key] = value
            }
            return .dictionary(dictionary)
        }

        /// A count in the marker's low nibble, or (0xF) in the integer object that follows it.
        private func length(_ low: Int, at start: Int) -> (Int, Int)? {
            guard low == 0xF else { return (low, start + 1) }
            guard start + 1 < bytes.count, bytes[start + 1] >> 4 == 0x1 else { return nil }
            let size = 1 << Int(bytes[start + 1] & 0x0F)
            guard size <= 8, let count = BinaryPropertyList.number(bytes, at: start + 2, size: size) else { return nil }
            return (count, start + 2 + size)
        }
    }
}
