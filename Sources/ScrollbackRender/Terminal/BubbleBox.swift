/// A rounded bubble around content lines, with an optional tail and reactions set in its bottom edge.
///
/// ```
///  ╭──────────────╮     ╭──────────────╮
///  │ Still on?    │     │ Yes!         │
/// ╶┴────── 👍 ────╯     ╰──────────────┴╴
/// ```
/// The tail is the bottom edge running on past the border on the sender's side, the way a
/// Messages bubble flares into its tail. It is drawn with box-drawing lines only, which
/// terminals render edge to edge, so it joins the border in any font. Bubbles of incoming
/// chains keep a column free on the left for it, so a chain's left borders line up.
struct BubbleBox {
    /// Which side the tail (and the sender) is on.
    enum Side { case leading, trailing }

    var side: Side
    var tail: Bool
    /// The corners on the sender's side that face a neighbour in the chain are square
    /// (layout rule 4), so a chain reads as one stack: `┌`/`└` on the left, `┐`/`┘` on the right.
    var joinsAbove = false
    var joinsBelow = false
    var border: TextStyle
    /// Reactions text (" 👍 🙌 2 "), set into the bottom edge when it fits.
    var reactions: StyledLine?

    /// The bubble's lines: `innerWidth + 4` columns, plus the tail column on the leading side
    /// (a space above the tail) and, on the trailing side, the tail's end on the bottom line.
    func lines(_ content: [StyledLine], innerWidth: Int) -> [StyledLine] {
        let dashes = innerWidth + 2
        let margin = side == .leading ? " " : ""
        let topLeft = side == .leading && joinsAbove ? "┌" : "╭"
        let topRight = side == .trailing && joinsAbove ? "┐" : "╮"
        var top = StyledLine()
        top.append(
            margin + topLeft + Runs.line(dashes) + topRight, border,
            width: margin.count + dashes + 2)
        var result = [top]
        let leftBorder = side == .leading ? " │" : "│"
        for line in content {
            var row = StyledLine()
            row.append(leftBorder, border, width: margin.count + 1)
            if line.spans.count == 1, line.spans[0].style == .plain, !line.containsRightToLeft {
                // Most rows: one plain run of text, made as one string with its padding.
                let text = line.spans[0].text
                var middle = " "
                middle.reserveCapacity(text.utf8.count + innerWidth - line.width + 2)
                middle += text
                middle += Runs.spaces(innerWidth - line.width + 1)
                row.append(middle, .plain, width: innerWidth + 2)
            } else {
                row.pad(1)
                row.append(line.isolated())
                row.pad(innerWidth - line.width)
                row.pad(1)
            }
            row.append("│", border, width: 1)
            result.append(row)
        }
        let left = side == .trailing ? "╰" : tail ? "╶┴" : joinsBelow ? " └" : " ╰"
        let right = side == .leading ? "╯" : tail ? "┴╴" : joinsBelow ? "┘" : "╯"
        var bottom = StyledLine()
        bottom.append(left, border, width: side == .trailing ? 1 : 2)
        if let reactions, reactions.width + 2 <= dashes {
            let rest = dashes - reactions.width - 1
            if side == .leading {
                bottom.append(Runs.line(rest), border, width: rest)
                bottom.append(reactions)
                bottom.append("─", border, width: 1)
            } else {
                bottom.append("─", border, width: 1)
                bottom.append(reactions)
                bottom.append(Runs.line(rest), border, width: rest)
            }
        } else {
            bottom.append(Runs.line(dashes), border, width: dashes)
        }
        bottom.append(right, border, width: side == .trailing && tail ? 2 : 1)
        result.append(bottom)
        return result
    }

    /// Whether reactions of this width fit into the bottom edge of a bubble `innerWidth` wide.
    static func reactionsFit(_ reactionsWidth: Int, innerWidth: Int) -> Bool {
        reactionsWidth + 2 <= innerWidth + 2
    }
}
