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
    ///
    /// Scans UTF-8 bytes and copies runs without special characters whole. The rules are about
    /// characters, so an ASCII special character that is part of a larger one (`#` with U+FE0F and
    /// U+20E3 is the keycap emoji `#️⃣`; a space before a combining accent) is left to
    /// `escapeCharacters`, which reads the text as characters.
    static func escape(_ text: String, atLineStart startsLine: Bool = true) -> String {
        let escaped = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            if ByteClass.joinsNeighbour(bytes) { return nil }
            return escapeBytes(bytes, atLineStart: startsLine)
        }
        return (escaped ?? nil) ?? escapeCharacters(text, atLineStart: startsLine)
    }

    /// `escape` appending its Markdown to `output`: the same bytes, without a `String` for each
    /// piece of text (an importer building one message from many pieces writes them all into one buffer).
    static func escape(_ text: String, atLineStart startsLine: Bool = true, into output: inout [UInt8]) {
        let done = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            if ByteClass.joinsNeighbour(bytes) { return false }
            appendEscaped(bytes, atLineStart: startsLine, to: &output)
            return true
        }
        if done != true { output.append(contentsOf: escapeCharacters(text, atLineStart: startsLine).utf8) }
    }

    /// `escape` over bytes, for text whose special characters are each one character.
    private static func escapeBytes(_ bytes: UnsafeBufferPointer<UInt8>, atLineStart startsLine: Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        appendEscaped(bytes, atLineStart: startsLine, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// `escapeBytes`, appending to `output`.
    private static func appendEscaped(
        _ bytes: UnsafeBufferPointer<UInt8>, atLineStart startsLine: Bool, to output: inout [UInt8]
    ) {
        let table = ByteClass.table
        var atLineStart = startsLine
        var digitsAtStart = false
        var index = 0
        let count = bytes.count
        while index < count {
            // A run of bytes no rule looks at: letters, other characters, tabs.
            let runStart = index
            index = plainRunEnd(bytes, from: index, table: table)
            if index > runStart {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                atLineStart = false
                digitsAtStart = false
                if index == count { break }
            }
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                output.append(contentsOf: [0x20, 0x20, 0x0A])
                atLineStart = true
                digitsAtStart = false
                index += 1
                continue
            case 0x0D:
                // CR LF is one character, not a line break; a lone CR is an ordinary character.
                output.append(byte)
                index += 1
                if index < count, bytes[index] == 0x0A {
                    output.append(0x0A)
                    index += 1
                }
                atLineStart = false
                digitsAtStart = false
                continue
            case 0x20 where atLineStart:
                // Leading spaces would make an indented code block; a no-break space keeps the indent visible.
                output.append(contentsOf: [0xC2, 0xA0])
                index += 1
                continue
            default:
                break
            }
            let kind = table[Int(byte)]
            if kind & ByteClass.always != 0
                || (atLineStart && kind & ByteClass.lineStart != 0 && opensBlock(bytes, at: index))
                || (digitsAtStart && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")")))
            {
                output.append(UInt8(ascii: "\\"))
            }
            output.append(byte)
            digitsAtStart = (atLineStart || digitsAtStart) && kind & ByteClass.digit != 0
            atLineStart = false
            index += 1
        }
    }

    /// Where the run of bytes no rule looks at (letters, other characters, tabs) that starts at
    /// `start` ends. After such a byte nothing is at a line's start or after leading digits, so up
    /// to a line break or a byte always escaped, spaces, digits and markers are plain too.
    @inline(__always)
    private static func plainRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, table: [UInt8]) -> Int {
        var index = start
        let count = bytes.count
        while index < count, table[Int(bytes[index])] == 0 { index += 1 }
        guard index > start else { return index }
        while index < count, table[Int(bytes[index])] & ByteClass.always == 0, bytes[index] != 0x0A,
            bytes[index] != 0x0D
        {
            index += 1
        }
        return index
    }

    /// Whether the line-start byte at `index` would begin a block, as `opensBlock(_:at:)` says
    /// for characters.
    private static func opensBlock(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let marker = bytes[index]
        if marker == UInt8(ascii: ">") { return true }
        var next = index + 1
        if marker == UInt8(ascii: "#") { while next < bytes.count && bytes[next] == marker { next += 1 } }
        if next >= bytes.count || bytes[next] == 0x20 || bytes[next] == 0x09 || bytes[next] == 0x0A { return true }
        guard marker == UInt8(ascii: "-") || marker == UInt8(ascii: "=") else { return false }
        var end = index
        while end < bytes.count && bytes[end] != 0x0A {
            if bytes[end] != marker && bytes[end] != 0x20 && bytes[end] != 0x09 { return false }
            end += 1
        }
        return true
    }

    /// `escape` character by character: the rules as written, for any text.
    static func escapeCharacters(_ text: String, atLineStart startsLine: Bool = true) -> String {
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
        // Line breaks are never part of a larger character: without the byte there is nothing to replace.
        let singleLine = text.utf8.contains(0x0A) ? text.replacingOccurrences(of: "\n", with: " ") : text
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
        var safeURL = url
        if url.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) {
            safeURL = url.replacingOccurrences(of: ">", with: "%3E").replacingOccurrences(of: "<", with: "%3C")
        }
        let needsBrackets = safeURL.contains { $0 == " " || $0 == "(" || $0 == ")" }
        return "[" + escape(label) + "](" + (needsBrackets ? "<" + safeURL + ">" : safeURL) + ")"
    }

    /// `link` appending its Markdown to `output`.
    static func link(_ label: String, url: String, into output: inout [UInt8]) {
        // An ASCII URL without `<` or `>` is written as it is: its bytes are its characters.
        var url = url
        let written = url.withUTF8 { bytes -> Bool in
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">") }) else {
                return false
            }
            let needsBrackets = bytes.contains {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")")
            }
            output.append(UInt8(ascii: "["))
            escape(label, into: &output)
            output.append(contentsOf: "](".utf8)
            if needsBrackets { output.append(UInt8(ascii: "<")) }
            output.append(contentsOf: bytes)
            if needsBrackets { output.append(UInt8(ascii: ">")) }
            output.append(UInt8(ascii: ")"))
            return true
        }
        if !written { output.append(contentsOf: link(label, url: url).utf8) }
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

    /// `wrap` for the Markdown that `output` holds from `start` on, in place.
    static func wrap(_ output: inout [UInt8], from start: Int, _ delimiter: String) {
        // Markdown that starts and ends with a visible ASCII byte has no outer white space to keep
        // outside (no scalar joins such a byte to a space beside it): the pair goes around it all.
        if start < output.count, let last = output.last, (0x21...0x7E).contains(output[start]),
            (0x21...0x7E).contains(last)
        {
            output.insert(contentsOf: delimiter.utf8, at: start)
            output.append(contentsOf: delimiter.utf8)
            return
        }
        let markdown = String(decoding: output[start...], as: UTF8.self)
        output.removeSubrange(start...)
        output.append(contentsOf: wrap(markdown, delimiter).utf8)
    }

    /// `tidy` for Markdown built as UTF-8 bytes.
    static func tidy(_ markdown: [UInt8]) -> String {
        // Three line breaks in a row become two, as `tidy` replaces them. Its search reads a line
        // break beside a CR or a non-ASCII character (a combining mark after it) as part of that
        // character; beside ASCII bytes, the bytes say where the runs are.
        let hasBreaks = markdown.withUnsafeBufferPointer { bytes in
            bytes.baseAddress.map { memchr($0, 0x0A, bytes.count) != nil } ?? false
        }
        guard hasBreaks else { return trimmed(markdown) }
        var breaks = 0
        var longRuns = false
        for (index, byte) in markdown.enumerated() {
            breaks = byte == 0x0A ? breaks + 1 : 0
            guard breaks == 3 else { continue }
            longRuns = true
            let before = markdown[..<(index - 2)].last ?? 0
            let after = markdown[index...].first { $0 != 0x0A } ?? 0
            if before == 0x0D || before >= 0x80 || after == 0x0D || after >= 0x80 {
                return tidy(String(decoding: markdown, as: UTF8.self))
            }
        }
        guard longRuns else { return trimmed(markdown) }
        var collapsed: [UInt8] = []
        collapsed.reserveCapacity(markdown.count)
        for byte in markdown {
            breaks = byte == 0x0A ? breaks + 1 : 0
            if breaks <= 2 { collapsed.append(byte) }
        }
        return trimmed(collapsed)
    }

    /// The text of `bytes` without leading and trailing white space, as `trimmingWhitespace` trims it.
    private static func trimmed(_ bytes: [UInt8]) -> String {
        // ASCII spaces and line breaks at the ends are characters of their own when the byte past
        // them is visible ASCII (no scalar joins such a byte to a space beside it); at an end
        // without them, a character is white space when its first scalar is.
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        var start = 0
        var end = bytes.count
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        while start < end, isSpace(bytes[start]) { start += 1 }
        let visible = { (byte: UInt8) in (0x21...0x7E).contains(byte) }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        guard start < end else { return text }
        let headKept = start > 0 ? visible(bytes[start]) : text.unicodeScalars.first.map(startsWhiteSpace) == false
        let tailKept =
            end < bytes.count || visible(bytes[end - 1])
            ? visible(bytes[end - 1]) : text.last?.unicodeScalars.first.map(startsWhiteSpace) == false
        return headKept && tailKept ? text : String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
    }

    /// Whether a character that starts with `scalar` is white space, as `Character.isWhitespace` says.
    private static func startsWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// Joins blocks of Markdown and trims surrounding blank lines.
    static func tidy(_ markdown: String) -> String {
        var text = markdown
        // Line breaks are never part of a larger character: bytes tell where three are in a row.
        while TextSearch.contains("\n\n\n", in: text) {
            text = text.replacingOccurrences(of: "\n\n\n", with: "\n\n")
        }
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
        // Text that starts and ends with a visible ASCII byte starts and ends with a character that
        // is not white space (no scalar joins such a byte to a space before it or after it).
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
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

/// What `MarkdownText.escape` needs to know of each byte.
private enum ByteClass {
    /// Escaped anywhere.
    static let always: UInt8 = 1
    /// Escaped at a line's start when it would open a block.
    static let lineStart: UInt8 = 2
    static let digit: UInt8 = 4
    /// Looked at for another reason: a line break, a space, `.` or `)` after digits.
    static let other: UInt8 = 8

    /// The class of every byte; 0 for bytes no rule looks at.
    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for byte in "\\`*_[]<>|~&$".utf8 { table[Int(byte)] |= always }
        for byte in "#-+=>".utf8 { table[Int(byte)] |= lineStart }
        for byte in "0123456789".utf8 { table[Int(byte)] |= digit }
        for byte in "\n\r .)".utf8 { table[Int(byte)] |= other }
        return table
    }()

    /// Whether a byte a rule looks at is, with the character next to it, one character (an
    /// accent or a variation selector after it, a prepended mark before it). Line breaks never
    /// join (and CR LF is handled as the pair it is).
    static func joinsNeighbour(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte >= 0x80 {
                // A multi-byte character: does it join the ASCII byte before or after it?
                let start = index
                index += 1
                while index < count, bytes[index] & 0xC0 == 0x80 { index += 1 }
                if start > 0, bytes[start - 1] < 0x80, table[Int(bytes[start - 1])] != 0,
                    bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D,
                    isOneCharacter(UnsafeBufferPointer(rebasing: bytes[(start - 1)..<index]))
                {
                    return true
                }
                if index < count, bytes[index] < 0x80, table[Int(bytes[index])] != 0, bytes[index] != 0x0A,
                    bytes[index] != 0x0D, isOneCharacter(UnsafeBufferPointer(rebasing: bytes[start...index]))
                {
                    return true
                }
                continue
            }
            index += 1
        }
        return false
    }

    private static func isOneCharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        String(decoding: bytes, as: UTF8.self).count == 1
    }
}
