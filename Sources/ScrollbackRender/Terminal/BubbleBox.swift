/// A rounded bubble around content lines, with an optional tail and reactions set in its bottom edge.
///
/// ```
/// ╭──────────────╮      ╭──────────────╮
/// │ Still on?    │      │ Yes!         │
/// ◣───── 👍 ─────╯      ╰──────────────◢
/// ```
/// The tail replaces the bottom corner on the sender's side with a solid corner, the way a
/// Messages bubble narrows into its tail; bubbles without one keep both corners round, so a
/// chain reads as one stack ending in a point.
struct BubbleBox {
    /// Which side the tail (and the sender) is on.
    enum Side { case leading, trailing }

    var side: Side
    var tail: Bool
    var border: TextStyle
    /// Reactions text (" 👍 🙌 2 "), set into the bottom edge when it fits.
    var reactions: StyledLine?

    /// The bubble's lines, each `innerWidth + 4` columns wide.
    func lines(_ content: [StyledLine], innerWidth: Int) -> [StyledLine] {
        let dashes = innerWidth + 2
        var result = [StyledLine("╭" + String(repeating: "─", count: dashes) + "╮", border)]
        for line in content {
            var row = StyledLine("│", border)
            row.pad(1)
            row.append(line.isolated())
            row.pad(innerWidth - line.width)
            row.pad(1)
            row.append("│", border, width: 1)
            result.append(row)
        }
        let left = tail && side == .leading ? "◣" : "╰"
        let right = tail && side == .trailing ? "◢" : "╯"
        var bottom = StyledLine(left, border)
        if let reactions, reactions.width + 2 <= dashes {
            let rest = dashes - reactions.width - 1
            if side == .leading {
                bottom.append(String(repeating: "─", count: rest), border, width: rest)
                bottom.append(reactions)
                bottom.append("─", border, width: 1)
            } else {
                bottom.append("─", border, width: 1)
                bottom.append(reactions)
                bottom.append(String(repeating: "─", count: rest), border, width: rest)
            }
        } else {
            bottom.append(String(repeating: "─", count: dashes), border, width: dashes)
        }
        bottom.append(right, border, width: 1)
        result.append(bottom)
        return result
    }

    /// Whether reactions of this width fit into the bottom edge of a bubble `innerWidth` wide.
    static func reactionsFit(_ reactionsWidth: Int, innerWidth: Int) -> Bool {
        reactionsWidth + 2 <= innerWidth + 2
    }
}
