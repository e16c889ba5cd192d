/// How a run of terminal text looks: attributes, colours by role, and a hyperlink.
///
/// Colours are named by role (`Ink`) rather than by number, so one table (`TerminalPalette`)
/// decides what each role is at 16, 256 and 24-bit depth.
struct TextStyle: Sendable, Hashable {
    var bold = false
    var italic = false
    var dim = false
    var underline = false
    var strikethrough = false
    /// Hidden text (a spoiler): terminals that support it show it only when selected.
    var concealed = false
    var foreground: Ink?
    var background: Ink?
    /// An OSC 8 hyperlink target (already percent-encoded to printable ASCII).
    var link: String?

    /// No attributes at all.
    static let plain = TextStyle()

    /// What a colour is for.
    enum Ink: Sendable, Hashable {
        /// A participant's name colour, by `ParticipantStyle.colorIndex`.
        case participant(Int)
        /// The border of `me`'s bubbles.
        case outgoing
        /// The border of others' bubbles in a one-to-one chat.
        case incoming
        /// Times, day rules and other quiet text.
        case muted
        /// A failed delivery.
        case danger
        /// A participant's online dot.
        case online
        /// Link text.
        case link
        /// Text and background of code.
        case codeText, codeBackground
    }

    func with(_ change: (inout TextStyle) -> Void) -> TextStyle {
        var copy = self
        change(&copy)
        return copy
    }
}

/// A piece of text in one style.
struct Span: Sendable, Hashable {
    var text: String
    var style: TextStyle

    init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One output line: spans whose total display width is known.
struct StyledLine: Sendable, Hashable {
    var spans: [Span] = []
    var width = 0

    init() {}

    init(_ text: String, _ style: TextStyle = .plain) {
        append(text, style)
    }

    /// Appends text that is already safe to print (see `TerminalSafeText`).
    mutating func append(_ text: String, _ style: TextStyle = .plain, width: Int? = nil) {
        guard !text.isEmpty else { return }
        self.width += width ?? DisplayWidth.of(text)
        if let last = spans.last, last.style == style {
            spans[spans.count - 1].text += text
        } else {
            spans.append(Span(text, style))
        }
    }

    /// Appends part of a string that is already safe to print, `width` columns wide.
    mutating func append(_ text: Substring, _ style: TextStyle, width: Int) {
        guard !text.isEmpty else { return }
        self.width += width
        if let last = spans.last, last.style == style {
            spans[spans.count - 1].text += text
        } else {
            spans.append(Span(String(text), style))
        }
    }

    mutating func append(_ line: StyledLine) {
        for span in line.spans { append(span.text, span.style, width: 0) }
        width += line.width
    }

    /// `count` spaces in `style`.
    mutating func pad(_ count: Int, _ style: TextStyle = .plain) {
        if count > 0 { append(Runs.spaces(count), style, width: count) }
    }

    /// Whether any character is a strong right-to-left letter.
    var containsRightToLeft: Bool {
        spans.contains { span in
            // Right-to-left letters start at U+0590, whose UTF-8 lead byte is 0xD6: most text is
            // ruled out by one pass over its bytes.
            var text = span.text
            let mayHave = text.withUTF8 { bytes in bytes.contains { $0 >= 0xD6 } }
            return mayHave && span.text.unicodeScalars.contains(where: DisplayWidth.isRightToLeft)
        }
    }

    /// The line wrapped in first-strong isolates (FSI … PDI) when it holds right-to-left text,
    /// so a terminal that reorders bidi text keeps it inside the bubble's borders.
    func isolated() -> StyledLine {
        guard containsRightToLeft else { return self }
        var line = StyledLine()
        line.append("\u{2068}", spans.first?.style ?? .plain, width: 0)
        for span in spans { line.append(span.text, span.style, width: 0) }
        line.append("\u{2069}", spans.last?.style ?? .plain, width: 0)
        line.width = width
        return line
    }
}
