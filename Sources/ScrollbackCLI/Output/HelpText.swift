/// Help text laid out for a terminal: paragraphs wrapped to a width, option tables with a hanging indent.
struct HelpText {
    /// The columns every line fits in (at least 40).
    var width: Int

    init(width: Int) { self.width = max(40, width) }

    /// Where explanations start beside `terms`: after the longest and two spaces, but at most column 26.
    static func column(for terms: [String], indent: Int = 2, widest: Int = 26) -> Int {
        min((terms.map(\.count).max() ?? 0) + indent + 2, widest)
    }

    /// `text` as lines of at most `width` columns: the first starts after `first` spaces, the others
    /// after `rest`. A word longer than a line gets a line of its own.
    func wrap(_ text: String, first: Int, rest: Int) -> [String] {
        var lines: [String] = []
        var line = String(repeating: " ", count: first)
        var empty = true
        for word in Self.words(text) {
            if !empty && line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: rest)
                empty = true
            }
            line += (empty ? "" : " ") + word
            empty = false
        }
        lines.append(line)
        return lines
    }

    /// The words of `text`; a short opening like `(default` stays with the word after it.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var glued: String?
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let word = glued.map { $0 + " " + word } ?? String(word)
            glued = nil
            if word.hasPrefix("("), !word.contains(")"), word.count <= 9 {
                glued = word
            } else {
                words.append(word)
            }
        }
        if let glued { words.append(glued) }
        return words
    }

    /// A paragraph of running text (its line breaks are spaces), indented by `indent`.
    func paragraph(_ text: String, indent: Int = 2) -> String {
        let joined = text.split(separator: "\n").joined(separator: " ")
        return wrap(joined, first: indent, rest: indent).joined(separator: "\n") + "\n"
    }

    /// Rows of a term and its explanation: terms in a column, explanations beside them with a hanging
    /// indent; a term too long for the column puts its explanation on the next line. The column is
    /// the one `column(for:)` gives these terms unless `column` is given (several tables that line up).
    func table(_ rows: [(term: String, text: String)], indent: Int = 2, column given: Int? = nil) -> String {
        let column = given ?? Self.column(for: rows.map(\.term), indent: indent)
        var text = ""
        for row in rows {
            let lead = String(repeating: " ", count: indent) + row.term
            if lead.count + 2 <= column {
                var lines = wrap(row.text, first: column, rest: column)
                lines[0] = lead + lines[0].dropFirst(lead.count)
                text += lines.joined(separator: "\n") + "\n"
            } else {
                text += lead + "\n" + wrap(row.text, first: column, rest: column).joined(separator: "\n") + "\n"
            }
        }
        return text
    }
}
