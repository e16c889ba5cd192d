/// Runs of one character (spaces, `─`), made once: every bubble line pads and draws borders, and
/// `String(repeating:count:)` builds its result a character at a time.
enum Runs {
    private static let limit = 512
    private static let spaceRuns = runs(of: " ")
    private static let lineRuns = runs(of: "─")

    /// Every run shorter than `limit`, each copied from the bytes of the longest: building them
    /// with `String(repeating:count:)` cost every process 80 million instructions at start.
    private static func runs(of character: String) -> [String] {
        let unit = Array(character.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(unit.count * limit)
        for _ in 0..<limit { bytes += unit }
        return (0..<limit).map { String(decoding: bytes[0..<($0 * unit.count)], as: UTF8.self) }
    }

    /// `count` spaces.
    static func spaces(_ count: Int) -> String {
        count < limit ? spaceRuns[max(0, count)] : String(repeating: " ", count: count)
    }

    /// `count` horizontal box-drawing lines (`─`).
    static func line(_ count: Int) -> String {
        count < limit ? lineRuns[max(0, count)] : String(repeating: "─", count: count)
    }
}
