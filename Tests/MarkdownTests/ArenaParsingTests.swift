import ScrollbackMarkdown
import Testing

/// cmark-gfm parses each document in memory of the thread's own, given back all at once after
/// the document has become Swift values. These documents outgrow that memory's first block in
/// every way cmark grows: many nodes, one long string built piece by piece, many cells.
@Suite("Markdown: documents bigger than the parser's first block of memory")
struct ArenaParsingTests {
    @Test("A long list keeps every item, in order")
    func longList() {
        let items = (0..<20_000).map { "item \($0) with *emphasis*" }
        let document = MarkdownDocument.parse(items.map { "- " + $0 }.joined(separator: "\n"))
        guard case .list(let list)? = document.blocks.first, document.blocks.count == 1 else {
            Issue.record("not one list: \(document.blocks.count) blocks")
            return
        }
        #expect(list.items.count == items.count)
        let texts = list.items.map { item -> String in
            guard case .paragraph(let inlines)? = item.blocks.first else { return "" }
            return inlines.plainText
        }
        #expect(texts == items.map { $0.replacingOccurrences(of: "*", with: "") })
    }

    @Test("A code block of megabytes comes back byte for byte")
    func bigCodeBlock() {
        let code = (0..<60_000).map { "let value\($0) = \"\(String(repeating: "é", count: $0 % 17))\"" }
            .joined(separator: "\n")
        let document = MarkdownDocument.parse("```swift\n" + code + "\n```")
        #expect(document.blocks == [.codeBlock(language: "swift", code: code)])
    }

    @Test("A big table keeps every cell")
    func bigTable() {
        let rows = (0..<5_000).map { "| \($0) | ~~old~~ new \($0) |" }
        let document = MarkdownDocument.parse((["| n | text |", "|---|:-:|"] + rows).joined(separator: "\n"))
        guard case .table(let table)? = document.blocks.first else {
            Issue.record("not a table")
            return
        }
        #expect(table.alignments == [.none, .center])
        #expect(table.rows.count == rows.count)
        #expect(table.rows.last?.first?.plainText == "4999")
        #expect(table.rows.last?.last == [.strikethrough([.text("old")]), .text(" new 4999")])
    }

    @Test("Documents parsed after a big one come out as they do alone")
    func afterABigOne() {
        let small = ["Hi **there**", "See https://example.org/x", "> quoted\n\nand `code`"]
        let alone = small.map(MarkdownDocument.parse)
        _ = MarkdownDocument.parse(String(repeating: "word **strong** ", count: 100_000))
        #expect(small.map(MarkdownDocument.parse) == alone)
    }
}
