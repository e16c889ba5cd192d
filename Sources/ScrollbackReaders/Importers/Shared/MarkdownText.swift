import Foundation

/// Building Markdown from other apps' text so that what the user typed stays what they typed.
///
/// Exports hold plain text plus formatting spans; plain segments are escaped so
/// `2*3*4` or `[x](y)` typed in a chat is not reinterpreted as emphasis or a link.
enum MarkdownText {
    /// Characters escaped anywhere in a plain segment.
    private static let alwaysEscaped: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "$"]
    /// Characters escaped at the start of a line when what follows could open a block there
    /// (`- item`, `+ item`, `# heading`, `---`, `===`); `+49 170…` or `-5 °C` stays as written.
    private static let lineStartEscaped: Set<Character> = ["#", "-", "+", "=", ">"]

    /// Plain text as Markdown that renders as the same text; line breaks are kept as hard breaks.
    /// `atLineStart` says whether the text begins a line (a segment after formatting does not).
    static func escape(_ text: String, atLineStart startsLine: Bool = true) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count + 8)
        var atLineStart = startsLine
        var digitsAtStart = false
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if character == "\n" {
                output += "  \n"
                atLineStart = true
                digitsAtStart = false
                continue
            }
            if atLineStart && character == " " {
                // Leading spaces would make an indented code block; a no-break space keeps the indent visible.
                output.append("\u{00A0}")
                continue
            }
            if alwaysEscaped.contains(character)
                || (atLineStart && lineStartEscaped.contains(character) && opensBlock(characters, at: index))
                || (digitsAtStart && (character == "." || character == ")"))
            {
                output.append("\\")
            }
            output.append(character)
            digitsAtStart = (atLineStart || digitsAtStart) && character.isASCII && character.isNumber
            atLineStart = false
        }
        return output
    }

    /// Whether the line-start character at `index` would begin a block: a quote always; a list
    /// marker or heading before white space or the line's end; a rule or underline made of it alone.
    private static func opensBlock(_ characters: [Character], at index: Int) -> Bool {
        let marker = characters[index]
        if marker == ">" { return true }
        var next = index + 1
        if marker == "#" { while next < characters.count && characters[next] == "#" { next += 1 } }
        if next >= characters.count || characters[next] == " " || characters[next] == "\t"
            || characters[next] == "\n"
        {
            return true
        }
        // `---`, `- - -`, `===`: a thematic break or a setext underline when the line holds nothing else.
        guard marker == "-" || marker == "=" else { return false }
        var end = index
        while end < characters.count && characters[end] != "\n" {
            if characters[end] != marker && characters[end] != " " && characters[end] != "\t" { return false }
            end += 1
        }
        return true
    }

    /// Inline code that holds `text` exactly, whatever backticks it contains.
    static func codeSpan(_ text: String) -> String {
        let singleLine = text.replacingOccurrences(of: "\n", with: " ")
        let fence = String(repeating: "`", count: longestRun(of: "`", in: singleLine) + 1)
        let pad = singleLine.hasPrefix("`") || singleLine.hasSuffix("`") || singleLine.hasPrefix(" ") ? " " : ""
        return fence + pad + singleLine + pad + fence
    }

    /// A fenced code block, on lines of its own.
    static func codeBlock(_ text: String, language: String? = nil) -> String {
        let fence = String(repeating: "`", count: max(3, longestRun(of: "`", in: text) + 1))
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        return "\n\n" + fence + (language ?? "") + "\n" + body + "\n" + fence + "\n\n"
    }

    /// A link with an escaped label; the URL is wrapped in `<…>` when it has spaces or parentheses.
    static func link(_ label: String, url: String) -> String {
        let safeURL = url.replacingOccurrences(of: ">", with: "%3E").replacingOccurrences(of: "<", with: "%3C")
        let needsBrackets = safeURL.contains { $0 == " " || $0 == "(" || $0 == ")" }
        return "[" + escape(label) + "](" + (needsBrackets ? "<" + safeURL + ">" : safeURL) + ")"
    }

    /// Wraps already-built Markdown in a delimiter pair, keeping outer white space outside
    /// (CommonMark does not treat `** bold**` as emphasis).
    static func wrap(_ markdown: String, _ delimiter: String, closing: String? = nil) -> String {
        let trimmed = markdown.trimmingWhitespace()
        guard !trimmed.isEmpty else { return markdown }
        let leading = markdown.prefix { $0 == " " || $0 == "\n" || $0 == "\u{00A0}" }
        let trailing = markdown.reversed().prefix { $0 == " " || $0 == "\n" }
        return String(leading) + delimiter + trimmed + (closing ?? delimiter) + String(trailing.reversed())
    }

    /// Joins blocks of Markdown and trims surrounding blank lines.
    static func tidy(_ markdown: String) -> String {
        var text = markdown
        while text.contains("\n\n\n") { text = text.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
        return text.trimmingWhitespace()
    }

    private static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0
        var current = 0
        for each in text {
            current = each == character ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}

extension String {
    /// The string without leading and trailing spaces and newlines.
    func trimmingWhitespace() -> String {
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}

/// `1 file`, `2 files`: counts in report lines.
func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}
