import ScrollbackMarkdown

/// Markdown → HTML for one message body, escaping by construction.
///
/// Text goes out only through `HTMLEscaping.text`, attribute values only through
/// `HTMLEscaping.attribute`; raw HTML in the source is shown as its text. Headings
/// become bold paragraphs, because a message must not add to the page's outline
/// (day headings are the `<h2>`s). A single newline is a line break, as in every chat app.
struct MarkdownHTML {
    var media: MediaResolver
    var html = ""

    init(media: MediaResolver) { self.media = media }

    mutating func blocks(_ blocks: [MarkdownBlock]) {
        for block in blocks { self.block(block) }
    }

    mutating func block(_ block: MarkdownBlock) {
        switch block {
        case .paragraph(let inlines):
            html += "<p>"
            self.inlines(inlines)
            html += "</p>"
        case .heading(let level, let inlines):
            html += "<p class=\"sb-md-heading sb-md-h\(min(max(level, 1), 6))\"><strong>"
            self.inlines(inlines)
            html += "</strong></p>"
        case .codeBlock(let language, let code):
            // tabindex: keyboard users can scroll a wide block sideways.
            html += "<pre class=\"sb-code\" tabindex=\"0\"><code"
            if let language, !language.isEmpty {
                html += " class=\"language-" + HTMLEscaping.attribute(language) + "\""
            }
            html += ">" + HTMLEscaping.text(code.hasSuffix("\n") ? String(code.dropLast()) : code) + "</code></pre>"
        case .blockQuote(let children):
            html += "<blockquote>"
            blocks(children)
            html += "</blockquote>"
        case .list(let list): self.list(list)
        case .table(let table): self.table(table)
        case .thematicBreak: html += "<hr>"
        case .htmlBlock(let source):
            html += "<p class=\"sb-md-raw\">" + HTMLEscaping.text(source.trimmingTrailingNewlines()) + "</p>"
        }
    }

    private mutating func list(_ list: MarkdownList) {
        let tag = list.ordered ? "ol" : "ul"
        html += "<" + tag
        if list.ordered && list.start != 1 { html += " start=\"\(list.start)\"" }
        if list.items.contains(where: { $0.checked != nil }) { html += " class=\"sb-tasks\"" }
        html += ">"
        for item in list.items {
            html += "<li>"
            if let checked = item.checked {
                html += checked ? "<input type=\"checkbox\" checked disabled> " : "<input type=\"checkbox\" disabled> "
            }
            if list.tight, item.blocks.count == 1, case .paragraph(let inlines) = item.blocks[0] {
                self.inlines(inlines)
            } else {
                blocks(item.blocks)
            }
            html += "</li>"
        }
        html += "</" + tag + ">"
    }

    private mutating func table(_ table: MarkdownTable) {
        html += "<div class=\"sb-table\" tabindex=\"0\"><table><thead><tr>"
        for (column, cell) in table.header.enumerated() { self.cell("th", cell, table.alignments, column) }
        html += "</tr></thead><tbody>"
        for row in table.rows {
            html += "<tr>"
            for (column, cell) in row.enumerated() { self.cell("td", cell, table.alignments, column) }
            html += "</tr>"
        }
        html += "</tbody></table></div>"
    }

    private mutating func cell(
        _ tag: String, _ inlines: [MarkdownInline], _ alignments: [MarkdownTable.ColumnAlignment], _ column: Int
    ) {
        let alignment = column < alignments.count ? alignments[column] : .none
        html += alignment == .none ? "<\(tag)>" : "<\(tag) class=\"sb-align-\(alignment.rawValue)\">"
        self.inlines(inlines)
        html += "</\(tag)>"
    }

    mutating func inlines(_ inlines: [MarkdownInline]) {
        for inline in inlines { self.inline(inline) }
    }

    private mutating func inline(_ inline: MarkdownInline) {
        switch inline {
        case .text(let text), .html(let text): html += HTMLEscaping.text(text)
        case .softBreak, .lineBreak: html += "<br>"
        case .code(let code): html += "<code>" + HTMLEscaping.text(code) + "</code>"
        case .emphasis(let children): wrap("em", children)
        case .strong(let children): wrap("strong", children)
        case .strikethrough(let children): wrap("del", children)
        case .spoiler(let children):
            // Hidden by CSS until its box is ticked: revealed by a click, with no script.
            html += "<label class=\"sb-spoiler\"><input type=\"checkbox\" aria-label=\"Show spoiler\">"
            html += "<span class=\"sb-spoiler-text\">"
            inlines(children)
            html += "</span></label>"
        case .link(let destination, let title, let children):
            let kind = LinkPolicy.kind(of: destination)
            guard kind != .forbidden else {
                inlines(children)  // a forbidden target: keep the words, drop the link
                return
            }
            let href = destination
            html += "<a href=\"" + HTMLEscaping.attribute(href) + "\""
            if let title, !title.isEmpty { html += " title=\"" + HTMLEscaping.attribute(title) + "\"" }
            html += " rel=\"noopener noreferrer nofollow\""
            // Other sites open beside the transcript; fragments and relative pages stay in place.
            html += kind == .remote ? " target=\"_blank\">" : ">"
            inlines(children)
            html += "</a>"
        case .image(let source, let title, let alt):
            let altText = alt.plainText
            guard let image = media.image(source) else {
                html += "<span class=\"sb-alt\">" + HTMLEscaping.text(altText.isEmpty ? "Image" : altText) + "</span>"
                return
            }
            html += "<img class=\"sb-inline-image\" src=\"" + HTMLEscaping.attribute(image.source) + "\" alt=\""
            html += HTMLEscaping.attribute(altText) + "\""
            if let title, !title.isEmpty { html += " title=\"" + HTMLEscaping.attribute(title) + "\"" }
            if let width = image.width, let height = image.height { html += " width=\"\(width)\" height=\"\(height)\"" }
            html += " loading=\"lazy\">"
        }
    }

    private mutating func wrap(_ tag: String, _ children: [MarkdownInline]) {
        html += "<" + tag + ">"
        inlines(children)
        html += "</" + tag + ">"
    }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last == "\n" || text.last == "\r\n" { text.removeLast() }
        return text
    }
}
