/// Underline and Messages' animated text effects, which Markdown has no syntax for, written as
/// two inline HTML forms that Scrollback reads as styles: `<u>words</u>` and
/// `<span data-effect="NAME">words</span>` (`NAME` in lowercase letters, e.g. `shake`).
///
/// They are found in the inline tree cmark-gfm gives: an opening tag and the next closing one
/// among the same inlines enclose the words, which may carry formatting. Any other HTML, and
/// an unpaired tag, stays as its source text (never markup). Only a document parsed with
/// `styleTags` is read so (`MarkdownDocument.parse`): in any other text the tags are text.
enum StyleTags {
    /// `document` with the style tags of every run of inlines read, innermost first.
    static func apply(_ document: MarkdownDocument) -> MarkdownDocument {
        MarkdownDocument(blocks: document.blocks.map(block))
    }

    private static func block(_ block: MarkdownBlock) -> MarkdownBlock {
        switch block {
        case .paragraph(let inlines):
            return .paragraph(deep(inlines))
        case .heading(let level, let inlines):
            return .heading(level: level, deep(inlines))
        case .blockQuote(let blocks):
            return .blockQuote(blocks.map(Self.block))
        case .list(var list):
            list.items = list.items.map { MarkdownListItem(checked: $0.checked, blocks: $0.blocks.map(Self.block)) }
            return .list(list)
        case .table(var table):
            table.header = table.header.map(deep)
            table.rows = table.rows.map { $0.map(deep) }
            return .table(table)
        case .codeBlock, .thematicBreak, .htmlBlock:
            return block
        }
    }

    /// The inlines with their children's tags read first, then their own.
    private static func deep(_ inlines: [MarkdownInline]) -> [MarkdownInline] {
        apply(inlines.map(inline))
    }

    private static func inline(_ inline: MarkdownInline) -> MarkdownInline {
        switch inline {
        case .text, .softBreak, .lineBreak, .code, .html: inline
        case .emphasis(let children): .emphasis(deep(children))
        case .strong(let children): .strong(deep(children))
        case .strikethrough(let children): .strikethrough(deep(children))
        case .link(let destination, let title, let children):
            .link(destination: destination, title: title, deep(children))
        case .image(let source, let title, let alt): .image(source: source, title: title, alt: deep(alt))
        case .spoiler(let children): .spoiler(deep(children))
        case .underline(let children): .underline(deep(children))
        case .effect(let name, let children): .effect(name: name, deep(children))
        }
    }

    /// The inlines with underline and effect spans made `.underline` and `.effect`.
    static func apply(_ inlines: [MarkdownInline]) -> [MarkdownInline] {
        guard inlines.contains(where: { if case .html(let tag) = $0 { isStyleTag(tag) } else { false } }) else {
            return inlines
        }
        var frames: [Frame] = [Frame(opener: "", style: nil)]
        for inline in inlines {
            if case .html(let tag) = inline {
                if let style = opening(tag) {
                    frames.append(Frame(opener: tag, style: style))
                    continue
                }
                if frames.count > 1, let style = frames[frames.count - 1].style, tag == style.closingTag {
                    let frame = frames.removeLast()
                    frames[frames.count - 1].inlines.append(style.node(frame.inlines))
                    continue
                }
            }
            frames[frames.count - 1].inlines.append(inline)
        }
        // Unclosed tags stay as their text.
        while frames.count > 1 {
            let frame = frames.removeLast()
            frames[frames.count - 1].inlines.append(.html(frame.opener))
            frames[frames.count - 1].inlines += frame.inlines
        }
        return frames[0].inlines
    }

    private struct Frame {
        var opener: String
        var style: Style?
        var inlines: [MarkdownInline] = []
    }

    private enum Style {
        case underline
        case effect(String)

        var closingTag: String {
            switch self {
            case .underline: "</u>"
            case .effect: "</span>"
            }
        }

        func node(_ inlines: [MarkdownInline]) -> MarkdownInline {
            switch self {
            case .underline: .underline(inlines)
            case .effect(let name): .effect(name: name, inlines)
            }
        }
    }

    private static let effectPrefix = "<span data-effect=\""
    private static let effectSuffix = "\">"

    private static func isStyleTag(_ tag: String) -> Bool {
        opening(tag) != nil || tag == "</u>" || tag == "</span>"
    }

    /// The style an opening tag starts, or `nil` for any other HTML.
    private static func opening(_ tag: String) -> Style? {
        if tag == "<u>" { return .underline }
        guard tag.hasPrefix(effectPrefix), tag.hasSuffix(effectSuffix) else { return nil }
        let name = tag.dropFirst(effectPrefix.count).dropLast(effectSuffix.count)
        guard !name.isEmpty, name.count <= 24, name.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return nil }
        return .effect(String(name))
    }
}
