import ScrollbackLayout
import ScrollbackModel

/// Draws a layout as bubbles with box-drawing characters, for `--format ansi` and `text`.
///
/// The output is a pure function of the layout and options: `text` is the same layout as
/// `ansi` with no escape sequence at all, and no line is wider than `options.width`.
package enum TerminalRenderer {
    /// Writes the layout to `output`, one chain at a time (memory stays that of one chain).
    package static func render(
        _ layout: TranscriptLayout, options: TerminalOptions, to output: inout some TextOutputStream
    ) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16 + 4096)
        forEachBlock(layout, options: options) { lines in
            for line in lines {
                buffer.append(contentsOf: line.utf8)
                buffer.append(0x0A)
            }
            if buffer.count >= 1 << 16 {
                output.writeUTF8(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        output.writeUTF8(buffer)
    }

    /// The output in blocks: the title, each day rule and each chain, every block after the
    /// first starting with its blank separator line. `follow` redraws and prints by block.
    package static func blocks(_ layout: TranscriptLayout, options: TerminalOptions) -> [[String]] {
        var blocks: [[String]] = []
        forEachBlock(layout, options: options) { blocks.append($0) }
        return blocks
    }

    private static func forEachBlock(
        _ layout: TranscriptLayout, options: TerminalOptions, _ body: ([String]) -> Void
    ) {
        let width = options.columns
        let writer = ANSIWriter(depth: options.color)
        let drawer = ChainDrawer(layout: layout, width: width, colored: options.color != nil)
        var first = true
        func emit(_ lines: [StyledLine]) {
            var block: [String] = first ? [] : [""]
            block.reserveCapacity(lines.count + 1)
            for line in lines { block.append(writer.line(line)) }
            first = false
            body(block)
        }
        if let title = layout.title, !title.isEmpty {
            let text = BubbleContent.truncate(TerminalSafeText.oneLine(title), to: width)
            emit([centred(StyledLine(text, TextStyle(bold: true)).isolated(), width: width)])
        }
        for day in layout.days {
            if !layout.undated { emit([dayRule(day.label, width: width)]) }
            for chain in day.chains { emit(drawer.lines(chain)) }
        }
    }

    /// `────────── Saturday, 28 November 2026 ──────────`, centred across the width.
    static func dayRule(_ label: String, width: Int) -> StyledLine {
        let text = BubbleContent.truncate(TerminalSafeText.oneLine(label), to: width - 6)
        let labelWidth = DisplayWidth.of(text) + 2
        let left = (width - labelWidth) / 2
        let right = width - labelWidth - left
        let rule = TextStyle(foreground: .muted)
        var line = StyledLine(Runs.line(left), rule)
        line.pad(1)
        line.append(StyledLine(text, TextStyle(bold: true, foreground: .muted)).isolated())
        line.pad(1)
        line.append(Runs.line(right), rule, width: right)
        return line
    }

    private static func centred(_ line: StyledLine, width: Int) -> StyledLine {
        var placed = StyledLine()
        placed.pad((width - line.width) / 2)
        placed.append(line)
        return placed
    }
}
