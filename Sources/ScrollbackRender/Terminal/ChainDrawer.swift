import ScrollbackLayout
import ScrollbackModel

/// Draws one chain: the sender's name, bubbles stacked tightly, and times and status under them.
struct ChainDrawer {
    let layout: TranscriptLayout
    /// The full row width.
    let width: Int
    let colored: Bool

    /// The widest a bubble may be, borders included: about 75% of the row (layout rule 12).
    var maximumBubble: Int { max(12, width * 3 / 4) }

    func lines(_ chain: ChainLayout) -> [StyledLine] {
        if chain.kind == .system { return systemLines(chain) }
        let sender = chain.sender.flatMap { layout.participant($0) }
        let side: BubbleBox.Side = chain.alignment == .trailing ? .trailing : .leading
        var border = TextStyle(foreground: .incoming)
        if side == .trailing {
            border.foreground = .outgoing
        } else if layout.isGroup, let sender {
            border.foreground = .participant(sender.colorIndex)
        }
        var result: [StyledLine] = []
        if chain.showName {
            let name = TerminalSafeText.oneLine(sender?.name ?? chain.sender ?? "")
            let style = TextStyle(bold: true, foreground: .participant(sender?.colorIndex ?? 0))
            // A bot's name carries a tag, as Discord shows APP/BOT.
            let tag = sender?.isBot == true ? " [" + PresentationWords.bot + "]" : ""
            var line = StyledLine(BubbleContent.truncate(name, to: width - 2 - tag.count), style).isolated()
            if !tag.isEmpty { line.append(tag, TextStyle(bold: true, foreground: .muted)) }
            result.append(inset(line, side))
        }
        for (index, bubble) in chain.bubbles.enumerated() {
            let timeAbove = index > 0 && bubble.showTime && !bubble.tail && !layout.undated
            if timeAbove {
                // A long pause inside a chain (a generous --chain-gap): the time goes above, centred.
                let time = StyledLine(bubble.timeLabel, TextStyle(foreground: .muted))
                result.append(StyledLine().padded((width - time.width) / 2).appending(time))
            }
            let shown = layout.presentation(of: bubble)
            result += bubbleLines(bubble, shown, side: side, border: border)
            if let meta = metaLine(shown, timeAbove: timeAbove) { result.append(inset(meta, side)) }
        }
        return result
    }

    private func bubbleLines(
        _ bubble: Bubble, _ shown: MessagePresentation, side: BubbleBox.Side, border: TextStyle
    ) -> [StyledLine] {
        let reactions = reactionsLine(shown.reactions)
        if bubble.jumbo {
            var line = StyledLine()
            let emoji = DisplayWidth.clusters(TerminalSafeText.oneLine(shown.text)).filter { $0.text != " " }
            for (index, cluster) in emoji.enumerated() {
                if index > 0 { line.pad(1) }
                line.append(cluster.text, .plain, width: cluster.width)
            }
            var lines = [inset(line, side)]
            if let reactions { lines.append(inset(reactions.trimmingTrailingSpaces(), side)) }
            return lines
        }
        let innerMaximum = maximumBubble - 4
        let content = BubbleContent(width: innerMaximum, colored: colored, layout: layout).lines(shown)
        var inner = content.map(\.width).max() ?? 0
        var box = BubbleBox(side: side, tail: bubble.tail, border: border, reactions: nil)
        box.joinsAbove = bubble.position == .middle || bubble.position == .last
        box.joinsBelow = bubble.position == .first || bubble.position == .middle
        var below: StyledLine?
        if let reactions {
            if BubbleBox.reactionsFit(reactions.width, innerWidth: innerMaximum) {
                inner = max(inner, reactions.width)
                box.reactions = reactions
            } else {
                below = reactions
            }
        }
        let boxWidth = max(inner, 1) + 4
        var lines = box.lines(content, innerWidth: max(inner, 1)).map { line in
            side == .leading ? line.trimmingTrailingSpaces() : StyledLine().padded(width - 1 - boxWidth).appending(line)
        }
        if let below { lines.append(inset(below.trimmingTrailingSpaces(), side)) }
        return lines
    }

    /// ` 👍 🙌 2 `: each emoji, with a count when more than one person reacted.
    private func reactionsLine(_ reactions: [ReactionPresentation]) -> StyledLine? {
        guard !reactions.isEmpty else { return nil }
        var line = StyledLine()
        line.pad(1)
        for reaction in reactions {
            line.append(BubbleContent.truncate(TerminalSafeText.oneLine(reaction.emoji), to: maximumBubble - 8))
            if reaction.count > 1 { line.append(" \(reaction.count)", TextStyle(foreground: .muted)) }
            line.pad(1)
        }
        guard line.width <= maximumBubble - 4 else {
            return StyledLine(BubbleContent.truncate(line.spans.map(\.text).joined(), to: maximumBubble - 4))
        }
        return line
    }

    /// `● 09:15 · Edited · Read` under a bubble: presence, the time wherever a page shows it without
    /// hovering (`metaShown`: a chain's end, a picture's, an edited message's) unless it went above,
    /// edits, the notes (the archive's, a pin) and status, as the layout presents them.
    private func metaLine(_ shown: MessagePresentation, timeAbove: Bool) -> StyledLine? {
        var parts: [String] = []
        if shown.metaShown && !timeAbove && !shown.timeLabel.isEmpty { parts.append(shown.timeLabel) }
        if shown.edited { parts.append(PresentationWords.edited) }
        shown.forEachNote { parts.append($0) }
        var line = StyledLine()
        let muted = TextStyle(foreground: .muted)
        if let presence = shown.presence {
            line.append(presence == .online ? "●" : "○", TextStyle(foreground: presence == .online ? .online : .muted))
            if !parts.isEmpty || shown.statusLabel != nil { line.append(" ", muted) }
        }
        line.append(parts.joined(separator: " · "), muted)
        if let status = shown.status, let label = shown.statusLabel {
            if !parts.isEmpty { line.append(" · ", muted) }
            if status == .failed {
                line.append("! " + label, TextStyle(bold: true, foreground: .danger))
            } else {
                line.append(label, muted)
            }
        }
        return line.width > 0 ? line : nil
    }

    /// System messages: centred, dim, wrapped to a bubble's width.
    private func systemLines(_ chain: ChainLayout) -> [StyledLine] {
        var result: [StyledLine] = []
        for bubble in chain.bubbles {
            let shown = layout.presentation(of: bubble)
            var text = TerminalSafeText.clean(
                TranscriptLayout.oneLine(shown.text, styleTags: shown.format.readsStyleTags))
            if let reply = shown.reply, reply.found { text += " → " + TerminalSafeText.oneLine(reply.excerpt) }
            for line in LineWrapper.wrap([Span(text, TextStyle(dim: true))], width: maximumBubble) {
                var centred = StyledLine()
                centred.pad((width - line.width) / 2)
                centred.append(line.isolated())
                result.append(centred)
            }
        }
        return result
    }

    /// A line one column in from the bubble's border on its side (the tail column, then the border).
    private func inset(_ line: StyledLine, _ side: BubbleBox.Side) -> StyledLine {
        var placed = StyledLine()
        placed.pad(side == .leading ? 2 : width - line.width - 2)
        placed.append(line)
        return placed
    }
}

extension StyledLine {
    /// The line followed by `other`.
    func appending(_ other: StyledLine) -> StyledLine {
        var line = self
        line.append(other)
        return line
    }

    /// The line without spaces at its end (unstyled ones only), so text output has no trailing blanks.
    func trimmingTrailingSpaces() -> StyledLine {
        var line = self
        // The last byte decides: a space is one byte and one column (`hasSuffix` compares characters).
        while let last = line.spans.last, last.style.background == nil, last.text.utf8.last == 0x20 {
            var text = last.text
            var removed = 0
            while text.utf8.last == 0x20 {
                text.removeLast()
                removed += 1
            }
            line.width -= removed
            if text.isEmpty { line.spans.removeLast() } else { line.spans[line.spans.count - 1].text = text }
        }
        return line
    }
}
