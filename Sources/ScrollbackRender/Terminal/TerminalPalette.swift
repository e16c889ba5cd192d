/// The colours of each `TextStyle.Ink` at each colour depth, chosen to read on dark and light backgrounds.
///
/// Foreground colours are mid-tones (neither near-white nor near-black), and code sets its own
/// foreground together with its background, so nothing depends on the terminal's theme.
enum TerminalPalette {
    /// SGR parameters for a foreground (`background == false`) or background colour.
    static func parameters(_ ink: TextStyle.Ink, background: Bool, depth: TerminalOptions.ColorDepth) -> String {
        let (basic, indexed, rgb) = colour(ink)
        switch depth {
        case .ansi16: return String(background ? basic + 10 : basic)
        case .ansi256: return (background ? "48;5;" : "38;5;") + String(indexed)
        case .trueColor: return (background ? "48;2;" : "38;2;") + "\(rgb.0);\(rgb.1);\(rgb.2)"
        }
    }

    /// Participant colours: red, green, ochre, blue, magenta, teal, orange, violet.
    private static let participants: [(Int, Int, (Int, Int, Int))] = [
        (31, 167, (215, 80, 80)),
        (32, 71, (70, 160, 80)),
        (33, 136, (180, 130, 20)),
        (34, 68, (70, 120, 210)),
        (35, 133, (180, 80, 170)),
        (36, 37, (20, 150, 160)),
        (91, 173, (220, 120, 60)),
        (95, 98, (140, 100, 220)),
    ]

    private static func colour(_ ink: TextStyle.Ink) -> (Int, Int, (Int, Int, Int)) {
        switch ink {
        case .participant(let index): return participants[((index % 8) + 8) % 8]
        case .outgoing: return (34, 33, (10, 132, 255))
        case .incoming: return (90, 245, (142, 142, 147))
        case .muted: return (90, 244, (130, 130, 135))
        case .danger: return (31, 160, (215, 40, 40))
        case .online: return (32, 34, (52, 199, 89))
        case .link: return (34, 33, (10, 120, 230))
        case .codeText: return (97, 254, (232, 232, 235))
        case .codeBackground: return (100, 237, (52, 54, 60))
        }
    }
}
