/// The only two ways text reaches an HTML page: as element text, or as an attribute value.
///
/// Everything a log supplies (message text, names, titles, reactions, file names,
/// alt text, URLs) goes through one of these; markup is only ever written by the
/// renderer's own string literals.
public enum HTMLEscaping {
    /// Text for element content: `&`, `<` and `>` escaped.
    public static func text(_ value: String) -> String {
        escape(value, quotes: false)
    }

    /// Text for a double- or single-quoted attribute value: also `"` and `'` escaped.
    public static func attribute(_ value: String) -> String {
        escape(value, quotes: true)
    }

    private static func escape(_ value: String, quotes: Bool) -> String {
        // Most text has nothing to escape: return it without copying.
        let needsWork = value.utf8.contains { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || (quotes && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"))) || byte == 0
        }
        guard needsWork else { return value }
        var result = ""
        result.reserveCapacity(value.utf8.count + 16)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&#39;"
            case "\u{0}": result += "\u{FFFD}"  // NUL is a parse error in HTML
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
