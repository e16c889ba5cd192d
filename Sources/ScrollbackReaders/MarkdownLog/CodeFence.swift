/// A fenced code block's opening line, by CommonMark's rules: up to three spaces of
/// indentation, then three or more backticks or tildes (a backtick fence's info string
/// may not contain a backtick). Inside one, nothing is a message heading.
struct CodeFence: Equatable {
    /// `` ` `` or `~`.
    let character: Character
    /// How many the opening fence has; the closing one needs at least as many.
    let length: Int
    /// The line it opened on, for the warning when it never closes.
    let line: Int

    /// The fence that `line` opens, if it opens one.
    static func opening(_ text: Substring, line: Int) -> CodeFence? {
        guard let (character, length, rest) = run(text), length >= 3 else { return nil }
        if character == "`" && rest.contains("`") { return nil }
        return CodeFence(character: character, length: length, line: line)
    }

    /// Whether `text` closes this fence: the same character, at least as many, nothing after but spaces.
    func isClosed(by text: Substring) -> Bool {
        guard let (character, length, rest) = Self.run(text) else { return false }
        return character == self.character && length >= self.length
            && rest.allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// The fence character, its run length and what follows, for a line indented at most three spaces.
    private static func run(_ text: Substring) -> (Character, Int, Substring)? {
        let body = text.drop(while: { $0 == " " })
        guard text.count - body.count <= 3, let first = body.first, first == "`" || first == "~" else { return nil }
        let rest = body.drop(while: { $0 == first })
        return (first, body.count - rest.count, rest)
    }
}
