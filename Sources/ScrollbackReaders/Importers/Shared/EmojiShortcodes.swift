/// Emoji short names (`:+1:`, `:wave::skin-tone-3:`) as the emoji they stand for.
///
/// The names are the ones Slack uses, from the emoji-data table that
/// `scripts/generate-emoji-table.py` writes into `EmojiShortcodeTable.swift`. A name
/// the table does not hold (a workspace's custom emoji) has no emoji and stays as written.
package enum EmojiShortcodes {
    /// The emoji for a short name (no colons), in a skin tone from 2 to 6 where it takes one.
    package static func emoji(named name: String, skinTone: Int? = nil) -> String? {
        guard let entry = entries[name] else { return nil }
        if let skinTone, (2...6).contains(skinTone), entry.toned.count == 5 { return entry.toned[skinTone - 2] }
        return entry.plain
    }

    /// A reaction's or message's name as Slack writes it (`wave`, `wave::skin-tone-3`) as an emoji.
    package static func emoji(slackName name: String) -> String? {
        let parts = name.split(separator: ":", omittingEmptySubsequences: true)
        guard let base = parts.first else { return nil }
        let tone = parts.dropFirst().lazy.compactMap(skinTone).first
        return emoji(named: String(base), skinTone: tone)
    }

    /// `text` with every `:name:` (and `:name::skin-tone-N:`) the table knows replaced by its emoji.
    package static func replacing(in text: String) -> String {
        // A byte check: where a `:` is part of a larger character the scan below keeps the text as it is.
        guard text.utf8.contains(UInt8(ascii: ":")) else { return text }
        let characters = Array(text)
        var output = ""
        var index = 0
        while index < characters.count {
            if characters[index] == ":", let (emoji, end) = shortcode(in: characters, at: index) {
                output += emoji
                index = end
            } else {
                output.append(characters[index])
                index += 1
            }
        }
        return output
    }

    /// The skin tone of a `skin-tone-N` name, from 2 to 6.
    static func skinTone(_ name: Substring) -> Int? {
        guard name.hasPrefix("skin-tone-"), let tone = Int(name.dropFirst(10)), (2...6).contains(tone) else {
            return nil
        }
        return tone
    }

    /// The emoji of the shortcode that starts at `start` (a colon), and where it ends.
    private static func shortcode(in characters: [Character], at start: Int) -> (String, Int)? {
        guard let (name, end) = shortName(in: characters, from: start + 1), let base = entries[name] else {
            return nil
        }
        // A following `:skin-tone-N:` tints the emoji before it.
        if end < characters.count, characters[end] == ":",
            let (toneName, toneEnd) = shortName(in: characters, from: end + 1),
            let tone = skinTone(Substring(toneName))
        {
            return (emoji(named: name, skinTone: tone) ?? base.plain, toneEnd)
        }
        return (base.plain, end)
    }

    /// The name after an opening colon at `from - 1`, up to its closing colon, and the index after that colon.
    private static func shortName(in characters: [Character], from: Int) -> (String, Int)? {
        var index = from
        while index < characters.count, index - from < 64 {
            let character = characters[index]
            if character == ":" { return index > from ? (String(characters[from..<index]), index + 1) : nil }
            guard character.isASCII, character.isLetter || character.isNumber || "_+-'".contains(character) else {
                return nil
            }
            index += 1
        }
        return nil
    }

    private struct Entry {
        var plain: String
        var toned: [String]
    }

    /// Short name → emoji, parsed from the generated table on first use.
    private static let entries: [String: Entry] = {
        // Split on the bytes of `\n`, ` ` and `,` (all ASCII, so never inside an emoji): splitting
        // the string by characters cost every import that looks a name up 50M instructions.
        var result: [String: Entry] = [:]
        result.reserveCapacity(2048)
        var text = table
        text.withUTF8 { bytes in
            for line in bytes.split(separator: 0x0A) {
                let fields = line.split(separator: 0x20)
                guard fields.count >= 2 else { continue }
                let string = { (piece: Slice<UnsafeBufferPointer<UInt8>>) in
                    String(decoding: UnsafeBufferPointer(rebasing: piece), as: UTF8.self)
                }
                let entry = Entry(plain: string(fields[1]), toned: fields.dropFirst(2).map(string))
                for name in fields[0].split(separator: 0x2C) { result[string(name)] = entry }
            }
        }
        return result
    }()
}
