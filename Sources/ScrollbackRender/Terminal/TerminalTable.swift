import ScrollbackMarkdown

/// A GFM table drawn with box characters, shrunk and wrapped to fit a width.
///
/// Columns start at their natural widths; while the table is too wide the widest column
/// gives up a column at a time, and cells wrap inside their column. When even one column
/// per cell does not fit, rows are written as `header: value` lines instead.
struct TerminalTable {
    /// Columns available for the whole table, borders included.
    let width: Int
    /// Draws the cells' inline Markdown.
    let markdown: TerminalMarkdown

    func lines(_ table: MarkdownTable) -> [StyledLine] {
        let columns = max(table.header.count, table.rows.map(\.count).max() ?? 0)
        guard columns > 0 else { return [] }
        let frame = 3 * columns + 1
        guard width - frame >= columns * 2 else { return asRecords(table, columns: columns) }

        let header = cells(table.header, columns: columns, style: TextStyle(bold: true))
        let rows = table.rows.map { cells($0, columns: columns, style: .plain) }
        var widths = [Int](repeating: 1, count: columns)
        for row in [header] + rows {
            for (index, cell) in row.enumerated() {
                widths[index] = max(widths[index], cell.reduce(0) { $0 + DisplayWidth.of($1.text) })
            }
        }
        let budget = width - frame
        while widths.reduce(0, +) > budget, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }) {
            widths[widest] -= 1
        }

        let border = TextStyle(foreground: .muted)
        var result = [rule("┌", "┬", "┐", widths, border)]
        result += row(header, widths: widths, alignments: table.alignments, border: border)
        result.append(rule("├", "┼", "┤", widths, border))
        for cells in rows { result += row(cells, widths: widths, alignments: table.alignments, border: border) }
        result.append(rule("└", "┴", "┘", widths, border))
        return result
    }

    private func cells(_ row: [[MarkdownInline]], columns: Int, style: TextStyle) -> [[Span]] {
        (0..<columns).map { index in index < row.count ? markdown.spans(row[index], style) : [] }
    }

    private func rule(_ left: String, _ middle: String, _ right: String, _ widths: [Int], _ style: TextStyle)
        -> StyledLine
    {
        StyledLine(left + widths.map { Runs.line($0 + 2) }.joined(separator: middle) + right, style)
    }

    private func row(
        _ cells: [[Span]], widths: [Int], alignments: [MarkdownTable.ColumnAlignment], border: TextStyle
    ) -> [StyledLine] {
        let wrapped = cells.enumerated().map { index, spans in LineWrapper.wrap(spans, width: widths[index]) }
        let height = wrapped.map(\.count).max() ?? 1
        return (0..<height).map { lineIndex in
            var line = StyledLine("│", border)
            for (index, cellLines) in wrapped.enumerated() {
                let content = lineIndex < cellLines.count ? cellLines[lineIndex] : StyledLine()
                let spare = max(0, widths[index] - content.width)
                let alignment = index < alignments.count ? alignments[index] : .none
                let before = alignment == .right ? spare : alignment == .center ? spare / 2 : 0
                line.pad(1 + before)
                line.append(content.isolated())
                line.pad(spare - before + 1)
                line.append("│", border, width: 1)
            }
            return line
        }
    }

    /// Too narrow for a grid: each row as `header: value` lines, rows separated by a rule.
    private func asRecords(_ table: MarkdownTable, columns: Int) -> [StyledLine] {
        var result: [StyledLine] = []
        for (rowIndex, row) in table.rows.enumerated() {
            if rowIndex > 0 {
                result.append(StyledLine(Runs.line(width), TextStyle(foreground: .muted)))
            }
            for index in 0..<columns {
                var spans = index < table.header.count ? markdown.spans(table.header[index], TextStyle(bold: true)) : []
                spans.append(Span(": ", TextStyle(bold: true)))
                if index < row.count { spans += markdown.spans(row[index]) }
                result += LineWrapper.wrap(spans, width: width)
            }
        }
        return result
    }
}
