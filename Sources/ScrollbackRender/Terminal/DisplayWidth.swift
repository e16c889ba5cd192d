import CUTF8Proc

/// Terminal display widths and grapheme clusters, from utf8proc: the one file that imports it.
///
/// Debian's libutf8proc 2.8 follows Unicode 15.0 (`DisplayWidth.unicodeVersion` reports what
/// the linked library says). Its widths are the ones terminals and tmux use: East Asian wide
/// and full-width characters and emoji presentation take two columns, combining marks and
/// format characters none, East Asian ambiguous characters one.
package enum DisplayWidth {
    /// The Unicode version of the linked utf8proc ("15.0.0" for libutf8proc 2.8).
    package static var unicodeVersion: String { String(cString: utf8proc_unicode_version()) }

    /// One user-perceived character and the columns a terminal gives it.
    package struct Cluster: Sendable, Hashable {
        /// The cluster's text (already safe to print).
        package var text: String
        /// Columns on screen: 0, 1 or 2.
        package var width: Int
    }

    /// Splits `text` into grapheme clusters (Unicode 15 rules, extended) with their widths.
    ///
    /// `text` must be free of control characters (see `TerminalSafeText`).
    package static func clusters(_ text: String) -> [Cluster] {
        var result: [Cluster] = []
        walkClusters(text) { scalars, first, count, hasVS16 in
            result.append(cluster(scalars, first: first, count: count, hasVS16: hasVS16))
        }
        return result
    }

    /// The display width of a whole string: the sum over its clusters.
    ///
    /// No cluster strings are made: this runs for every span of every line.
    package static func of(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        var total = 0
        walkClusters(text) { _, first, count, hasVS16 in
            total += width(first: first, count: count, hasVS16: hasVS16)
        }
        return total
    }

    /// Calls `body` for each grapheme cluster of `text` (utf8proc's extended rules) with its
    /// scalars, its first scalar, how many scalars it has, and whether one is VS16 (U+FE0F).
    private static func walkClusters(
        _ text: String,
        _ body: (String.UnicodeScalarView.SubSequence, Unicode.Scalar, Int, Bool) -> Void
    ) {
        let scalars = text.unicodeScalars
        var state: Int32 = 0
        var previous: Unicode.Scalar?
        var start = scalars.startIndex
        var index = start
        var first: Unicode.Scalar = " "
        var count = 0
        var hasVS16 = false
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if let before = previous,
                utf8proc_grapheme_break_stateful(
                    Int32(bitPattern: before.value), Int32(bitPattern: scalar.value), &state)
            {
                body(scalars[start..<index], first, count, hasVS16)
                start = index
                count = 0
            }
            if count == 0 {
                first = scalar
                hasVS16 = false
            }
            count += 1
            if scalar.value == 0xFE0F { hasVS16 = true }
            previous = scalar
            index = scalars.index(after: index)
        }
        if count > 0 { body(scalars[start...], first, count, hasVS16) }
    }

    /// Whether every byte is printable ASCII (space to `~`): one column a byte, one cluster a byte.
    /// With `newlines`, `\n` is allowed too (text before it is split into lines).
    static func isPrintableASCII(_ text: String, newlines: Bool = false) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where (byte < 0x20 && !(newlines && byte == 0x0A)) || byte >= 0x7F { return false }
            return true
        }
    }

    /// Whether a scalar is a strong right-to-left letter (Hebrew, Arabic, …).
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x0590 else { return false }
        let bidi = utf8proc_get_property(Int32(bitPattern: scalar.value)).pointee.bidi_class
        return bidi == UTF8PROC_BIDI_CLASS_R.rawValue || bidi == UTF8PROC_BIDI_CLASS_AL.rawValue
    }

    /// A cluster's text (a slice of the original: most clusters fit a small string, no allocation)
    /// and its width as terminals draw it.
    private static func cluster(
        _ scalars: String.UnicodeScalarView.SubSequence, first: Unicode.Scalar, count: Int, hasVS16: Bool
    ) -> Cluster {
        let text = String(Substring(scalars))
        if isMark(first) {
            // A mark with nothing to sit on would join the border or space before it: give it a dotted circle.
            return Cluster(text: "\u{25CC}" + text, width: 1)
        }
        return Cluster(text: text, width: width(first: first, count: count, hasVS16: hasVS16))
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        let category = utf8proc_category(Int32(bitPattern: scalar.value))
        return category == UTF8PROC_CATEGORY_MN || category == UTF8PROC_CATEGORY_ME || category == UTF8PROC_CATEGORY_MC
    }

    /// The columns of a cluster of `count` scalars starting with `first` (a lone mark is drawn
    /// on a dotted circle: one column).
    private static func width(first: Unicode.Scalar, count: Int, hasVS16: Bool) -> Int {
        if isMark(first) { return 1 }
        var width = Int(utf8proc_charwidth(Int32(bitPattern: first.value)))
        let regionalIndicator = (0x1F1E6...0x1F1FF).contains(first.value)
        if count > 1 && (hasVS16 || regionalIndicator) { width = 2 }  // VS16: emoji presentation; a flag
        if regionalIndicator { width = max(width, 1) }
        return max(0, min(width, 2))
    }
}
