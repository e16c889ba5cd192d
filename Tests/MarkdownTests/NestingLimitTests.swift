import ScrollbackMarkdown
import Testing

/// cmark-gfm's cost grows with the depth of the tree times its number of nodes, so what it is
/// given nests at most `maximumNesting` quotes and list items a line.
@Suite("Markdown nesting given to cmark-gfm")
struct NestingLimitTests {
    static let limit = MarkdownDocument.maximumNesting

    @Test(
        "Lines of 100,000 nested markers build a tree no deeper than the limit allows",
        arguments: [
            String(repeating: ">", count: 100_000) + " " + String(repeating: "_a", count: 2_000),
            String(repeating: "> ", count: 100_000) + String(repeating: "*a", count: 2_000),
            String(repeating: "- ", count: 100_000) + "x",
            String(repeating: "1. ", count: 50_000) + "x",
            String(repeating: "> - ", count: 50_000) + "x",
            String(repeating: "+ 1) ", count: 50_000) + "x\n" + String(repeating: ">", count: 100_000) + "y",
            String(repeating: "[", count: 100_000) + "a",
        ])
    func depthIsCapped(text: String) {
        // A list item is two levels (the list and its item); then a paragraph and its text.
        #expect(MarkdownDocument.cmarkTreeDepth(text) <= 2 * Self.limit + 2)
    }

    @Test("Quotes past the limit are shown as text inside the deepest quote kept")
    func deeperMarkersAreText() throws {
        var blocks = MarkdownDocument.parse(String(repeating: ">", count: Self.limit + 8) + " hi _there_").blocks
        var depth = 0
        while case .blockQuote(let inner)? = blocks.first {
            depth += 1
            blocks = inner
        }
        #expect(depth == Self.limit)
        // The paragraph is one level deeper than the structure kept: its text is flattened.
        #expect(blocks == [.paragraph([.text(">>>>>>>> hi there")])])
    }

    @Test("A rule made of many dashes stays a rule, and shallow nesting keeps its structure")
    func rulesAndShallowNesting() {
        #expect(MarkdownDocument.parse(String(repeating: "- ", count: 200) + "-").blocks == [.thematicBreak])
        let shallow = String(repeating: "> ", count: Self.limit) + "x"
        #expect(MarkdownDocument.cmarkTreeDepth(shallow) == Self.limit + 2)
    }
}
