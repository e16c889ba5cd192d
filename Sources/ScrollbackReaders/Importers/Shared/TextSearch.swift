import Foundation

/// Finding ASCII markers in message text by its UTF-8 bytes, with Foundation's answer.
///
/// Foundation's `range(of:)` compares characters (and forms that mean the same); on bytes the
/// search is many times faster, and it is the same wherever the bytes found stand between ASCII
/// bytes. Where a byte next to them is not ASCII (it could join them into a larger character),
/// Foundation is asked.
enum TextSearch {
    /// The first `needle` (ASCII) in `text`, as `text.range(of: needle)` finds it.
    static func firstRange(of needle: String, in text: Substring) -> Range<String.Index>? {
        var pattern = needle
        let found = pattern.withUTF8 { pattern in
            text.utf8.withContiguousStorageIfAvailable { bytes in search(pattern, in: bytes) }
        }
        switch found {
        case .some(.found(let start, let end)):
            let utf8 = text.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: start)
            return lower..<utf8.index(lower, offsetBy: end - start)
        case .some(.absent):
            return nil
        case .some(.doubtful), nil:
            return text.range(of: needle)
        }
    }

    /// Whether `text` holds `needle` (ASCII), as Foundation's `contains` says.
    static func contains(_ needle: String, in text: String) -> Bool {
        firstRange(of: needle, in: text[...]) != nil
    }

    /// Whether `text` has the byte `byte` (found with `memchr` where the bytes are contiguous).
    static func holds<Text: StringProtocol>(_ byte: UInt8, in text: Text) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        }
        return found ?? text.utf8.contains(byte)
    }

    /// `text` up to its first line break, as `text.prefix { $0 != "\n" }` reads it: a `\n` byte
    /// ends the line unless a `\r` before it makes the two one character.
    static func firstLine<Text: StringProtocol>(of text: Text) -> Text.SubSequence {
        let bytes = text.utf8
        let found: Int? = bytes.withContiguousStorageIfAvailable { buffer in
            guard let base = buffer.baseAddress else { return buffer.count }
            var from = 0
            while from < buffer.count, let hit = memchr(base + from, 0x0A, buffer.count - from) {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if at == 0 || buffer[at - 1] != 0x0D { return at }
                from = at + 1
            }
            return buffer.count
        }
        if let found { return text[..<bytes.index(bytes.startIndex, offsetBy: found)] }
        var previous: UInt8 = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x0A && previous != 0x0D { return text[..<index] }
            previous = byte
            index = bytes.index(after: index)
        }
        return text[...]
    }

    private enum Found {
        case found(Int, Int)
        case absent
        /// Found between bytes that may join it into other characters.
        case doubtful
    }

    private static func search(_ pattern: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Found {
        guard let first = pattern.first, pattern.count <= bytes.count else {
            return pattern.isEmpty ? .doubtful : .absent
        }
        var start = 0
        let last = bytes.count - pattern.count
        while start <= last {
            if bytes[start] == first {
                var matched = 1
                while matched < pattern.count, bytes[start + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count {
                    let end = start + pattern.count
                    if (start > 0 && bytes[start - 1] >= 0x80) || (end < bytes.count && bytes[end] >= 0x80) {
                        return .doubtful
                    }
                    return .found(start, end)
                }
            }
            start += 1
        }
        // Not in the bytes: a character search finds it only where the text holds those bytes.
        return .absent
    }
}
