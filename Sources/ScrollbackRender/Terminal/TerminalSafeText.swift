/// Makes text from a log safe to print: nothing in a message can reach the terminal as a control.
///
/// Every string that comes from input passes through here before it is measured or written.
/// Control characters become their visible Unicode pictures (ESC is shown as `␛`), so a log
/// cannot move the cursor, change colours or set the window title. Bidi embeddings, overrides
/// and isolates are dropped: the renderer isolates right-to-left runs itself, and an
/// unbalanced override from input must not reorder the bubble's border.
enum TerminalSafeText {
    /// `text` with controls made visible, bidi controls dropped and line separators as `\n`.
    ///
    /// Tabs are expanded to the next multiple of `tabWidth` within each line; `\r\n` is a newline.
    static func clean(_ text: String, tabWidth: Int = 4) -> String {
        if DisplayWidth.isPrintableASCII(text, newlines: true) { return text }  // nothing to change
        var result = String.UnicodeScalarView()
        var column = 0
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x0A, 0x2028, 0x2029:
                result.append("\n")
                column = 0
            case 0x0D:
                if index + 1 < scalars.count, scalars[index + 1].value == 0x0A { continue }
                result.append(picture(scalar))
                column += 1
            case 0x09:
                let spaces = tabWidth - column % tabWidth
                for _ in 0..<spaces { result.append(" ") }
                column += spaces
            case 0x00..<0x20, 0x7F, 0x80..<0xA0:
                result.append(picture(scalar))
                column += 1
            case 0x202A...0x202E, 0x2066...0x2069:
                continue
            default:
                result.append(scalar)
                column += scalar.value < 0x300 ? 1 : 0  // tab stops only matter for code, which is mostly ASCII
                if scalar.value >= 0x300 { column += DisplayWidth.of(String(scalar)) }
            }
        }
        return String(result)
    }

    /// The visible stand-in for a control character: U+2400… for C0, `␡` for DEL, `�` for C1.
    static func picture(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x00..<0x20: return Unicode.Scalar(0x2400 + scalar.value)!
        case 0x7F: return "\u{2421}"
        default: return "\u{FFFD}"
        }
    }

    /// `text` as one line: newlines become spaces (names, excerpts, labels).
    static func oneLine(_ text: String) -> String {
        clean(text).replacingNewlines()
    }
}

extension String {
    fileprivate func replacingNewlines() -> String {
        var text = self
        guard text.withUTF8({ $0.contains(0x0A) }) else { return self }  // by bytes: asked of every label
        return String(map { $0 == "\n" ? " " : $0 })
    }
}
