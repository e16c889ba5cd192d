import CUTF8Proc

/// Terminal display widths and grapheme clusters, from utf8proc: the one file that imports it.
///
/// Debian's libutf8proc 2.8 follows Unicode 15.0 (`DisplayWidth.unicodeVersion` reports what
/// the linked library says). Its widths are the ones terminals and tmux use: East Asian wide
/// and full-width characters and emoji presentation take two columns, combining marks and
/// format characters none, East Asian ambiguous characters one.
public enum DisplayWidth {
    /// The Unicode version of the linked utf8proc ("15.0.0" for libutf8proc 2.8).
    public static var unicodeVersion: String { String(cString: utf8proc_unicode_version()) }

    /// One user-perceived character and the columns a terminal gives it.
    public struct Cluster: Sendable, Hashable {
        /// The cluster's text (already safe to print).
        public var text: String
        /// Columns on screen: 0, 1 or 2.
        public var width: Int
    }

    /// Splits `text` into grapheme clusters (Unicode 15 rules, extended) with their widths.
    ///
    /// `text` must be free of control characters (see `TerminalSafeText`).
    public static func clusters(_ text: String) -> [Cluster] {
        var result: [Cluster] = []
        var current: [Unicode.Scalar] = []
        var state: Int32 = 0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if let before = previous,
                utf8proc_grapheme_break_stateful(
                    Int32(bitPattern: before.value), Int32(bitPattern: scalar.value), &state)
            {
                result.append(cluster(current))
                current.removeAll(keepingCapacity: true)
            }
            current.append(scalar)
            previous = scalar
        }
        if !current.isEmpty { result.append(cluster(current)) }
        return result
    }

    /// The display width of a whole string: the sum over its clusters.
    public static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return clusters(text).reduce(0) { $0 + $1.width }
    }

    /// Whether a scalar is a strong right-to-left letter (Hebrew, Arabic, …).
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x0590 else { return false }
        let bidi = utf8proc_get_property(Int32(bitPattern: scalar.value)).pointee.bidi_class
        return bidi == UTF8PROC_BIDI_CLASS_R.rawValue || bidi == UTF8PROC_BIDI_CLASS_AL.rawValue
    }

    /// A cluster's width as terminals draw it.
    private static func cluster(_ scalars: [Unicode.Scalar]) -> Cluster {
        var text = String(String.UnicodeScalarView(scalars))
        let first = scalars[0]
        let category = utf8proc_category(Int32(bitPattern: first.value))
        if category == UTF8PROC_CATEGORY_MN || category == UTF8PROC_CATEGORY_ME || category == UTF8PROC_CATEGORY_MC {
            // A mark with nothing to sit on would join the border or space before it: give it a dotted circle.
            text = "\u{25CC}" + text
            return Cluster(text: text, width: 1)
        }
        var width = Int(utf8proc_charwidth(Int32(bitPattern: first.value)))
        if scalars.count > 1 {
            if scalars.contains(where: { $0.value == 0xFE0F }) { width = 2 }  // VS16: emoji presentation
            if (0x1F1E6...0x1F1FF).contains(first.value) { width = 2 }  // a flag: two regional indicators
        }
        if (0x1F1E6...0x1F1FF).contains(first.value) { width = max(width, 1) }
        return Cluster(text: text, width: max(0, min(width, 2)))
    }
}
