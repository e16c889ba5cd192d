/// JSON string literals, written once for every JSON Scrollback makes: layout JSON, the site's
/// search scripts, a live page's updates and the native JSON Lines an archive is written in.
package enum JSONString {
    /// Appends `text` as a JSON string literal: `"` and `\\` escaped, controls (and U+2028,
    /// U+2029, which end lines in JavaScript) as escapes, everything else as its UTF-8 bytes.
    ///
    /// Runs of bytes that need no escape (most of any text) are copied whole.
    package static func append(_ text: String, scriptSafe: Bool = false, to bytes: inout [UInt8]) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            let count = utf8.count
            var runStart = 0
            var index = 0
            while index < count {
                let byte = utf8[index]
                if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0xE2 && (byte != 0x3C || !scriptSafe) {
                    index += 1
                    continue
                }
                // U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR end lines in JavaScript.
                let separator =
                    byte == 0xE2 && index + 2 < count && utf8[index + 1] == 0x80
                    && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9)
                if byte == 0xE2 && !separator {
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                switch byte {
                case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
                case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
                case 0x08: bytes.append(contentsOf: [0x5C, 0x62])
                case 0x0C: bytes.append(contentsOf: [0x5C, 0x66])
                case 0xE2:
                    appendEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &bytes)
                    index += 2
                default: appendEscape(UInt32(byte), to: &bytes)  // other controls, and `<` when script-safe
                }
                index += 1
                runStart = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
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
