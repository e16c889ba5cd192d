import ScrollbackModel

extension ParticipantStyle {
    /// Styles for every participant: initials and a colour slot derived from the id.
    static func styles(for participants: [Participant], me: String?) -> [ParticipantStyle] {
        participants.map { participant in
            var style = ParticipantStyle(
                id: participant.id, name: participant.name, initials: initials(of: participant.name),
                colorIndex: Int(stableHash(participant.id) % UInt64(paletteSize)),
                avatar: participant.avatar, isMe: participant.id == me,
                presence: participant.online.map { $0 ? .online : .offline })
            style.isBot = participant.isBot
            return style
        }
    }

    /// "Ben Okafor" → "BO", "ana" → "A", "+1 555 0100" → "+".
    package static func initials(of name: String) -> String {
        let words = name.split(whereSeparator: { $0.isWhitespace || $0 == "-" || $0 == "_" })
        let letters = words.compactMap { word in word.first(where: { $0.isLetter || $0.isNumber }) }
        let picked = letters.count >= 2 ? [letters[0], letters[letters.count - 1]] : Array(letters.prefix(1))
        if picked.isEmpty { return name.first.map { String($0) } ?? "?" }
        return picked.map { String($0).uppercased() }.joined()
    }

    /// FNV-1a over UTF-8: the same on every run and machine, unlike `Hasher`.
    package static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
