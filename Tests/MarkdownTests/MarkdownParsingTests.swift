import ScrollbackMarkdown
import Testing

@Suite("Markdown: cmark-gfm converted to Swift values")
struct MarkdownParsingTests {
    @Test("GFM tables keep their header, rows and column alignment")
    func table() throws {
        let document = MarkdownDocument.parse("| Item | Cost |\n|:--|--:|\n| Fuel | €38 |")
        guard case .table(let table) = try #require(document.blocks.first) else {
            Issue.record("not a table: \(document.blocks)")
            return
        }
        #expect(table.alignments == [.left, .right])
        #expect(table.header.map(\.plainText) == ["Item", "Cost"])
        #expect(table.rows.map { $0.map(\.plainText) } == [["Fuel", "€38"]])
    }

    @Test("Strikethrough, autolinks and task lists are GitHub's extensions")
    func extensions() {
        let document = MarkdownDocument.parse("~~old~~ see www.example.org\n\n- [x] boots\n- [ ] snacks")
        #expect(document.blocks.count == 2)
        guard case .paragraph(let inlines) = document.blocks[0] else {
            Issue.record("not a paragraph")
            return
        }
        #expect(inlines.first == .strikethrough([.text("old")]))
        let links = inlines.compactMap { inline -> String? in
            if case .link(let destination, _, _) = inline { return destination }
            return nil
        }
        #expect(links == ["http://www.example.org"])
        guard case .list(let list) = document.blocks[1] else {
            Issue.record("not a list")
            return
        }
        #expect(list.items.map(\.checked) == [true, false])
    }

    @Test("Raw HTML stays source text, as html nodes, never markup")
    func rawHTML() {
        let document = MarkdownDocument.parse("<script>alert(1)</script>\n\nHi <b>there</b>")
        #expect(document.blocks.first == .htmlBlock("<script>alert(1)</script>\n"))
        guard case .paragraph(let inlines) = document.blocks.last else {
            Issue.record("not a paragraph")
            return
        }
        #expect(inlines.contains(.html("<b>")))
        #expect(inlines.plainText == "Hi <b>there</b>")
    }

    @Test("Fenced code keeps its language and text exactly")
    func code() {
        let document = MarkdownDocument.parse("```swift\nlet x = 1 // ### not a heading\n```")
        #expect(document.blocks == [.codeBlock(language: "swift", code: "let x = 1 // ### not a heading")])
    }

    @Test(
        "Plain sentences skip the C parser and give what cmark would",
        arguments: ["Still on for Saturday?", "See you there 👋", "今日は天気がいいですね", "שלום מה נשמע"])
    func fastPathAgrees(text: String) {
        #expect(MarkdownDocument.parse(text) == MarkdownDocument(blocks: [.paragraph([.text(text)])]))
    }

    @Test(
        "Text with Markdown syntax is not taken for plain",
        arguments: ["**bold**", "# heading", "1. one", "- item", "a `code` b", "www.example.org", "a\\*b"])
    func syntaxGoesToCmark(text: String) {
        #expect(MarkdownDocument.parse(text) != MarkdownDocument(blocks: [.paragraph([.text(text)])]))
    }

    @Test(
        "With style tags, <u> and <span data-effect=\"NAME\"> pairs are styles; other HTML and unpaired tags stay source text"
    )
    func styleTags() {
        let document = MarkdownDocument.parse(
            #"<u>under</u> <span data-effect="shake">**shaking**</span> <u>open <span data-effect="x1">y</span> <i>z</i>"#,
            styleTags: true)
        guard case .paragraph(let inlines) = document.blocks.first else {
            Issue.record("not a paragraph")
            return
        }
        #expect(inlines.first == .underline([.text("under")]))
        #expect(inlines.contains(.effect(name: "shake", [.strong([.text("shaking")])])))
        #expect(inlines.contains(.html("<u>")) && inlines.contains(.html("</span>")))
        #expect(inlines.contains(.html(#"<span data-effect="x1">"#)) && inlines.contains(.html("<i>")))
        #expect(inlines.plainText == #"under shaking <u>open <span data-effect="x1">y</span> <i>z</i>"#)
    }

    @Test("Without style tags (any format but the iMessage reader's), <u> and data-effect spans are text, even nested")
    func styleTagsStayTextOtherwise() {
        let text = #"<u>under</u> <span data-effect="shake">**shaking**</span> > <u>quoted</u>"#
        let document = MarkdownDocument.parse(text)
        func inlines(_ blocks: [MarkdownBlock]) -> [MarkdownInline] {
            blocks.flatMap { block -> [MarkdownInline] in
                switch block {
                case .paragraph(let inlines): inlines
                case .blockQuote(let blocks): inlines(blocks)
                default: []
                }
            }
        }
        let all = inlines(document.blocks)
        #expect(all.contains(.html("<u>")) && all.contains(.html("</u>")))
        #expect(all.contains(.html(#"<span data-effect="shake">"#)) && all.contains(.strong([.text("shaking")])))
        #expect(!all.contains { if case .underline = $0 { true } else if case .effect = $0 { true } else { false } })
        let quoted = MarkdownDocument.parse("> <u>quoted</u> and **<u>bold</u>**", styleTags: true)
        #expect(
            quoted.blocks == [
                .blockQuote([
                    .paragraph([.underline([.text("quoted")]), .text(" and "), .strong([.underline([.text("bold")])])])
                ])
            ])
    }
}
