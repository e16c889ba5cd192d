import ScrollbackModel

/// Layout rule 11 (docs/LAYOUT.md): a message of only one to three emoji is drawn large, without a bubble.
package enum Emoji {
    /// Whether a message is "jumbo": 1–3 emoji and nothing else (white space aside).
    static func isJumbo(_ message: Message) -> Bool {
        guard message.kind == .message, !message.deleted, message.attachments.isEmpty else { return false }
        return isOnlyEmoji(message.text, atMost: 3)
    }

    /// Whether `text` is between one and `limit` emoji, ignoring white space.
    package static func isOnlyEmoji(_ text: String, atMost limit: Int) -> Bool {
        // An ASCII letter always starts a grapheme of its own and is never an emoji, so most
        // messages are answered from their bytes, without Unicode property look-ups.
        if text.utf8.contains(where: { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }) {
            return false
        }
        var count = 0
        for character in text {
            if character.isWhitespace { continue }
            guard isEmoji(character) else { return false }
            count += 1
            if count > limit { return false }
        }
        return count > 0
    }

    /// Whether one grapheme cluster is an emoji (not a digit or `#` that merely could be).
    package static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        guard first.properties.isEmoji else { return false }
        // Text-default emoji (☺, digits) count when asked for emoji presentation or combined.
        return scalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 || $0.value == 0x200D }
            || (scalars.count > 1 && first.value > 0x7F)
    }
}
