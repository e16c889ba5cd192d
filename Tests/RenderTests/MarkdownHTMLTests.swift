import Scrollback
import Testing

@Suite("Markdown in bubbles")
struct MarkdownHTMLTests {
    static func bubble(_ text: String, format: String? = nil) throws -> String {
        let extra = format.map { #", "format": "\#($0)""# } ?? ""
        let html = try HTMLTest.page(HTMLTest.log([HTMLTest.message("m1", text, extra: extra)]))
        return String(try #require(HTMLTest.element("msg-m1", in: html)))
    }

    @Test("Code blocks and tables sit in focusable boxes that scroll sideways inside the bubble")
    func scrollingBlocks() throws {
        let code = try Self.bubble("```swift\nlet x = \"<y>\"\n```")
        #expect(
            code.contains(
                #"<pre class="sb-code" tabindex="0"><code class="language-swift">let x = "&lt;y&gt;"</code></pre>"#))
        let table = try Self.bubble("| a | b |\n|:--|--:|\n| 1 | 2 |")
        #expect(
            table.contains(#"<div class="sb-table" tabindex="0"><table><thead><tr><th class="sb-align-left">a</th>"#))
        #expect(table.contains(#"<td class="sb-align-right">2</td>"#))
    }

    @Test("Headings become bold paragraphs, so messages add nothing to the page's outline")
    func headings() throws {
        let html = try Self.bubble("# Big news")
        #expect(html.contains(#"<p class="sb-md-heading sb-md-h1"><strong>Big news</strong></p>"#))
        #expect(!html.contains("<h1"))
    }

    @Test("Task lists show disabled checkboxes; single newlines are line breaks")
    func listsAndBreaks() throws {
        let html = try Self.bubble("- [x] boots\n- [ ] snacks\n\nline one\nline two")
        #expect(html.contains(#"<ul class="sb-tasks"><li><input type="checkbox" checked disabled> boots</li>"#))
        #expect(html.contains("<p>line one<br>line two</p>"))
    }

    @Test("Emphasis, strikethrough and inline code keep their meaning")
    func inlines() throws {
        let html = try Self.bubble("*a* **b** ~~c~~ `d<e>`")
        #expect(html.contains("<p><em>a</em> <strong>b</strong> <del>c</del> <code>d&lt;e&gt;</code></p>"))
    }

    @Test(
        "Underline is underlined; a text effect is a styled span that names its effect, to the eye and to screen readers"
    )
    func underlineAndEffects() throws {
        let html = try Self.bubble(
            #"<u>under</u> <span data-effect="big">big</span> <b>bold</b>"#, format: "styled-markdown")
        #expect(
            html.contains(
                #"<p><u>under</u> <span class="sb-effect sb-effect-big">big<span class="sb-effect-label"><span class="sb-sr">, sent with the effect </span>big</span></span> &lt;b&gt;bold&lt;/b&gt;</p>"#
            ))
    }

    @Test("In Markdown (any format but styled-markdown), <u> and data-effect spans are shown as written")
    func styleTagsStayText() throws {
        let html = try Self.bubble(#"<u>under</u> <span data-effect="big">big</span>"#)
        #expect(
            html.contains(
                #"<p>&lt;u&gt;under&lt;/u&gt; &lt;span data-effect=&quot;big&quot;&gt;big&lt;/span&gt;</p>"#)
                || html.contains(#"<p>&lt;u&gt;under&lt;/u&gt; &lt;span data-effect="big"&gt;big&lt;/span&gt;</p>"#))
        #expect(!html.contains("<u>") && !html.contains("sb-effect"))
    }
}
