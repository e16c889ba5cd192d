/// JSON string literals, written once for every JSON Scrollback makes: layout JSON, the site's
/// search scripts, a live page's updates and the native JSON Lines an archive is written in.
public enum JSONString {
    /// `text` as a JSON string literal.
    ///
    /// `scriptSafe` also escapes `<`, so the literal can sit inside a `<script>` element or a
    /// script file without ever spelling `</script>` or `<!--`.
    public static func literal(_ text: String, scriptSafe: Bool = false) -> String {
        var bytes: [UInt8] = []
        append(text, scriptSafe: scriptSafe, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal: `"` and `\\` escaped, controls (and U+2028,
    /// U+2029, which end lines in JavaScript) as escapes, everything else as its UTF-8 bytes.
    public static func append(_ text: String, scriptSafe: Bool = false, to bytes: inout [UInt8]) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                switch byte {
                case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
                case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
                case 0x08: bytes.append(contentsOf: [0x5C, 0x62])
                case 0x0C: bytes.append(contentsOf: [0x5C, 0x66])
                case 0x00..<0x20: appendEscape(UInt32(byte), to: &bytes)
                case 0x3C where scriptSafe: appendEscape(0x3C, to: &bytes)
                case 0xE2
                where index + 2 < utf8.count && utf8[index + 1] == 0x80
                    && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR
                    appendEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &bytes)
                    index += 2
                default: bytes.append(byte)
                }
                index += 1
            }
        }
        bytes.append(0x22)
    }

    /// `\\u` and four lower-case hex digits.
    private static func appendEscape(_ value: UInt32, to bytes: inout [UInt8]) {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [0x5C, 0x75])
        for shift in stride(from: 12, through: 0, by: -4) { bytes.append(digits[Int((value >> UInt32(shift)) & 0xF)]) }
    }
}
