import Foundation
import Scrollback

/// Shows successive renderings of a growing log.
///
/// On a terminal the screen always shows the latest rendering: lines that changed since the
/// last frame (the open chain gaining a bubble and moving its tail, a status update) are
/// redrawn in place with cursor movement. Elsewhere output is append-only, so a chain is
/// printed once it is closed (the last chain only when the input ends).
struct FollowScreen {
    /// Whether frames redraw in place (a terminal that is not `TERM=dumb`).
    let interactive: Bool
    /// Where output goes.
    let write: (String) -> Void
    /// The terminal's height, when known: lines above the screen cannot be redrawn.
    let rows: () -> Int?

    private var shown: [String] = []
    private var printedBlocks = 0

    init(interactive: Bool, rows: @escaping () -> Int?, write: @escaping (String) -> Void) {
        self.interactive = interactive
        self.rows = rows
        self.write = write
    }

    /// Shows a new rendering; `final` is true once the input has ended.
    mutating func show(_ blocks: [[String]], final: Bool) {
        if interactive {
            redraw(blocks.flatMap { $0 })
        } else {
            let ready = final ? blocks.count : max(printedBlocks, blocks.count - 1)
            guard ready > printedBlocks else { return }
            write(blocks[printedBlocks..<ready].flatMap { $0 }.map { $0 + "\n" }.joined())
            printedBlocks = ready
        }
    }

    /// Rewrites the screen from the first line that differs from what is shown.
    private mutating func redraw(_ lines: [String]) {
        var first = 0
        while first < shown.count, first < lines.count, shown[first] == lines[first] { first += 1 }
        if first == shown.count && first == lines.count { return }
        var up = shown.count - first
        if let rows = rows(), up > rows - 1 {
            up = max(0, rows - 1)  // what scrolled off the top stays as it was
            first = shown.count - up
        }
        var output = "\u{1B}[?25l"
        if up > 0 { output += "\u{1B}[\(up)A" }
        output += "\r\u{1B}[J"
        for line in lines[min(first, lines.count)...] { output += line + "\n" }
        output += "\u{1B}[?25h"
        write(output)
        shown = lines
    }
}
