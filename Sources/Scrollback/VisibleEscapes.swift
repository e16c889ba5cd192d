/// Makes escape sequences and control characters readable, for diffs of terminal output.
///
/// - A CSI sequence shows its parameters and final byte in angle brackets:
///   `ESC [ 1;31m` → `⟨1;31m⟩`, `ESC [ 0m` → `⟨0m⟩`.
/// - An OSC sequence (hyperlinks, titles) shows as `⟨]` + its body + `⟩`:
///   `ESC ] 8;;https://example.com ESC \` → `⟨]8;;https://example.com⟩`.
/// - Any other `ESC` shows as `⟨ESC⟩`, followed by the characters after it.
/// - Other C0 controls and DEL show as their Unicode control pictures
///   (tab `␉`, carriage return `␍`, NUL `␀`, DEL `␡`); C1 controls as `⟨U+0085⟩`.
///
/// Everything else, including non-ASCII text, is left as it is. The mapping is
/// for people reading a diff, not a reversible encoding: a `⟨` in the text
/// itself is not escaped.
public enum VisibleEscapes {
    /// `text` with its escape sequences and control characters made visible.
    public static func show(_ text: some StringProtocol) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: isControl) else { return String(text) }
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\u{1B}", index < scalars.count, scalars[index] == "[",
                let end = csiEnd(scalars, from: index + 1)
            {
                output.append("⟨")
                output.append(contentsOf: scalars[(index + 1)...end].flatMap { visible($0).unicodeScalars })
                output.append("⟩")
                index = end + 1
            } else if scalar == "\u{1B}", index < scalars.count, scalars[index] == "]",
                let (bodyEnd, next) = oscEnd(scalars, from: index + 1)
            {
                output.append(contentsOf: "⟨]".unicodeScalars)
                output.append(contentsOf: scalars[(index + 1)..<bodyEnd].flatMap { visible($0).unicodeScalars })
                output.append("⟩")
                index = next
            } else {
                output.append(contentsOf: visible(scalar).unicodeScalars)
            }
        }
        return String(output)
    }
}

private extension VisibleEscapes {
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// One scalar outside a recognised sequence.
    static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x1B: return "⟨ESC⟩"
        case 0x00..<0x20: return String(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: return "\u{2421}"
        case 0x80...0x9F: return "⟨U+00" + String(scalar.value, radix: 16, uppercase: true) + "⟩"
        default: return String(scalar)
        }
    }

    /// The index of a CSI sequence's final byte (0x40–0x7E), after parameter and intermediate bytes.
    static func csiEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index < scalars.count {
            let value = scalars[index].value
            if (0x40...0x7E).contains(value) { return index }
            guard (0x20...0x3F).contains(value) else { return nil }
            index += 1
        }
        return nil
    }

    /// Where an OSC body ends and where the text after its terminator (BEL or `ESC \`) starts.
    static func oscEnd(_ scalars: [Unicode.Scalar], from start: Int) -> (Int, Int)? {
        var index = start
        while index < scalars.count {
            if scalars[index] == "\u{07}" { return (index, index + 1) }
            if scalars[index] == "\u{1B}" {
                guard index + 1 < scalars.count, scalars[index + 1] == "\\" else { return nil }
                return (index, index + 2)
            }
            index += 1
        }
        return nil
    }
}
