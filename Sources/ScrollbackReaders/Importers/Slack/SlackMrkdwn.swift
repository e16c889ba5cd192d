/// Slack's "mrkdwn" as Markdown: `*bold*`, `_italic_`, `~strike~`, code, `> quotes`, `<@U123>`,
/// `<#C1|general>`, `<url|label>`, `<!here>`, `:shortcode:` emoji and the entities `&lt;`, `&gt;`, `&amp;`.
struct SlackMrkdwn {
    /// Display names by user id.
    var users: [String: String]
    /// Channel names by id.
    var channels: [String: String]

    /// One message's text as Markdown; lines that start with `>` (or all lines after `>>>`) are a quote.
    func markdown(_ text: String) -> String {
        // Most messages quote nothing: no line starts with `>` (or its entity). The first byte and
        // a line break's byte are looked at before the searches that ask for characters.
        let first = text.utf8.first
        let quotes =
            (first == UInt8(ascii: ">") && text.hasPrefix(">"))
            || (first == UInt8(ascii: "&") && text.hasPrefix("&gt;"))
            || (TextSearch.holds(0x0A, in: text)
                && (TextSearch.contains("\n>", in: text) || TextSearch.contains("\n&gt;", in: text)))
        guard quotes else { return inline(text) }
        var blocks: [String] = []
        for (quoted, lines) in Self.quoteRuns(text) {
            let converted = inline(lines.joined(separator: "\n"))
            guard quoted else {
                blocks.append(converted)
                continue
            }
            let body = converted.isEmpty ? "" : converted
            blocks.append(
                body.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(separator: "\n"))
        }
        return MarkdownText.tidy(blocks.joined(separator: "\n\n"))
    }

    /// The text as plain words, the way Slack shows it (for system lines, which carry no formatting):
    /// names for mentions, labels for links, emoji for shortcodes, and the formatting marks removed.
    /// With `keepingAddresses`, a link whose label hides its address shows both: `the site (https://…)`.
    func plain(_ text: String, keepingAddresses: Bool = false) -> String {
        var output = ""
        var segment = ""
        func flush(markupFollows: Bool = true) {
            output += EmojiShortcodes.replacing(
                in: ChatMarkup.decodeEntities(Self.removingEmphasis(segment, markupFollows: markupFollows)))
            segment = ""
        }
        var rest = text[...]
        while let open = rest.firstIndex(of: "<") {
            segment += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(where: { $0 == ">" || $0 == "<" || $0 == "\n" }), after[close] == ">",
                close > after.startIndex
            else {
                segment.append("<")
                rest = after
                continue
            }
            flush()
            let token = String(after[..<close])
            output += ChatMarkup.decodeEntities(plainToken(token))
            if keepingAddresses, let address = Self.hiddenAddress(token) { output += " (" + address + ")" }
            rest = after[after.index(after: close)...]
        }
        segment += rest
        flush(markupFollows: false)
        return output
    }

    /// The web address of a labelled link whose label is not the address (Slack's own service pages aside).
    private static func hiddenAddress(_ token: String) -> String? {
        let parts = token.split(separator: "|", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let url = ChatMarkup.decodeEntities(String(parts[0]))
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), !lower.contains(".slack.com/services/"),
            ChatMarkup.decodeEntities(String(parts[1])) != url
        else { return nil }
        return url
    }

    /// One `<…>` token, as Markdown.
    func token(_ body: String) -> String {
        if let markdown = asciiLink(body) { return markdown }
        let parts = body.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let target = String(parts[0])
        let label = parts.count > 1 ? ChatMarkup.decodeEntities(String(parts[1])) : nil
        switch target.first {
        case "@", "#", "!": return MarkdownText.escape(plainToken(body), atLineStart: false)
        default:
            let url = ChatMarkup.decodeEntities(target)
            let lower = url.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:") else {
                return MarkdownText.escape(label ?? url, atLineStart: false)
            }
            let shown = label ?? (lower.hasPrefix("mailto:") ? String(url.dropFirst(7)) : url)
            return MarkdownText.link(shown, url: url)
        }
    }

    /// `token` for the common link, read from its bytes: an ASCII `http(s)://` address (and label)
    /// without `&`, CR, spaces, parentheses or angle brackets in the address, so that it is what
    /// `MarkdownText.link` makes of it without looking again. `nil` for anything else.
    private func asciiLink(_ body: String) -> String? {
        var body = body
        return body.withUTF8 { bytes -> String? in
            var bar = bytes.count
            for (index, byte) in bytes.enumerated() {
                switch byte {
                case 0x80...0xFF, UInt8(ascii: "&"), 0x0D: return nil
                case UInt8(ascii: "|") where bar == bytes.count: bar = index
                case UInt8(ascii: " "), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"):
                    if bar == bytes.count { return nil }
                default: continue
                }
            }
            let url = UnsafeBufferPointer(rebasing: bytes[..<bar])
            guard
                Self.startsCaseInsensitively(url, with: "https://")
                    || Self.startsCaseInsensitively(url, with: "http://")
            else { return nil }
            let address = String(decoding: url, as: UTF8.self)
            let label =
                bar < bytes.count
                ? String(decoding: UnsafeBufferPointer(rebasing: bytes[(bar + 1)...]), as: UTF8.self) : address
            return "[" + MarkdownText.escape(label) + "](" + address + ")"
        }
    }

    /// Whether ASCII `bytes` start with `prefix` (lower-case ASCII) in any case.
    private static func startsCaseInsensitively(_ bytes: UnsafeBufferPointer<UInt8>, with prefix: StaticString) -> Bool
    {
        guard bytes.count >= prefix.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        for (byte, wanted) in zip(bytes, expected) {
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            if lower != wanted { return false }
        }
        return true
    }

    /// Whether `text` may hold a `:name:` emoji short name: a `:`, bytes a name is made of, a `:`.
    /// `EmojiShortcodes.replacing` finds a name only where this holds, so text without one is kept.
    static func mayHoldShortcode(_ text: String) -> Bool {
        var text = text
        let names = ShortNameBytes.table
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: ":") else {
                    index += 1
                    continue
                }
                var end = index + 1
                while end < bytes.count, names[Int(bytes[end])] { end += 1 }
                if end > index + 1, end < bytes.count, bytes[end] == UInt8(ascii: ":") { return true }
                index = end
            }
            return false
        }
    }

    /// One `<…>` token as the words Slack shows for it: `@Ana`, `#general`, a link's label or address.
    func plainToken(_ body: String) -> String {
        let parts = body.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let target = String(parts[0])
        let label = parts.count > 1 ? String(parts[1]) : nil
        switch target.first {
        case "@":
            let id = String(target.dropFirst())
            return "@" + (users[id] ?? label.map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 } ?? id)
        case "#":
            let id = String(target.dropFirst())
            return "#" + (channels[id] ?? label ?? id)
        case "!":
            // <!here>, <!channel>, <!subteam^ID|@team>, <!date^…|fallback>
            let name = target.dropFirst().split(separator: "^").first.map(String.init) ?? ""
            return label ?? "@" + name
        default:
            let lower = target.lowercased()
            if let label { return label }
            return lower.hasPrefix("mailto:") || lower.hasPrefix("tel:")
                ? String(target.drop { $0 != ":" }.dropFirst()) : target
        }
    }

    /// A reaction's short name as an emoji (`+1` → 👍, `wave::skin-tone-3` → 👋🏼), else `:name:` (custom emoji).
    static func emoji(_ name: String) -> String {
        EmojiShortcodes.emoji(slackName: name) ?? ":\(name.split(separator: ":").first.map(String.init) ?? name):"
    }

    /// Inline mrkdwn (no quotes) as Markdown.
    private func inline(_ text: String) -> String {
        ChatMarkup(
            tokens: { token($0) }, decodesEntities: true,
            plainText: { Self.mayHoldShortcode($0) ? EmojiShortcodes.replacing(in: $0) : $0 }, codeToken: plainToken,
            closesAfterSpace: true
        ).markdown(text)
    }

    /// The text split into runs of quoted and unquoted lines (quote marks removed); code blocks are never quotes.
    static func quoteRuns(_ text: String) -> [(quoted: Bool, lines: [String])] {
        var runs: [(quoted: Bool, lines: [String])] = []
        var inCode = false
        var quoteRest = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var content = String(line)
            var quoted = quoteRest
            if !inCode && !quoteRest {
                for mark in ["&gt;&gt;&gt;", ">>>"] where content.hasPrefix(mark) {
                    quoteRest = true
                    quoted = true
                    content = String(content.dropFirst(mark.count))
                }
                if !quoted {
                    for mark in ["&gt;", ">"] where content.hasPrefix(mark) {
                        quoted = true
                        content = String(content.dropFirst(mark.count))
                        break
                    }
                }
                if quoted && content.hasPrefix(" ") { content.removeFirst() }
            }
            if content.components(separatedBy: "```").count % 2 == 0 { inCode.toggle() }
            if let last = runs.indices.last, runs[last].quoted == quoted {
                runs[last].lines.append(content)
            } else {
                runs.append((quoted, [content]))
            }
        }
        return runs
    }

    /// `*a*`, `_a_`, `~a~` and backtick code with their marks removed.
    /// `text` without its `*`, `_`, `~` and `` ` `` marks; with `markupFollows` (a link, mention or
    /// date comes next), a mark closed after a space at the end counts, as Slack closes it there
    /// (`*🕤 Closes: *<!date…>`).
    private static func removingEmphasis(_ text: String, markupFollows: Bool) -> String {
        let characters = Array(text)
        var output = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if "*_~`".contains(character),
                index == 0 || !(characters[index - 1].isLetter || characters[index - 1].isNumber),
                index + 1 < characters.count, !characters[index + 1].isWhitespace,
                let close = characters[(index + 1)...].firstIndex(where: { $0 == character || $0 == "\n" }),
                characters[close] == character, close > index + 1,
                !characters[close - 1].isWhitespace || (markupFollows && close == characters.count - 1)
            {
                output += String(characters[(index + 1)..<close])
                index = close + 1
            } else {
                output.append(character)
                index += 1
            }
        }
        return output
    }
}

/// The bytes an emoji short name is made of: ASCII letters, digits, `_`, `+`, `-` and `'`.
private enum ShortNameBytes {
    static let table: [Bool] = (0..<256).map { byte in
        guard let scalar = Unicode.Scalar(UInt32(byte)), byte < 0x80 else { return false }
        return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_+-'".unicodeScalars.contains(scalar)
    }
}
