/// Finding where text stops being UTF-8, so errors can name the line and column.
package enum UTF8Validation {
    /// The offset of the first byte in `range` that does not start or continue valid UTF-8.
    package static func firstInvalidOffset(in bytes: [UInt8], range: Range<Int>? = nil) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidOffset(in: $0, range: range) }
    }

    /// `firstInvalidOffset(in:range:)` in an input's bytes.
    package static func firstInvalidOffset(in bytes: InputBytes, range: Range<Int>? = nil) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidOffset(in: $0, range: range) }
    }

    /// `firstInvalidOffset(in:range:)` in bytes in memory.
    package static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil) -> Int? {
        let range = range ?? 0..<bytes.count
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: index += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= range.upperBound else { return index }
            for next in 1..<length where bytes[index + next] & 0xC0 != 0x80 { return index }
            let second = bytes[index + 1]
            if byte == 0xE0 && second < 0xA0 { return index }  // overlong
            if byte == 0xED && second > 0x9F { return index }  // surrogate
            if byte == 0xF0 && second < 0x90 { return index }  // overlong
            if byte == 0xF4 && second > 0x8F { return index }  // past U+10FFFF
            index += length
        }
        return nil
    }
}
