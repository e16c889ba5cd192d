import ScrollbackModel

/// The Markdown log: a human-written transcript (SPEC section 3, docs/FORMATS.md).
enum MarkdownLogReader {
    static let reader = ChatReader(
        format: .markdown,
        summary: "Markdown log: \"### Sender · YYYY-MM-DD HH:MM\" headings, or \"## User\" / \"## Assistant\"",
        sniff: { _ in false },
        read: { input, _ in
            throw ReadError(
                location: SourceLocation(file: input.name),
                problem: .syntax("Markdown log reading is not available yet."))
        }
    )
}
