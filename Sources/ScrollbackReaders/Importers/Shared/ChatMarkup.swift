import Foundation

/// The light markup WhatsApp and Slack share (`*bold*`, `_italic_`, `~strike~`, `` `code` ``,
/// ```` ```block``` ````), converted to Markdown with everything else escaped.
///
/// Slack adds `<…>` tokens (links, mentions, channels) and HTML entities; `tokens` turns
/// those on and names what a mention resolves to.
struct ChatMarkup {
    /// Resolves Slack's `<…>` tokens to Markdown; `nil` for WhatsApp, where `<` is literal.
    var tokens: ((String) -> String)?
    /// Whether `&lt;`, `&gt;` and `&amp;` are entities (Slack) rather than text (WhatsApp).
    var decodesEntities = false
    /// Rewrites plain text (outside code) before it is escaped: Slack's `:shortcode:` emoji.
    var plainText: ((String) -> String)? = nil
    /// What a `<…>` token shows inside code, where Slack unwraps links to their text.
    var codeToken: ((String) -> String)? = nil

    /// Whether lines starting `> ` are quotes and `- `, `* ` or `1. ` list items (WhatsApp's newer markup).
    var blockLines = false

    /// Converts one message's text.
    func markdown(_ text: String) -> String {
        if blockLines, !TextSearch.contains("```", in: text),
            text.utf8.contains(0x0A) || LineBlock.kind(of: Substring(text)) != nil
        {
            return MarkdownText.tidy(blocks(text))
        }
        return inline(text)
    }

    /// Converts text with no block structure of its own.
    private func inline(_ text: String) -> String {
        if !hasDelimiters(text) {
            // Nothing to convert: the text is one plain run, as the converter would make it.
            var plain = decodesEntities ? ChatMarkup.decodeEntities(text) : text
            if let plainText { plain = plainText(plain) }
            return MarkdownText.tidy(MarkdownText.escape(plain))
        }
        var converter = Converter(characters: Array(text), markup: self)
        return MarkdownText.tidy(converter.convert(0..<converter.characters.count))
    }

    /// Whether `text` has a byte that can start markup: a delimiter, a backtick, or (with tokens) `<`.
    private func hasDelimiters(_ text: String) -> Bool {
        let tokens = self.tokens != nil
        return text.utf8.contains { byte in
            byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
                || byte == UInt8(ascii: "`") || (tokens && byte == UInt8(ascii: "<"))
        }
    }

    /// Converts text line by line: runs of quote lines, list items and other lines, a blank line between runs.
    private func blocks(_ text: String) -> String {
        var output: [String] = []
        var run: [Substring] = []
        var runKind: LineBlock?
        func finish() {
            guard !run.isEmpty else { return }
            switch runKind {
            case .quote:
                let body = inline(run.map { $0.dropFirst(2) }.joined(separator: "\n"))
                output.append(
                    body.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(
                        separator: "\n"))
            case .bullet:
                output.append(run.map { "- " + inline(String($0.dropFirst(2))) }.joined(separator: "\n"))
            case .ordered:
                output.append(
                    run.map { line in
                        let number = line.prefix { $0.isNumber }
                        return number + ". " + inline(String(line.dropFirst(number.count + 2)))
                    }.joined(separator: "\n"))
            case nil:
                output.append(inline(run.joined(separator: "\n")))
            }
            run = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let kind = LineBlock.kind(of: line)
            if kind != runKind { finish() }
            runKind = kind
            run.append(line)
        }
        finish()
        return output.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// The block a line opens.
    private enum LineBlock: Equatable {
        case quote, bullet, ordered

        static func kind(of line: Substring) -> LineBlock? {
            if line.hasPrefix("> ") { return .quote }
            if line.hasPrefix("- ") || line.hasPrefix("* ") { return .bullet }
            let number = line.prefix { $0.isASCII && $0.isNumber }
            if !number.isEmpty, number.count <= 3, line.dropFirst(number.count).hasPrefix(". ") {
                return .ordered
            }
            return nil
        }
    }

    /// Decodes the three entities Slack escapes.
    static func decodeEntities(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// `text` with each one-line `<…>` token replaced by what `show` makes of its inside.
    static func unwrapTokens(_ text: String, _ show: (String) -> String) -> String {
        guard text.contains("<") else { return text }
        var output = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "<") {
            output += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(where: { $0 == ">" || $0 == "<" || $0 == "\n" }), after[close] == ">",
                close > after.startIndex
            else {
                output.append("<")
                rest = after
                continue
            }
            output += show(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return output + rest
    }
}

private struct Converter {
    let characters: [Character]
    let markup: ChatMarkup

    /// The Markdown delimiter for a light-markup delimiter (a switch: hashing every character
    /// of every body for a dictionary look-up cost more than the rest of the loop).
    static func delimiter(_ character: Character) -> String? {
        switch character {
        case "*": return "**"
        case "_": return "*"
        case "~": return "~~"
        default: return nil
        }
    }

    mutating func convert(_ range: Range<Int>) -> String {
        var output = ""
        var plain = ""
        var index = range.lowerBound
        func flush() {
            var text = markup.decodesEntities ? ChatMarkup.decodeEntities(plain) : plain
            if let rewrite = markup.plainText { text = rewrite(text) }
            output += MarkdownText.escape(text, atLineStart: output.isEmpty || output.hasSuffix("\n"))
            plain = ""
        }
        while index < range.upperBound {
            let character = characters[index]
            if character == "`", let (code, end) = codeSpan(at: index, limit: range.upperBound) {
                flush()
                if code.hasPrefix("\n") { while output.last == " " { output.removeLast() } }
                output += code
                index = end
            } else if let delimiter = Self.delimiter(character), opens(at: index, in: range),
                let close = closing(character, after: index, limit: range.upperBound)
            {
                flush()
                output += MarkdownText.wrap(convert(index + 1..<close), delimiter)
                index = close + 1
            } else if character == "<", let tokens = markup.tokens,
                let close = characters[index..<range.upperBound].firstIndex(of: ">"),
                !characters[index + 1..<close].contains("\n"), close > index + 1
            {
                flush()
                output += tokens(String(characters[index + 1..<close]))
                index = close + 1
            } else {
                plain.append(character)
                index += 1
            }
        }
        flush()
        return output
    }

    /// ```` ```block``` ```` (any lines) or `` `span` `` (one line), as Markdown code.
    func codeSpan(at start: Int, limit: Int) -> (String, Int)? {
        let isBlock = start + 2 < limit && characters[start + 1] == "`" && characters[start + 2] == "`"
        let width = isBlock ? 3 : 1
        var index = start + width
        while index + width <= limit {
            if !isBlock && characters[index] == "\n" { return nil }
            if characters[index..<index + width].allSatisfy({ $0 == "`" }) && index > start + width {
                var body = String(characters[start + width..<index])
                if let codeToken = markup.codeToken { body = ChatMarkup.unwrapTokens(body, codeToken) }
                if markup.decodesEntities { body = ChatMarkup.decodeEntities(body) }
                // The line break after an opening fence is not part of the code.
                if isBlock && body.hasPrefix("\n") && body.dropFirst().contains("\n") { body.removeFirst() }
                let code = isBlock && body.contains("\n") ? MarkdownText.codeBlock(body) : MarkdownText.codeSpan(body)
                return (code, index + width)
            }
            index += 1
        }
        return nil
    }

    /// Whether a delimiter at `index` can open: after a boundary and before a non-space.
    func opens(at index: Int, in range: Range<Int>) -> Bool {
        guard index + 1 < range.upperBound, !characters[index + 1].isWhitespace else { return false }
        return index == range.lowerBound || Self.isBoundary(characters[index - 1])
    }

    /// The matching closing delimiter on the same line: after a non-space and before a boundary.
    func closing(_ delimiter: Character, after start: Int, limit: Int) -> Int? {
        var index = start + 2
        while index < limit {
            let character = characters[index]
            if character == "\n" { return nil }
            if character == delimiter, !characters[index - 1].isWhitespace,
                index + 1 == limit || Self.isBoundary(characters[index + 1])
            {
                return index
            }
            index += 1
        }
        return nil
    }

    static func isBoundary(_ character: Character) -> Bool {
        character.isWhitespace || (character.isPunctuation && character != "_" && character != "*")
            || character.isSymbol
    }
}
