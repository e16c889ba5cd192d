import ScrollbackModel

/// JSON Lines: one message object per line, later lines updating earlier ones by id (SPEC section 3).
enum JSONLinesReader {
    static let reader = ChatReader(
        format: .jsonl,
        summary: "JSON Lines: one message per line; a later line with the same id updates it",
        sniff: { input in input.bytes.map(FormatSniffing.looksLikeJSONLines) ?? false },
        read: { input, _ in
            throw ReadError(
                location: SourceLocation(file: input.name), problem: .syntax("JSON Lines reading is not available yet.")
            )
        }
    )
}
