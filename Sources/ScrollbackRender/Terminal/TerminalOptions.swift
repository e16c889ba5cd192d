import ScrollbackLayout
import ScrollbackModel

/// Options for terminal output (`ansi` and `text`).
public struct TerminalOptions: Sendable, Hashable {
    /// Columns available; no line is wider.
    public var width: Int
    /// Whether escape sequences (colour, hyperlinks) are written, and with how many colours.
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

    /// The narrowest width the layout is drawn at; narrower requests are widened to it.
    public static let minimumWidth = 20

    /// The width actually used.
    var columns: Int { max(width, Self.minimumWidth) }
}
