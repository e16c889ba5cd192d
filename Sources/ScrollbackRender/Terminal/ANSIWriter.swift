/// Turns styled lines into output text: SGR and OSC 8 sequences with colour, none without.
///
/// The only place escape sequences are made. Text in spans is already safe
/// (`TerminalSafeText`), so every ESC in the output comes from here.
struct ANSIWriter {
    /// The colour depth, or `nil` for plain text.
    let depth: TerminalOptions.ColorDepth?

    /// One line, ending with attributes reset, without the newline.
    func line(_ line: StyledLine) -> String {
        guard let depth else {
            if line.spans.count == 1 { return line.spans[0].text }
            var output = ""
            for span in line.spans { output += span.text }
            return output
        }
        var output = ""
        var current = TextStyle.plain
        for span in line.spans {
            if span.style.link != current.link {
                if current.link != nil { output += "\u{1B}]8;;\u{1B}\\" }
                if let link = span.style.link { output += "\u{1B}]8;;\(link)\u{1B}\\" }
            }
            if Self.attributes(span.style) != Self.attributes(current) {
                output += "\u{1B}[" + Self.sgr(span.style, depth: depth) + "m"
            }
            output += span.text
            current = span.style
        }
        if current.link != nil { output += "\u{1B}]8;;\u{1B}\\" }
        if Self.attributes(current) != Self.attributes(.plain) { output += "\u{1B}[0m" }
        return output
    }

    /// The style without its link, for comparing attributes.
    private static func attributes(_ style: TextStyle) -> TextStyle {
        var copy = style
        copy.link = nil
        return copy
    }

    /// `0;…`: a full reset followed by the style's attributes, so no state leaks between spans.
    private static func sgr(_ style: TextStyle, depth: TerminalOptions.ColorDepth) -> String {
        var parameters = ["0"]
        if style.bold { parameters.append("1") }
        if style.dim { parameters.append("2") }
        if style.italic { parameters.append("3") }
        if style.underline { parameters.append("4") }
        if style.strikethrough { parameters.append("9") }
        if style.concealed { parameters.append("8") }
        if let ink = style.foreground {
            parameters.append(TerminalPalette.parameters(ink, background: false, depth: depth))
        }
        if let ink = style.background {
            parameters.append(TerminalPalette.parameters(ink, background: true, depth: depth))
        }
        return parameters.joined(separator: ";")
    }

    /// A URL as an OSC 8 target: only web and mail links, with everything outside printable ASCII percent-encoded.
    static func hyperlinkTarget(_ url: String) -> String? {
        let lower = url.lowercased()
        guard ["http://", "https://", "mailto:", "ftp://"].contains(where: { lower.hasPrefix($0) }) else { return nil }
        var encoded = ""
        for byte in url.utf8 {
            if byte > 0x20 && byte < 0x7F {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
            }
        }
        return encoded
    }
}

extension String {
    fileprivate func leftPadded(_ count: Int) -> String {
        self.count >= count ? self : String(repeating: "0", count: count - self.count) + self
    }
}
