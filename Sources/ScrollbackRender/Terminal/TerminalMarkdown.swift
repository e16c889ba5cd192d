import ScrollbackMarkdown

/// Draws a Markdown tree as terminal lines of at most `width` columns.
///
/// A visitor over `MarkdownBlock`: each construct has its own method. Text is made safe
/// (`TerminalSafeText`) as it enters a span, so nothing from the log reaches the terminal raw.
struct TerminalMarkdown {
    /// Columns available.
    let width: Int
    /// Whether colour (and so OSC 8 hyperlinks) is on; without it link targets are written out.
    let colored: Bool

    /// Blocks, separated by blank lines.
    func lines(_ blocks: [MarkdownBlock]) -> [StyledLine] {
        var result: [StyledLine] = []
        for block in blocks {
            if !result.isEmpty { result.append(StyledLine()) }
            result += lines(block)
        }
        return result
    }

    func lines(_ block: MarkdownBlock) -> [StyledLine] {
        switch block {
        case .paragraph(let inlines): return LineWrapper.wrap(spans(inlines), width: width)
        case .heading(let level, let inlines):
            return LineWrapper.wrap(spans(inlines, TextStyle(bold: true, underline: level == 1)), width: width)
        case .codeBlock(_, let code): return codeBlock(code)
        case .blockQuote(let blocks): return quote(blocks)
        case .list(let list): return self.list(list)
        case .table(let table):
            return TerminalTable(width: width, markdown: self).lines(table)
        case .thematicBreak:
            return [StyledLine(Runs.line(width), TextStyle(foreground: .muted))]
        case .htmlBlock(let html):
            return LineWrapper.wrap([Span(TerminalSafeText.clean(html.trimmingTrailingNewlines()))], width: width)
        }
    }

    /// Inline content as spans in `style`.
    func spans(_ inlines: [MarkdownInline], _ style: TextStyle = .plain) -> [Span] {
        var result: [Span] = []
        for inline in inlines {
            switch inline {
            case .text(let text), .html(let text):
                result.append(Span(TerminalSafeText.oneLine(text), style))
            case .softBreak: result.append(Span(" ", style))
            case .lineBreak: result.append(Span("\n", style))
            case .code(let code):
                let codeStyle = style.with {
                    $0.foreground = .codeText
                    $0.background = .codeBackground
                }
                result.append(Span(TerminalSafeText.oneLine(code), codeStyle))
            case .emphasis(let children): result += spans(children, style.with { $0.italic = true })
            case .strong(let children): result += spans(children, style.with { $0.bold = true })
            case .strikethrough(let children): result += spans(children, style.with { $0.strikethrough = true })
            case .underline(let children): result += spans(children, style.with { $0.underline = true })
            case .effect(let name, let children):
                // A terminal cannot animate: the words, then the effect's name.
                result += spans(children, style)
                result.append(Span(" [" + name + "]", style.with { $0.foreground = .muted }))
            case .spoiler(let children):
                // `||…||` stays, so text and ANSI have one layout; with colour the words are concealed
                // on a shaded ground, shown where the terminal reveals concealed text (selecting it).
                result.append(Span("||", style.with { $0.foreground = .muted }))
                result += spans(
                    children,
                    style.with {
                        $0.concealed = true
                        $0.background = .codeBackground
                    })
                result.append(Span("||", style.with { $0.foreground = .muted }))
            case .link(let destination, _, let children):
                result += link(destination, children, style)
            case .image(let source, _, let alt):
                let label = alt.plainText.isEmpty ? source : alt.plainText
                result.append(Span("[image: " + TerminalSafeText.oneLine(label) + "]", style.with { $0.dim = true }))
            }
        }
        return result
    }

    /// A link: the label, then the address in parentheses unless the label is the address.
    /// With colour the label is also an OSC 8 hyperlink (web and mail links only); the
    /// address stays visible so `ansi` and `text` have the same layout.
    private func link(_ destination: String, _ children: [MarkdownInline], _ style: TextStyle) -> [Span] {
        let label = children.plainText
        let url = TerminalSafeText.oneLine(destination)
        let sameAsLabel = label == destination || "mailto:" + label == destination
        var result: [Span]
        if colored, let target = ANSIWriter.hyperlinkTarget(destination) {
            result = spans(
                children,
                style.with {
                    $0.underline = true
                    $0.foreground = .link
                    $0.link = target
                })
        } else {
            result = spans(children, style)
        }
        if !sameAsLabel && !url.isEmpty { result.append(Span(" (" + url + ")", style.with { $0.dim = true })) }
        return result
    }

    /// Code keeps its lines: long ones wrap at the width with a `↵` marker, every line on the code background.
    private func codeBlock(_ code: String) -> [StyledLine] {
        let style = TextStyle(foreground: .codeText, background: .codeBackground)
        let marker = TextStyle(dim: true, foreground: .codeText, background: .codeBackground)
        var sourceLines = TerminalSafeText.clean(code).split(separator: "\n", omittingEmptySubsequences: false)
        if sourceLines.last?.isEmpty == true { sourceLines.removeLast() }
        var result: [StyledLine] = []
        for source in sourceLines {
            var line = StyledLine()
            line.pad(1, style)
            if width > 3, source.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                // One column a byte: the line is cut into pieces of `width - 3` (padding, text,
                // `↵`, padding), as the cluster walk below would cut it, without making clusters.
                let capacity = width - 3
                var rest = source
                while rest.utf8.count > capacity {
                    let cut = rest.utf8.index(rest.startIndex, offsetBy: capacity)
                    line.append(rest[..<cut], style, width: capacity)
                    line.pad(width - 1 - line.width, style)
                    line.append("↵", marker, width: 1)
                    result.append(line)
                    line = StyledLine()
                    line.pad(1, style)
                    rest = rest[cut...]
                }
                line.append(rest, style, width: rest.utf8.count)
                line.pad(width - line.width, style)
                result.append(line)
                continue
            }
            for cluster in DisplayWidth.clusters(String(source)) {
                if line.width + cluster.width > width - 2 {
                    line.pad(width - 1 - line.width, style)
                    line.append("↵", marker, width: 1)
                    result.append(line)
                    line = StyledLine()
                    line.pad(1, style)
                }
                line.append(cluster.text, style, width: cluster.width)
            }
            line.pad(width - line.width, style)
            result.append(line)
        }
        return result.isEmpty ? [StyledLine().padded(width, style)] : result
    }

    /// The fewest columns a nested quote or list item narrows its content to: one nested deeper
    /// is drawn at the width it has (a quote without a further bar, a list item's marker on a line
    /// of its own), so deep nesting cannot make lines ever narrower and more numerous (each level
    /// copies every line it holds).
    static let narrowest = 16

    private func quote(_ blocks: [MarkdownBlock]) -> [StyledLine] {
        guard width - 2 >= Self.narrowest else { return lines(blocks) }
        let inner = TerminalMarkdown(width: max(1, width - 2), colored: colored)
        return inner.lines(blocks).map { line in
            var quoted = StyledLine("▎", TextStyle(foreground: .muted))
            quoted.pad(1)
            quoted.append(line.restyled { $0.italic = true })
            return quoted
        }
    }

    private func list(_ list: MarkdownList) -> [StyledLine] {
        let last = list.start + list.items.count - 1
        let numberWidth = list.ordered ? String(last).count + 2 : 2
        var result: [StyledLine] = []
        for (offset, item) in list.items.enumerated() {
            if offset > 0 && !list.tight { result.append(StyledLine()) }
            var marker: String
            var markerStyle = TextStyle.plain
            if list.ordered {
                marker = "\(list.start + offset)."
                marker += String(repeating: " ", count: numberWidth - marker.count)
            } else {
                marker = "• "
                markerStyle.foreground = .muted
            }
            var indent = numberWidth
            if let checked = item.checked {
                marker += checked ? "☑ " : "☐ "
                indent += 2
            }
            guard width - indent >= Self.narrowest else {
                result.append(StyledLine(marker, markerStyle))
                result += lines(item.blocks)
                continue
            }
            let inner = TerminalMarkdown(width: max(1, width - indent), colored: colored)
            for (index, line) in inner.lines(item.blocks).enumerated() {
                var prefixed = StyledLine()
                if index == 0 { prefixed.append(marker, markerStyle, width: indent) } else { prefixed.pad(indent) }
                prefixed.append(line)
                result.append(prefixed)
            }
        }
        return result
    }
}

extension StyledLine {
    /// The line with `change` applied to every span's style.
    func restyled(_ change: (inout TextStyle) -> Void) -> StyledLine {
        var line = StyledLine()
        for span in spans { line.append(span.text, span.style.with(change), width: 0) }
        line.width = width
        return line
    }

    /// The line padded with spaces to `columns`.
    func padded(_ columns: Int, _ style: TextStyle = .plain) -> StyledLine {
        var line = self
        line.pad(columns - width, style)
        return line
    }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
