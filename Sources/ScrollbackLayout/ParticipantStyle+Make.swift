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

extension ReplyPreview {
    /// The quote a reply shows: the original's sender and its first line, shortened.
    static func make(id: String, target: Message?, names: [String: String]) -> ReplyPreview {
        guard let target else {
            return ReplyPreview(id: id, found: false, sender: nil, senderName: nil, excerpt: "")
        }
        var preview = ReplyPreview(
            id: id, found: true, sender: target.sender, senderName: target.sender.map { names[$0] ?? $0 },
            excerpt: excerpt(of: target))
        preview.readsStyleTags = target.format.readsStyleTags
        return preview
    }

    /// A one-line summary of a message, at most 100 characters.
    package static func excerpt(of message: Message, limit: Int = 100) -> String {
        if message.deleted { return "This message was deleted" }
        // Spoilers are hidden in the whole text before a line is taken and cut: a cut inside
        // `||…||`, or a spoiler that goes on past the first line, would show the rest in clear.
        let text = message.text.utf8.contains(UInt8(ascii: "|")) ? hidingSpoilers(message.text) : message.text
        if let line = asciiFirstLine(text, limit: limit) { return line }
        var line = ""
        for piece in text.split(whereSeparator: \.isNewline) {
            let trimmed = piece.trimmingCharacters(in: " \t")
            if !trimmed.isEmpty {
                line = trimmed
                break
            }
        }
        if line.isEmpty, let attachment = message.attachments.first {
            line = (attachment.isImage ? "Photo" : "Attachment") + (attachment.name.map { ": " + $0 } ?? "")
        }
        return cut(line, limit: limit)
    }

    private static func cut(_ line: String, limit: Int) -> String {
        guard line.count > limit else { return line }
        return String(line.prefix(limit - 1)) + "…"
    }

    /// `line` with each `||…||` spoiler outside code spans written `[spoiler]`, so no cut of
    /// the line can give one away.
    package static func hidingSpoilers(_ line: String) -> String {
        let characters = Array(line)
        var output = ""
        var index = 0
        var inCode = false
        while index < characters.count {
            let character = characters[index]
            if character == "`" { inCode.toggle() }
            if !inCode, character == "|", index + 1 < characters.count, characters[index + 1] == "|",
                let close = closing(characters, after: index + 2)
            {
                output += "[spoiler]"
                index = close + 2
                continue
            }
            output.append(character)
            index += 1
        }
        return output
    }

    /// Where the `||` closing a spoiler opened before `start` is, outside code spans.
    private static func closing(_ characters: [Character], after start: Int) -> Int? {
        var inCode = false
        var index = start
        while index + 1 < characters.count {
            if characters[index] == "`" { inCode.toggle() }
            if !inCode, characters[index] == "|", characters[index + 1] == "|", index > start { return index }
            index += 1
        }
        return nil
    }

    /// `excerpt`'s line for an ASCII text with a line that is not blank, from its bytes: in ASCII
    /// every character is one byte (`\r\n` aside, which splits into an empty line either way).
    /// `nil` for any other text, which is read character by character.
    private static func asciiFirstLine(_ text: String, limit: Int) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, !(0x0A...0x0D).contains(bytes[end]) { end += 1 }
                var first = start
                var last = end
                while first < last, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
                while last > first, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 { last -= 1 }
                if first < last {
                    guard last - first > limit else {
                        return String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<last]), as: UTF8.self)
                    }
                    let cut = UnsafeBufferPointer(rebasing: bytes[first..<(first + limit - 1)])
                    return String(decoding: cut, as: UTF8.self) + "…"
                }
                start = end + 1
            }
            return nil
        }
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var slice = self[...]
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
