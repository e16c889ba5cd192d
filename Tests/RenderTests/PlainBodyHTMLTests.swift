import ScrollbackMarkdown
import Testing

@testable import ScrollbackRender

@Suite("Plain bodies written straight out")
struct PlainBodyHTMLTests {
    static let texts = [
        "", "Hello", "\n", "a\nb", "a\n\nb\n", "a\r\nb", "a\r\n\nb", "line\r", "a\rb", "\r", "\r\n",
        "x < y && z > 0", "nul\u{0}byte", "emoji 🥾\ncafé\u{301}\nمرحبا", "\n\u{301}combining after a break",
    ]

    @Test("Give the same HTML as the Markdown writer gives a plain document", arguments: texts)
    func sameAsDocument(_ text: String) {
        var expected = MarkdownHTML(media: MediaResolver(options: HTMLOptions()))
        expected.blocks(MarkdownDocument.plain(text).blocks)
        var bytes: [UInt8] = []
        PlainBodyHTML.write(text, to: &bytes)
        #expect(bytes == expected.html)
    }

    @Test(
        "Markdown text with no syntax is written as its own paragraph", arguments: ["Plain words here", "Ünïcödé ok"])
    func markdownWithoutSyntax(_ text: String) {
        #expect(MarkdownDocument.isPlainText(text))
        #expect(MarkdownDocument.parse(text) == MarkdownDocument.plain(text))
    }

    @Test(
        "Text with Markdown syntax is not taken for plain", arguments: ["**bold**", "# heading", "a\nb", "www.x.org"])
    func markdownWithSyntax(_ text: String) {
        #expect(!MarkdownDocument.isPlainText(text))
    }
}
