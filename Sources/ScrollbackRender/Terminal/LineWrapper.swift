/// Wraps styled text to a display width: at spaces, between East Asian wide characters, and
/// inside words longer than a line at grapheme-cluster boundaries.
struct LineWrapper {
    /// Columns per line.
    let width: Int

    private var lines: [StyledLine] = []
    private var line = StyledLine()
    private var word: [(DisplayWidth.Cluster, TextStyle)] = []
    private var wordWidth = 0
    private var spaces: [(DisplayWidth.Cluster, TextStyle)] = []

    init(width: Int) {
        self.width = max(1, width)
    }

    /// Wraps `spans` (safe text; `\n` is a hard line break) into lines no wider than `width`.
    static func wrap(_ spans: [Span], width: Int) -> [StyledLine] {
        var wrapper = LineWrapper(width: width)
        for span in spans { wrapper.add(span) }
        return wrapper.finish()
    }

    mutating func add(_ span: Span) {
        for cluster in DisplayWidth.clusters(span.text) {
            if cluster.text == "\n" {
                flushWord()
                breakLine()
            } else if cluster.text == " " {
                flushWord()
                spaces.append((cluster, span.style))
            } else if cluster.width == 2 && !Self.isEmoji(cluster.text) {
                // CJK text has no spaces: a line may break before and after every wide character.
                flushWord()
                word = [(cluster, span.style)]
                wordWidth = 2
                flushWord()
            } else {
                word.append((cluster, span.style))
                wordWidth += cluster.width
            }
        }
    }

    mutating func finish() -> [StyledLine] {
        flushWord()
        if line.width > 0 || !line.spans.isEmpty || lines.isEmpty { lines.append(line) }
        line = StyledLine()
        return lines
    }

    private mutating func flushWord() {
        guard !word.isEmpty else { return }
        defer {
            word = []
            wordWidth = 0
            spaces = []
        }
        let spaceWidth = line.width == 0 ? 0 : spaces.reduce(0) { $0 + $1.0.width }
        if line.width + spaceWidth + wordWidth <= width {
            if line.width > 0 {
                for (cluster, style) in spaces { line.append(cluster.text, style, width: cluster.width) }
            }
            for (cluster, style) in word { line.append(cluster.text, style, width: cluster.width) }
            return
        }
        if line.width > 0 { breakLine() }
        for (cluster, style) in word {
            if line.width + cluster.width > width && line.width > 0 { breakLine() }
            line.append(cluster.text, style, width: cluster.width)
        }
    }

    private mutating func breakLine() {
        lines.append(line)
        line = StyledLine()
        spaces = []
    }

    private static func isEmoji(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return first.properties.isEmojiPresentation || text.unicodeScalars.contains { $0.value == 0xFE0F }
    }
}
