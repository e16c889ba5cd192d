/// Runs of one character (spaces, `─`), made once: every bubble line pads and draws borders, and
/// `String(repeating:count:)` builds its result a character at a time.
enum Runs {
    private static let limit = 512
    private static let spaceRuns: [String] = (0..<limit).map { String(repeating: " ", count: $0) }
    private static let lineRuns: [String] = (0..<limit).map { String(repeating: "─", count: $0) }

    /// `count` spaces.
    static func spaces(_ count: Int) -> String {
        count < limit ? spaceRuns[max(0, count)] : String(repeating: " ", count: count)
    }

    /// `count` horizontal box-drawing lines (`─`).
    static func line(_ count: Int) -> String {
        count < limit ? lineRuns[max(0, count)] : String(repeating: "─", count: count)
    }
}
