import Testing

@testable import ScrollbackReaders

/// Importers build a message's Markdown into one byte buffer; it must be the Markdown the
/// string functions build piece by piece, on the text where the two could differ.
@Suite("Markdown built into one buffer")
struct MarkdownBufferTests {
    static let texts: [String] = [
        "plain words", "2*3*4 [x](y) <b>", "# heading", "- item", "1. first", "---", "    indented",
        "line one\nline two", "CR LF\r\nnext", "a lone \r CR", "#\u{FE0F}\u{20E3} keycap", "e\u{301}*",
        " \u{301}accent after a space", "emoji 👍🏽 end", "天気 _x_", "", "\n", "trailing space ",
        "\u{00A0}no-break", "em space\u{2003}",
    ]

    @Test("Escaping into a buffer writes what escaping to a string returns", arguments: texts)
    func escape(_ text: String) {
        for startsLine in [true, false] {
            var output = Array("prefix ".utf8)
            MarkdownText.escape(text, atLineStart: startsLine, into: &output)
            #expect(
                String(decoding: output, as: UTF8.self) == "prefix "
                    + MarkdownText.escape(text, atLineStart: startsLine))
        }
    }

    @Test("Wrapping in a buffer keeps outer white space outside, as wrapping a string does", arguments: texts)
    func wrap(_ text: String) {
        let escaped = MarkdownText.escape(text, atLineStart: false)
        var output = Array("a ".utf8)
        let start = output.count
        output.append(contentsOf: escaped.utf8)
        MarkdownText.wrap(&output, from: start, "**")
        #expect(String(decoding: output, as: UTF8.self) == "a " + MarkdownText.wrap(escaped, "**"))
    }

    @Test(
        "Tidying bytes joins blocks and trims as tidying a string does",
        arguments: [
            "a\n\n\n\nb", "a  \n\n\n```\ncode\n```\n\n", "\r\n\n\nx", "x\r\n\n\n\ny", "\n\n\nx\n\n\n",
            "  x  ", "x\n\n\n\u{301}y", "é\n\n\ny", "x\n\n\n\n👍", "\u{2003}x\u{2003}", "",
            " \u{301}x", "x \u{301}", "  x", "x  \n", "  \u{301}x", " 天気 ", "\n\n```\ncode\n```\n\n", "\t\u{7F}",
            "\u{85}x", "x\u{85}", "x👍🏽", "👍🏽x", "x\u{200B}", "x\r\n", "天気",
        ])
    func tidy(_ text: String) {
        #expect(MarkdownText.tidy(Array(text.utf8)) == MarkdownText.tidy(text))
    }

    @Test(
        "Links written into a buffer are the links written as strings",
        arguments: [
            "https://example.com/a_b", "https://example.com/a b", "https://x.org/(1)", "https://x.org/<tag>",
            "https://例え.jp/", "mailto:ana@example.org", "",
        ])
    func link(_ url: String) {
        for label in ["the *notes*", "天気", ""] {
            var output = Array("see ".utf8)
            MarkdownText.link(label, url: url, into: &output)
            #expect(String(decoding: output, as: UTF8.self) == "see " + MarkdownText.link(label, url: url))
        }
    }

    @Test(
        "Only web, mail and Telegram links count as safe, in any case",
        arguments: [
            "https://a", "HTTPS://a", "Http://a", "MailTo:ana@x", "tg://resolve?domain=x", "javascript:alert(1)",
            "ftp://x", "", "https:/", "tg:", "\u{FF28}ttps://x", "https://\u{301}x", "https\u{301}://x", "ｊavascript:x",
            "\u{212A}://x",
        ])
    func safeLinks(_ url: String) {
        // The rule as written for characters: a lower-cased prefix.
        let lower = url.lowercased()
        let expected = ["https://", "http://", "mailto:", "tg://"].contains { lower.hasPrefix($0) }
        #expect(TelegramText.isSafeLink(url) == expected)
    }
}
