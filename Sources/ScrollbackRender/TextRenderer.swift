import ScrollbackLayout
import ScrollbackModel

/// Options for terminal output (`ansi` and `text`).
public struct TerminalOptions: Sendable, Hashable {
    /// Columns available; no line is wider.
    public var width: Int
    /// Whether escape sequences (colour, hyperlinks) are written.
    public var color: ColorDepth?

    /// How many colours the terminal shows.
    public enum ColorDepth: String, Sendable, Hashable, CaseIterable {
        case ansi16, ansi256, trueColor
    }

    /// Creates options; `color: nil` is `--format text`.
    public init(width: Int = 80, color: ColorDepth? = nil) {
        self.width = width
        self.color = color
    }
}

/// Draws a layout as bubbles with box-drawing characters.
public enum TerminalRenderer {
    /// Writes the layout to `output`.
    public static func render(
        _ layout: TranscriptLayout, options: TerminalOptions, to output: inout some TextOutputStream
    ) {
        for day in layout.days {
            output.write("── \(day.label) ──\n")
            for chain in day.chains {
                for bubble in chain.bubbles {
                    output.write("\(chain.sender ?? "*"): \(bubble.message.text)\n")
                }
            }
        }
    }
}
