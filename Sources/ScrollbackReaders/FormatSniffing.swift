/// Small content checks that format detection shares.
enum FormatSniffing {
    /// The first byte that is not white space (after a UTF-8 byte order mark).
    static func firstNonSpace(_ bytes: [UInt8]) -> UInt8? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return bytes[index]
            }
        }
        return nil
    }

    /// The first `count` bytes as text (invalid UTF-8 repaired), for cheap substring checks.
    static func head(_ bytes: [UInt8], _ count: Int) -> String {
        String(decoding: bytes.prefix(count), as: UTF8.self)
    }

    /// Whether the input is several JSON objects, one per line, rather than one document.
    static func looksLikeJSONLines(_ bytes: [UInt8]) -> Bool {
        // The first line is a complete object and the next non-empty line starts another.
        let lines = head(bytes, 65_536).split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters() }.filter { !$0.isEmpty }
        guard lines.count >= 2, lines[0].hasPrefix("{"), lines[0].hasSuffix("}"), lines[1].hasPrefix("{") else {
            return false
        }
        return (try? JSONParser.parse(Array(lines[0].utf8))) != nil
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
