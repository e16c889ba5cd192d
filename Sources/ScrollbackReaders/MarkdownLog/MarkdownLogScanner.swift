/// Splits a Markdown log's lines (after the front matter) into message sections.
///
/// A message heading ends the previous message's body, except inside fenced code,
/// which may hold anything. The first heading decides the log's style: once a
/// dated `### Sender · time` heading is seen, `## User` lines are body text, and
/// once a `## User`/`## Assistant` heading is seen, dated headings are body text.
struct MarkdownLogScanner {
    /// One line of the log: its text (without the line break) and its 1-based number.
    typealias Line = (text: Substring, number: Int)

    /// A message heading and the lines up to the next one.
    struct Section {
        var heading: MessageHeading
        var line: Int
        var body: [Substring] = []
    }

    /// The two styles of Markdown logs.
    enum Style { case undecided, dated, roles }

    /// Lines before the first message heading, each with whether it is inside fenced code.
    private(set) var preamble: [(line: Line, fenced: Bool)] = []
    private(set) var sections: [Section] = []
    private(set) var style = Style.undecided
    /// A fence still open at the end of the file.
    private(set) var unclosedFence: CodeFence?

    /// Scans `lines`; a failure names the line and, through `LineFailure.id`, the heading's id.
    init(lines: ArraySlice<Line>) throws(LineFailure) {
        var fence: CodeFence?
        for line in lines {
            if let open = fence {
                if open.isClosed(by: line.text) { fence = nil }
                append(line, fenced: true)
                continue
            }
            if let open = CodeFence.opening(line.text, line: line.number) {
                fence = open
                append(line, fenced: true)
                continue
            }
            do throws(LineFailure) {
                if style != .roles, let heading = try MessageHeading.dated(line.text) {
                    style = .dated
                    sections.append(Section(heading: heading, line: line.number))
                } else if style != .dated, let heading = try MessageHeading.role(line.text) {
                    style = .roles
                    sections.append(Section(heading: heading, line: line.number))
                } else {
                    append(line, fenced: false)
                }
            } catch {
                var failure = error.at(line: line.number)
                failure.messageNumber = sections.count + 1
                throw failure
            }
        }
        unclosedFence = fence
    }

    private mutating func append(_ line: Line, fenced: Bool) {
        if sections.isEmpty {
            preamble.append((line, fenced))
        } else {
            sections[sections.count - 1].body.append(line.text)
        }
    }
}

extension MarkdownLogScanner.Section {
    /// The body as Markdown: its lines without the blank lines around them.
    var text: String {
        let isBlank = { (line: Substring) in line.allSatisfy { $0 == " " || $0 == "\t" } }
        guard let first = body.firstIndex(where: { !isBlank($0) }), let last = body.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return body[first...last].joined(separator: "\n")
    }
}
