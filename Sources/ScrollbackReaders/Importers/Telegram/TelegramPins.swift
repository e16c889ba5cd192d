/// The messages a Telegram export's `pin_message` service lines pin, found in its bytes before
/// it is read message by message: a pin comes after the message it pins, which a stream has
/// already handed on by then.
///
/// A search, not a parse: it may find an id no pin names (a message whose text spells the
/// keys), so `TelegramReader.stream` trusts each id only once the pin line itself is read.
enum TelegramPins {
    /// The ids (`message_id`) that follow each `"pin_message"`.
    static func ids(in bytes: InputBytes) -> Set<String> {
        bytes.withUnsafeBufferPointer { buffer in ids(in: buffer) }
    }

    static func ids(in buffer: UnsafeBufferPointer<UInt8>) -> Set<String> {
        var found = Set<String>()
        var start = 0
        while let action = ImportSniffing.find(actionValue, in: buffer, from: start) {
            start = action + actionValue.count
            // `message_id` is written right after `action`; a few hundred bytes is ample.
            guard let key = ImportSniffing.find(messageIDKey, in: buffer, from: start, within: 512) else { continue }
            var index = ImportSniffing.skipSpace(buffer, from: key + messageIDKey.count)
            guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { continue }
            index = ImportSniffing.skipSpace(buffer, from: index + 1)
            let digits = buffer[index...].prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            if !digits.isEmpty { found.insert(String(decoding: digits, as: UTF8.self)) }
        }
        return found
    }

    private static let actionValue = Array(#""pin_message""#.utf8)
    private static let messageIDKey = Array(#""message_id""#.utf8)
}
