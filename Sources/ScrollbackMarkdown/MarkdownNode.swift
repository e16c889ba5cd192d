/// A Markdown document as Swift values: what every renderer walks.
package struct MarkdownDocument: Sendable, Hashable {
    /// The top-level blocks.
    package var blocks: [MarkdownBlock]

    /// Creates a document.
    package init(blocks: [MarkdownBlock]) { self.blocks = blocks }

    /// Parses GitHub Flavored Markdown (tables, strikethrough, autolinks, task lists; raw HTML kept as text).
    package static func parse(_ text: String) -> MarkdownDocument { parse(text, styleTags: false) }

    /// `parse`; with `styleTags`, the two forms `StyleTags` reads are styles (`<u>…</u>`, `<span
    /// data-effect="NAME">…</span>`): only for text written with them on purpose (the iMessage
    /// reader's `styledMarkdown`); in any other text they are raw HTML, shown as it is written.
    package static func parse(_ text: String, styleTags: Bool) -> MarkdownDocument {
        if let fast = PlainTextFastPath.document(for: text) { return fast }
        let document = CmarkBridge.parse(text)
        return styleTags ? StyleTags.apply(document) : document
    }

    /// The most block quotes and list items one line nests (`NestingLimit`), and the most levels
    /// of structure a document keeps.
    package static let maximumNesting = CmarkBridge.maximumNesting

    /// How deep the node tree cmark-gfm builds for `text` is (the document is depth 0): the
    /// depth that sets its parsing cost, for tests.
    package static func cmarkTreeDepth(_ text: String) -> Int { CmarkBridge.treeDepth(text) }

    /// Whether `text` has no Markdown syntax at all: `parse` gives one paragraph of it, as `plain` does.
    ///
    /// Renderers use it to write such text straight out, without building a document.
    package static func isPlainText(_ text: String) -> Bool {
        PlainTextFastPath.hasNoSyntax(text)
    }

    /// A document of one paragraph of plain text: for `"format": "plain"` bodies.
    package static func plain(_ text: String) -> MarkdownDocument {
        PlainTextFastPath.plainDocument(text)
    }
}

/// A block-level construct.
package indirect enum MarkdownBlock: Sendable, Hashable {
    case paragraph([MarkdownInline])
    case heading(level: Int, [MarkdownInline])
    /// Fenced or indented code; `language` is the fence's first word.
    case codeBlock(language: String?, code: String)
    case blockQuote([MarkdownBlock])
    case list(MarkdownList)
    case table(MarkdownTable)
    case thematicBreak
    /// Raw HTML: never rendered as markup; shown as its source text.
    case htmlBlock(String)
}

/// An ordered or bulleted list.
package struct MarkdownList: Sendable, Hashable {
    package var ordered: Bool
    /// The first number of an ordered list.
    package var start: Int
    /// Tight lists have no blank lines between items.
    package var tight: Bool
    package var items: [MarkdownListItem]

    package init(ordered: Bool, start: Int, tight: Bool, items: [MarkdownListItem]) {
        self.ordered = ordered
        self.start = start
        self.tight = tight
        self.items = items
    }
}

/// One list item; `checked` is set for task-list items.
package struct MarkdownListItem: Sendable, Hashable {
    package var checked: Bool?
    package var blocks: [MarkdownBlock]

    package init(checked: Bool?, blocks: [MarkdownBlock]) {
        self.checked = checked
        self.blocks = blocks
    }
}

/// A GFM table.
package struct MarkdownTable: Sendable, Hashable {
    /// Column alignment, one per column.
    package var alignments: [ColumnAlignment]
    /// Header cells.
    package var header: [[MarkdownInline]]
    /// Body rows of cells.
    package var rows: [[[MarkdownInline]]]

    package init(alignments: [ColumnAlignment], header: [[MarkdownInline]], rows: [[[MarkdownInline]]]) {
        self.alignments = alignments
        self.header = header
        self.rows = rows
    }

    /// How a table column is aligned.
    package enum ColumnAlignment: String, Sendable, Hashable {
        case none, left, center, right
    }
}

/// An inline construct.
package indirect enum MarkdownInline: Sendable, Hashable {
    case text(String)
    case softBreak
    case lineBreak
    case code(String)
    case emphasis([MarkdownInline])
    case strong([MarkdownInline])
    case strikethrough([MarkdownInline])
    case link(destination: String, title: String?, [MarkdownInline])
    case image(source: String, title: String?, alt: [MarkdownInline])
    /// Raw inline HTML: shown as its source text, never as markup.
    case html(String)
    /// `||words||`: hidden until the reader reveals them.
    case spoiler([MarkdownInline])
    /// `<u>words</u>`: underlined (Markdown has no underline; see `StyleTags`).
    case underline([MarkdownInline])
    /// `<span data-effect="shake">words</span>`: words sent with an animated text effect (Messages'
    /// big, small, shake, nod, explode, ripple, bloom, jitter), drawn in a style and named.
    case effect(name: String, [MarkdownInline])
}

extension Array where Element == MarkdownInline {
    /// The inlines' text with all formatting dropped (alt text, excerpts, screen-reader labels).
    package var plainText: String {
        var text = ""
        for inline in self {
            switch inline {
            case .text(let value), .code(let value), .html(let value): text += value
            case .softBreak, .lineBreak: text += " "
            case .emphasis(let children), .strong(let children), .strikethrough(let children),
                .underline(let children), .effect(_, let children):
                text += children.plainText
            case .link(_, _, let children): text += children.plainText
            case .image(_, _, let alt): text += alt.plainText
            case .spoiler: text += "[spoiler]"  // a one-line quote must not give it away
            }
        }
        return text
    }
}
