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

    /// `firstInvalidOffset(in:range:)` in bytes in memory: the one table of well-formed UTF-8
    /// (no overlong forms, surrogates or scalars past U+10FFFF) every reader and the JSON parser use.
    package static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil) -> Int? {
        let range = range ?? 0..<bytes.count
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                continue
            }
            guard let length = sequenceLength(startingWith: byte), length > 1, index + length <= range.upperBound
            else { return index }
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

    /// Whether all of `bytes` is well-formed UTF-8.
    @inline(__always)
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstInvalidOffset(in: bytes) == nil
    }

    /// How many bytes the sequence that `byte` starts has, or `nil` when no sequence starts so
    /// (a continuation byte, or one that only an overlong or too-large form would use).
    @inline(__always)
    package static func sequenceLength(startingWith byte: UInt8) -> Int? {
        switch byte {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: nil
        }
    }
}
