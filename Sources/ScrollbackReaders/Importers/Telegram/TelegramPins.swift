#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The messages a Telegram export's `pin_message` service lines pin, found in its bytes before
/// it is read message by message: a pin comes after the message it pins, which a stream has
/// already handed on by then.
///
/// A search, not a parse: it may find an id no pin names (a message whose text spells the
/// keys), so `TelegramReader.stream` trusts each id only once the pin line itself is read.
enum TelegramPins {
    /// The ids (`message_id`) that follow each `"action": "pin_message"`.
    static func ids(in bytes: InputBytes) -> Set<String> {
        bytes.withUnsafeBytes { buffer in ids(in: buffer) }
    }

    static func ids(in buffer: UnsafeRawBufferPointer) -> Set<String> {
        var found = Set<String>()
        var start = 0
        while let action = find(actionValue, in: buffer, from: start) {
            start = action + actionValue.count
            // `message_id` is written right after `action`; a few hundred bytes is ample.
            guard let key = find(messageIDKey, in: buffer, from: start, within: 512) else { continue }
            if let id = number(in: buffer, after: key + messageIDKey.count) { found.insert(id) }
        }
        return found
    }

    private static let actionValue = Array(#""pin_message""#.utf8)
    private static let messageIDKey = Array(#""message_id""#.utf8)

    /// Where `needle` next starts at or after `start` (and, given `within`, no further on).
    private static func find(
        _ needle: [UInt8], in buffer: UnsafeRawBufferPointer, from start: Int, within: Int? = nil
    ) -> Int? {
        let end = within.map { min(buffer.count, start + $0 + needle.count) } ?? buffer.count
        guard let base = buffer.baseAddress, end - start >= needle.count else { return nil }
        var index = start
        // `memchr` to each place the needle's first byte is, then the rest compared.
        while index <= end - needle.count,
            let hit = memchr(base + index, Int32(needle[0]), end - needle.count + 1 - index)
        {
            index = UnsafeRawPointer(hit) - base
            if memcmp(base + index, needle, needle.count) == 0 { return index }
            index += 1
        }
        return nil
    }

    /// The whole number after `index`, past `:` and white space.
    private static func number(in buffer: UnsafeRawBufferPointer, after index: Int) -> String? {
        var index = index
        while index < buffer.count, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":")].contains(buffer[index]) {
            index += 1
        }
        var digits = ""
        while index < buffer.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(buffer[index]) {
            digits.append(Character(Unicode.Scalar(buffer[index])))
            index += 1
        }
        return digits.isEmpty ? nil : digits
    }
}
