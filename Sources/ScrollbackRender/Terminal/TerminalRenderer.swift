import ScrollbackLayout
import ScrollbackModel

/// Draws a layout as bubbles with box-drawing characters, for `--format ansi` and `text`.
///
/// The output is a pure function of the layout and options: `text` is the same layout as
/// `ansi` with no escape sequence at all, and no line is wider than `options.width`.
package enum TerminalRenderer {
    /// Writes the layout to `output`, a batch of chains at a time (memory stays that of a few
    /// batches), drawing batches ahead on the cores that are free.
    package static func render(
        _ layout: TranscriptLayout, options: TerminalOptions, to output: inout some TextOutputStream
    ) {
        render(layout, options: options, cores: FreeCores.now(), to: &output)
    }

    /// Writes the layout, drawing on up to `cores` threads (the bytes never depend on it).
    static func render(
        _ layout: TranscriptLayout, options: TerminalOptions, cores: Int, to output: inout some TextOutputStream
    ) {
        let plan = BlockPlan(layout)
        let draw: @Sendable (Int) -> [UInt8] = { number in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(1 << 16)
            let drawing = BlockDrawing(layout: layout, options: options)
            for index in plan.batches[number] {
                for line in drawing.lines(plan.blocks[index], first: index == 0) {
                    bytes.append(contentsOf: line.utf8)
                    bytes.append(0x0A)
                }
            }
            return bytes
        }
        let ahead = OrderedBatches(count: plan.batches.count, cores: cores, make: draw)
        for number in plan.batches.indices {
            output.writeUTF8(ahead?.output(number) ?? draw(number))
        }
    }

    /// The output in blocks: the title, each day rule and each chain, every block after the
    /// first starting with its blank separator line. `follow` redraws and prints by block.
    package static func blocks(_ layout: TranscriptLayout, options: TerminalOptions) -> [[String]] {
        let plan = BlockPlan(layout)
        let drawing = BlockDrawing(layout: layout, options: options)
        return plan.blocks.indices.map { drawing.lines(plan.blocks[$0], first: $0 == 0) }
    }

    /// What the output is made of, in order, and the blocks cut into batches of about
    /// `Batches.bubbles` bubbles each.
    private struct BlockPlan: Sendable {
        enum Block: Sendable {
            case title(String, topic: String?)
            case dayRule(day: Int)
            case chain(day: Int, chain: Int)
        }

        var blocks: [Block] = []
        var batches: [Range<Int>] = []

        init(_ layout: TranscriptLayout) {
            if let title = layout.title, !title.isEmpty { blocks.append(.title(title, topic: layout.topic)) }
            for (dayIndex, day) in layout.days.enumerated() {
                if !layout.undated { blocks.append(.dayRule(day: dayIndex)) }
                for chainIndex in day.chains.indices { blocks.append(.chain(day: dayIndex, chain: chainIndex)) }
            }
            batches = Batches.ranges(
                weights: blocks.lazy.map { block in
                    guard case .chain(let day, let chain) = block else { return 0 }
                    return layout.days[day].chains[chain].bubbles.count
                })
        }
    }

    /// Draws one block as its lines of output text.
    private struct BlockDrawing {
        let layout: TranscriptLayout
        let width: Int
        let writer: ANSIWriter
        let drawer: ChainDrawer

        init(layout: TranscriptLayout, options: TerminalOptions) {
            self.layout = layout
            width = options.columns
            writer = ANSIWriter(depth: options.color)
            drawer = ChainDrawer(layout: layout, width: width, colored: options.color != nil)
        }

        /// The block's lines; a block after the first starts with a blank line.
        func lines(_ block: BlockPlan.Block, first: Bool) -> [String] {
            let styled: [StyledLine]
            switch block {
            case .title(let title, let topic):
                let text = BubbleContent.truncate(TerminalSafeText.oneLine(title), to: width)
                var lines = [TerminalRenderer.centred(StyledLine(text, TextStyle(bold: true)).isolated(), width: width)]
                // The channel's topic, under the title, as the page's header shows it.
                if let topic {
                    let spans = [Span(TerminalSafeText.oneLine(topic), TextStyle(italic: true, foreground: .muted))]
                    for line in LineWrapper.wrap(spans, width: max(10, width - 4)) {
                        lines.append(TerminalRenderer.centred(line.trimmingTrailingSpaces(), width: width))
                    }
                }
                styled = lines
            case .dayRule(let day):
                styled = [TerminalRenderer.dayRule(layout.days[day].label, width: width)]
            case .chain(let day, let chain):
                styled = drawer.lines(layout.days[day].chains[chain])
            }
            var lines: [String] = first ? [] : [""]
            lines.reserveCapacity(styled.count + 1)
            for line in styled { lines.append(writer.line(line)) }
            return lines
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
