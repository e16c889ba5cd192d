import Foundation
import ScrollbackModel
import Testing

@Suite("JSON string literals")
struct JSONStringTests {
    @Test("Quotes, backslashes, controls and line separators are escaped; other text is kept as UTF-8")
    func escapes() {
        let text = "a\"b\\c\nd\re\tf\u{08}g\u{0C}h\u{01}i\u{2028}j\u{2029}k é 🎉 </script>"
        #expect(
            literal(text)
                == #""a\"b\\c\nd\re\tf\bg\fh\u0001i\u2028j\u2029k é 🎉 </script>""#)
    }

    @Test("A script-safe literal never spells </script> or <!--")
    func scriptSafe() {
        let literal = literal("</script><!-- <b>", scriptSafe: true)
        #expect(literal == #""\u003c/script>\u003c!-- \u003cb>""#)
        #expect(!literal.contains("<"))
    }

    @Test("Every literal reads back as the same string", arguments: [false, true])
    func roundTrip(scriptSafe: Bool) throws {
        for text in ["", "plain", "\u{0}\u{1F}\u{7F}", "\u{2028}\u{2029}", "<>&\"'\\/", "日本語 עברית 👨‍👩‍👧"] {
            let literal = literal(text, scriptSafe: scriptSafe)
            let decoded = try JSONDecoder().decode(String.self, from: Data(literal.utf8))
            #expect(decoded == text)
        }
    }

    /// `text` as `JSONString` writes it, as a string.
    func literal(_ text: String, scriptSafe: Bool = false) -> String {
        var bytes: [UInt8] = []
        JSONString.append(text, scriptSafe: scriptSafe, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
