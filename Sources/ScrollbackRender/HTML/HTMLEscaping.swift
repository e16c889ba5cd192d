/// The only two ways text reaches an HTML page: as element text, or as an attribute value.
///
/// Everything a log supplies (message text, names, titles, reactions, file names,
/// alt text, URLs) goes through one of these; markup is only ever written by the
/// renderer's own string literals.
package enum HTMLEscaping {
    /// Text for element content: `&`, `<` and `>` escaped.
    package static func text(_ value: String) -> String {
        escape(value, quotes: false)
    }

    /// Text for a double- or single-quoted attribute value: also `"` and `'` escaped.
    package static func attribute(_ value: String) -> String {
        escape(value, quotes: true)
    }

    private static func escape(_ value: String, quotes: Bool) -> String {
        // Most text has nothing to escape: return it without copying.
        let needsWork = value.utf8.contains { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || (quotes && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"))) || byte == 0
        }
        guard needsWork else { return value }
        var value = value
        var result: [UInt8] = []
        result.reserveCapacity(value.utf8.count + 16)
        value.withUTF8 { append($0, quotes: quotes, to: &result) }
        return String(decoding: result, as: UTF8.self)
    }

    /// The one escaping rule, on UTF-8 bytes: `&`, `<`, `>` (and with `quotes`, `"` and `'`)
    /// become references and NUL, a parse error in HTML, becomes U+FFFD. The string forms
    /// above and the renderers' byte buffers all escape through here.
    static func append(_ source: UnsafeBufferPointer<UInt8>, quotes: Bool, to output: inout [UInt8]) {
        var runStart = 0
        for index in source.indices {
            let replacement: StaticString
            switch source[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\"") where quotes: replacement = "&quot;"
            case UInt8(ascii: "'") where quotes: replacement = "&#39;"
            case 0: replacement = "\u{FFFD}"
            default: continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
            replacement.withUTF8Buffer { output.append(contentsOf: $0) }
            runStart = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...]))
    }
}
