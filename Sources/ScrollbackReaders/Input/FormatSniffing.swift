/// Small content checks that format detection shares. They look at the head of
/// the input only, so detection stays cheap for large files.
enum FormatSniffing {
    /// How much of an input detection looks at.
    static let headLength = 65_536

    /// The first byte that is not white space (after a UTF-8 byte order mark).
    static func firstNonSpace(_ bytes: InputBytes) -> UInt8? {
        bytes.withUnsafeBufferPointer { firstNonSpace($0) }
    }

    /// `firstNonSpace` of bytes in an array (a line).
    static func firstNonSpace(_ bytes: [UInt8]) -> UInt8? {
        bytes.withUnsafeBufferPointer { firstNonSpace($0) }
    }

    private static func firstNonSpace(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return bytes[index]
            }
        }
        return nil
    }

    /// The head of an input whose first byte past white space is one of `openers`, as text; `nil`
    /// for any other input or a folder. For the JSON exports, which sniff for member names.
    static func jsonHead(_ input: ChatInput, opening openers: String = "[{") -> String? {
        guard let bytes = input.bytes, let first = firstNonSpace(bytes), openers.utf8.contains(first) else {
            return nil
        }
        return head(bytes, headLength)
    }

    /// The first `count` bytes as text (invalid UTF-8 repaired), for cheap substring checks.
    static func head(_ bytes: InputBytes, _ count: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: $0.prefix(count), as: UTF8.self) }
    }

    /// Whether the input is one JSON object with a `"messages"` member and a member only the
    /// native format has at its level (`version`) or in its messages (`time`, `sender`).
    ///
    /// Other exports also hold `"messages"` (Telegram, Discord) but name times and senders differently.
    static func looksLikeNativeJSON(_ bytes: InputBytes) -> Bool {
        guard firstNonSpace(bytes) == UInt8(ascii: "{") else { return false }
        let hasKey = { (key: String) in
            bytes.withUnsafeBufferPointer {
                ImportSniffing.hasMember(UnsafeBufferPointer(rebasing: $0.prefix(headLength)), key)
            }
        }
        // A long title or participant list can push "messages" past the head; "version" comes first.
        guard hasKey("messages") || hasKey("version") else { return false }
        guard hasKey("version") || hasKey("time") || hasKey("sender") else { return false }
        return !looksLikeJSONLines(bytes)
    }

    /// Whether the input is JSON objects one per line rather than one document: the first line is a
    /// whole object, and another object line follows or the object is a message or a header.
    static func looksLikeJSONLines(_ bytes: InputBytes) -> Bool {
        bytes.withUnsafeBufferPointer { looksLikeJSONLines($0) }
    }

    private static func looksLikeJSONLines(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var lines: [Slice<UnsafeBufferPointer<UInt8>>] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let limit = min(bytes.count, 1 << 20)
        var firstIsCut = false
        while start < limit && lines.count < 2 {
            let end = bytes[start..<limit].firstIndex(of: 0x0A) ?? limit
            let line = bytes[start..<end]
            if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                if lines.isEmpty { firstIsCut = end == limit && limit < bytes.count }
                lines.append(line)
            }
            start = end + 1
        }
        // A first line longer than the megabyte looked at cannot parse as a whole object: a native
        // document written on one line, most often. Parsing that megabyte only to fail cost a
        // twentieth of rendering a 100k-message log.
        guard let first = lines.first, !firstIsCut, let object = try? JSONParser.parse(Array(first)),
            object.members != nil
        else {
            return false
        }
        if lines.count > 1 { return firstNonSpace(UnsafeBufferPointer(rebasing: lines[1])) == UInt8(ascii: "{") }
        return object["messages"] == nil
            && (object["time"] != nil || object["type"]?.string == "conversation")
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
