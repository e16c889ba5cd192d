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

    /// Whether a closing delimiter may follow a space when markup, not a space, comes after it:
    /// Slack reads `*Closes: *<!date…>` as bold, as apps writing Block Kit expect.
    var closesAfterSpace = false

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
        // Where the bytes the converter looks at are characters of their own, it reads the bytes.
        let bytes = Array(text.utf8)
        if ChatMarkupConverter.readsAsBytes(bytes) {
            var converter = ChatMarkupConverter(units: bytes, markup: self)
            return MarkdownText.tidy(converter.convert(0..<converter.units.count))
        }
        var converter = ChatMarkupConverter(units: Array(text), markup: self)
        return MarkdownText.tidy(converter.convert(0..<converter.units.count))
    }

    /// Whether `text` has a byte that can start markup: a delimiter, a backtick, or (with tokens) `<`.
    private func hasDelimiters(_ text: String) -> Bool {
        let marks = tokens != nil ? MarkupBytes.opensWithTokens : MarkupBytes.opens
        var text = text
        let table = MarkupBytes.table
        return text.withUTF8 { bytes in bytes.contains { table[Int($0)] & marks != 0 } }
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
        guard TextSearch.holds(UInt8(ascii: "&"), in: text) else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// `text` with each one-line `<…>` token replaced by what `show` makes of its inside.
    static func unwrapTokens(_ text: String, _ show: (String) -> String) -> String {
        guard TextSearch.holds(UInt8(ascii: "<"), in: text), text.contains("<") else { return text }
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

/// The bytes that can start light markup: `*`, `_`, `~` and backticks, and `<` where tokens are read.
private enum MarkupBytes {
    static let opens: UInt8 = 1
    static let opensWithTokens: UInt8 = 2

    static let table: [UInt8] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "`"): return opens | opensWithTokens
        case UInt8(ascii: "<"): return opensWithTokens
        default: return 0
        }
    }
}
