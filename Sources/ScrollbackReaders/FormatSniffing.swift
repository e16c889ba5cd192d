/// Small content checks that format detection shares. They look at the head of
/// the input only, so detection stays cheap for large files.
enum FormatSniffing {
    /// How much of an input detection looks at.
    static let headLength = 65_536

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

    /// Whether the input is one JSON object with a `"messages"` member and a member only the
    /// native format has at its level (`version`) or in its messages (`time`, `sender`).
    ///
    /// Other exports also hold `"messages"` (Telegram, Discord) but name times and senders differently.
    static func looksLikeNativeJSON(_ bytes: [UInt8]) -> Bool {
        guard firstNonSpace(bytes) == UInt8(ascii: "{") else { return false }
        let head = Array(bytes.prefix(headLength))
        // A long title or participant list can push "messages" past the head; "version" comes first.
        guard containsKey("messages", in: head) || containsKey("version", in: head) else { return false }
        guard containsKey("version", in: head) || containsKey("time", in: head) || containsKey("sender", in: head)
        else { return false }
        return !looksLikeJSONLines(bytes)
    }

    /// Whether the input is JSON objects one per line rather than one document: the first line is a
    /// whole object, and another object line follows or the object is a message or a header.
    static func looksLikeJSONLines(_ bytes: [UInt8]) -> Bool {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let limit = min(bytes.count, 1 << 20)
        while start < limit && lines.count < 2 {
            let end = bytes[start..<limit].firstIndex(of: 0x0A) ?? limit
            let line = bytes[start..<end]
            if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) { lines.append(line) }
            start = end + 1
        }
        guard let first = lines.first, let object = try? JSONParser.parse(Array(first)), object.members != nil else {
            return false
        }
        if lines.count > 1 { return firstNonSpace(Array(lines[1])) == UInt8(ascii: "{") }
        return object["messages"] == nil
            && (object["time"] != nil || object["type"]?.string == "conversation")
    }

    /// Whether `"key"` appears as an object member name (followed by `:`) in `bytes`.
    static func containsKey(_ key: String, in bytes: [UInt8]) -> Bool {
        let needle = Array("\"\(key)\"".utf8)
        guard bytes.count >= needle.count else { return false }
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle),
                index == 0 || bytes[index - 1] != UInt8(ascii: "\\")
            {
                var after = index + needle.count
                while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
                if after < bytes.count, bytes[after] == UInt8(ascii: ":") { return true }
            }
            index += 1
        }
        return false
    }
}

extension Substring {
    /// The text without white space at either end.
    func trimmingCharacters() -> String {
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
