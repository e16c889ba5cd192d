import ScrollbackModel

/// JSON Lines: one message object per line, later lines updating earlier ones by id (docs/FORMATS.md).
enum JSONLinesReader {
    static let reader = ChatReader(
        format: .jsonl,
        summary: "JSON Lines: one message per line; a later line with the same id updates it",
        sniff: { input in input.bytes.map(FormatSniffing.looksLikeJSONLines) ?? false },
        read: { input, _ in try read(input) }
    )

    /// Reads every line through a `JSONLinesDecoder`, one line in memory at a time besides the input.
    static func read(_ input: ChatInput) throws(ReadError) -> ReadResult {
        guard let bytes = input.bytes else {
            throw ReadError(location: SourceLocation(file: input.name), problem: .notAFolderFormat("jsonl"))
        }
        if FormatSniffing.firstNonSpace(bytes) == nil {
            throw ReadError(location: SourceLocation(file: input.name, line: 1, column: 1), problem: .empty)
        }
        var decoder = JSONLinesDecoder(name: input.name)
        var report = ImportReport()
        var start = 0
        var lineNumber = 1
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let update = try decoder.feed(line: Array(bytes[start..<end]), lineNumber: lineNumber)
            if case .skipped(let type) = update {
                report.skipped.append(
                    ImportReport.Note(
                        location: SourceLocation(file: input.name, line: lineNumber, column: 1),
                        text:
                            "a line of type \"\(type)\" (only \"message\", \"conversation\", \"typing\" and \"presence\" lines are read)"
                    ))
            }
            start = end + 1
            lineNumber += 1
        }
        report.messagesRead = decoder.transcript.messages.count
        for (index, message) in decoder.transcript.messages.enumerated() where EmptyMessages.isEmpty(message) {
            report.warnings.append(
                EmptyMessages.note(
                    message, number: index + 1, unknownFields: decoder.unreadFields[message.id] ?? [],
                    file: input.name))
        }
        return ReadResult(format: .jsonl, conversations: [decoder.transcript], report: report)
    }
}
