import ScrollbackMarkdown

/// Markdown → HTML for one message body, escaping by construction.
///
/// Text goes out only through `text`, attribute values only through `attribute` (both
/// `HTMLEscaping`'s one rule, on the bytes); raw HTML in the source is shown as its text. Headings
/// become bold paragraphs, because a message must not add to the page's outline
/// (day headings are the `<h2>`s). A single newline is a line break, as in every chat app.
struct MarkdownHTML {
    var media: MediaResolver
    /// The HTML written so far, as UTF-8: bodies are written as bytes straight from the document,
    /// with no string built for each piece.
    var html: [UInt8] = []

    init(media: MediaResolver) { self.media = media }

    /// Markup of the writer's own.
    private mutating func markup(_ value: String) {
        var value = value
        value.withUTF8 { html.append(contentsOf: $0) }
    }

    /// Text from the log, as element text.
    private mutating func text(_ value: String) {
        var value = value
        value.withUTF8 { HTMLEscaping.append($0, quotes: false, to: &html) }
    }

    /// Text from the log, as a quoted attribute value.
    private mutating func attribute(_ value: String) {
        var value = value
        value.withUTF8 { HTMLEscaping.append($0, quotes: true, to: &html) }
    }

    mutating func blocks(_ blocks: [MarkdownBlock]) {
        for block in blocks { self.block(block) }
    }

    mutating func block(_ block: MarkdownBlock) {
        switch block {
        case .paragraph(let inlines):
            markup("<p>")
            self.inlines(inlines)
            markup("</p>")
        case .heading(let level, let inlines):
            markup("<p class=\"sb-md-heading sb-md-h\(min(max(level, 1), 6))\"><strong>")
            self.inlines(inlines)
            markup("</strong></p>")
        case .codeBlock(let language, let code):
            // tabindex: keyboard users can scroll a wide block sideways.
            markup("<pre class=\"sb-code\" tabindex=\"0\"><code")
            if let language, !language.isEmpty {
                markup(" class=\"language-")
                attribute(language)
                markup("\"")
            }
            markup(">")
            text(code.hasSuffix("\n") ? String(code.dropLast()) : code)
            markup("</code></pre>")
        case .blockQuote(let children):
            markup("<blockquote>")
            blocks(children)
            markup("</blockquote>")
        case .list(let list): self.list(list)
        case .table(let table): self.table(table)
        case .thematicBreak: markup("<hr>")
        case .htmlBlock(let source):
            markup("<p class=\"sb-md-raw\">")
            text(source.trimmingTrailingNewlines())
            markup("</p>")
        }
    }

    private mutating func list(_ list: MarkdownList) {
        let tag = list.ordered ? "ol" : "ul"
        markup("<" + tag)
        if list.ordered && list.start != 1 { markup(" start=\"\(list.start)\"") }
        if list.items.contains(where: { $0.checked != nil }) { markup(" class=\"sb-tasks\"") }
        markup(">")
        for item in list.items {
            markup("<li>")
            if let checked = item.checked {
                markup(checked ? "<input type=\"checkbox\" checked disabled> " : "<input type=\"checkbox\" disabled> ")
            }
            if list.tight, item.blocks.count == 1, case .paragraph(let inlines) = item.blocks[0] {
                self.inlines(inlines)
            } else {
                blocks(item.blocks)
            }
            markup("</li>")
        }
        markup("</" + tag + ">")
    }

    private mutating func table(_ table: MarkdownTable) {
        markup("<div class=\"sb-table\" tabindex=\"0\"><table><thead><tr>")
        for (column, cell) in table.header.enumerated() { self.cell("th", cell, table.alignments, column) }
        markup("</tr></thead><tbody>")
        for row in table.rows {
            markup("<tr>")
            for (column, cell) in row.enumerated() { self.cell("td", cell, table.alignments, column) }
            markup("</tr>")
        }
        markup("</tbody></table></div>")
    }

    private mutating func cell(
        _ tag: String, _ inlines: [MarkdownInline], _ alignments: [MarkdownTable.ColumnAlignment], _ column: Int
    ) {
        let alignment = column < alignments.count ? alignments[column] : .none
        markup(alignment == .none ? "<\(tag)>" : "<\(tag) class=\"sb-align-\(alignment.rawValue)\">")
        self.inlines(inlines)
        markup("</\(tag)>")
    }

    /// A spoiler, hidden by CSS until its box is ticked: revealed by a click, with no script.
    private mutating func spoiler(_ children: [MarkdownInline]) {
        markup("<label class=\"sb-spoiler\"><input type=\"checkbox\" aria-label=\"Show spoiler\">")
        markup("<span class=\"sb-spoiler-text\">")
        inlines(children)
        markup("</span></label>")
    }

    /// Words sent with an animated text effect: in the effect's style, then its name, which screen
    /// readers hear as "sent with the effect …". The name is lowercase letters (`StyleTags`), so
    /// it is safe in a class as it is.
    private mutating func effect(_ name: String, _ children: [MarkdownInline]) {
        markup("<span class=\"sb-effect sb-effect-\(name)\">")
        inlines(children)
        markup("<span class=\"sb-effect-label\"><span class=\"sb-sr\">, sent with the effect </span>")
        text(name)
        markup("</span></span>")
    }

    mutating func inlines(_ inlines: [MarkdownInline]) {
        for inline in inlines { self.inline(inline) }
    }

    private mutating func inline(_ inline: MarkdownInline) {
        switch inline {
        case .text(let value), .html(let value): text(value)
        case .softBreak, .lineBreak: markup("<br>")
        case .code(let code):
            markup("<code>")
            text(code)
            markup("</code>")
        case .emphasis(let children): wrap("em", children)
        case .strong(let children): wrap("strong", children)
        case .strikethrough(let children): wrap("del", children)
        case .underline(let children): wrap("u", children)
        case .effect(let name, let children): effect(name, children)
        case .spoiler(let children): spoiler(children)
        case .link(let destination, let title, let children):
            let kind = LinkPolicy.kind(of: destination)
            guard kind != .forbidden else {
                inlines(children)  // a forbidden target: keep the words, drop the link
                return
            }
            let href = destination
            markup("<a href=\"")
            attribute(href)
            markup("\"")
            if let title, !title.isEmpty {
                markup(" title=\"")
                attribute(title)
                markup("\"")
            }
            markup(" rel=\"noopener noreferrer nofollow\"")
            // Other sites open beside the transcript; fragments and relative pages stay in place.
            markup(kind == .remote ? " target=\"_blank\">" : ">")
            inlines(children)
            markup("</a>")
        case .image(let source, let title, let alt):
            let altText = alt.plainText
            guard let image = media.image(source) else {
                markup("<span class=\"sb-alt\">")
                text(altText.isEmpty ? "Image" : altText)
                markup("</span>")
                return
            }
            markup("<img class=\"sb-inline-image\" src=\"")
            attribute(image.source)
            markup("\" alt=\"")
            attribute(altText)
            markup("\"")
            if let title, !title.isEmpty {
                markup(" title=\"")
                attribute(title)
                markup("\"")
            }
            if let width = image.width, let height = image.height { markup(" width=\"\(width)\" height=\"\(height)\"") }
            markup(" loading=\"lazy\">")
        }
    }

    private mutating func wrap(_ tag: String, _ children: [MarkdownInline]) {
        markup("<" + tag + ">")
        inlines(children)
        markup("</" + tag + ">")
    }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last == "\n" || text.last == "\r\n" { text.removeLast() }
        return text
    }
}
