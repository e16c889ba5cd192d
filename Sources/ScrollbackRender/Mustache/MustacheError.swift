/// A template that cannot be compiled: names the file, the line and the tag.
package struct MustacheError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The template's file name (`page.mustache`).
    package var file: String
    /// The 1-based line the tag starts on.
    package var line: Int
    /// The tag as written (`{{#days}}`), or an empty string at the end of the file.
    package var tag: String
    /// What is wrong.
    package var reason: Reason

    /// Why a template does not compile.
    package enum Reason: Hashable, Sendable {
        case unclosedTag
        case unclosedSection(String)
        case unexpectedClose(String)
        case mismatchedClose(expected: String, found: String)
        case emptyName
        case badDelimiters
    }

    /// Creates an error.
    package init(file: String, line: Int, tag: String, reason: Reason) {
        self.file = file
        self.line = line
        self.tag = tag
        self.reason = reason
    }

    /// `page.mustache:12: {{/day}} closes "day" but "days" is open.`
    package var description: String {
        let what: String
        switch reason {
        case .unclosedTag: what = "is not closed"
        case .unclosedSection(let name): what = "opens section \"\(name)\", which is never closed"
        case .unexpectedClose(let name): what = "closes section \"\(name)\", which is not open"
        case .mismatchedClose(let expected, let found):
            what = "closes section \"\(found)\" but \"\(expected)\" is open"
        case .emptyName: what = "has no name"
        case .badDelimiters: what = "does not set two delimiters without spaces or '='"
        }
        return "\(file):\(line): \(tag) \(what)."
    }
}
