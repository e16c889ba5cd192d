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
        var decoder = JSONLinesDecoder(name: input.name)
        var report = ImportReport()
        try forEachLine(of: input) { line, lineNumber throws(ReadError) in
            let update = try decoder.feed(line: line, lineNumber: lineNumber)
            if case .skipped(let type) = update { report.skipped.append(skipped(type, line: lineNumber, input: input)) }
            return true
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

    /// Reads line by line, handing each message to `each` as its line is read; returns the
    /// conversation without its messages, and with `reporting`, the report a whole read gives.
    ///
    /// A message is handed on before later lines are seen, so a log whose lines update earlier
    /// messages cannot be read this way: with `reporting`, such a line stops the reading and the
    /// result is `nil` (read the log whole instead). Without it, no line is looked at for that:
    /// the second pass over a log a reporting pass read.
    static func stream(
        _ input: ChatInput, reporting: Bool, each: (consuming Message) -> Void
    ) throws(ReadError) -> ReadResult? {
        var decoder = JSONLinesDecoder(name: input.name)
        var report = ImportReport()
        var count = 0
        let complete = try forEachLine(of: input) { line, lineNumber throws(ReadError) in
            let update = try decoder.feed(line: line, lineNumber: lineNumber)
            if reporting, case .skipped(let type) = update {
                report.skipped.append(skipped(type, line: lineNumber, input: input))
            }
            if decoder.updatesHandedOnMessage { return false }
            guard case let (message, unreadFields)? = decoder.takeAddedMessage(remembering: reporting) else {
                return true
            }
            count += 1
            if reporting && EmptyMessages.isEmpty(message) {
                report.warnings.append(
                    EmptyMessages.note(message, number: count, unknownFields: unreadFields, file: input.name))
            }
            each(consume message)
            return true
        }
        guard complete else { return nil }
        report.messagesRead = count
        return ReadResult(format: .jsonl, conversations: [decoder.transcript], report: report)
    }

    /// Calls `body` with each line (without its `\n`) and its number until it returns `false`;
    /// says whether every line was read.
    @discardableResult
    private static func forEachLine(
        of input: ChatInput, _ body: ([UInt8], Int) throws(ReadError) -> Bool
    ) throws(ReadError) -> Bool {
        guard let bytes = input.bytes else {
            throw ReadError(location: SourceLocation(file: input.name), problem: .notAFolderFormat("jsonl"))
        }
        if FormatSniffing.firstNonSpace(bytes) == nil {
            throw ReadError(location: SourceLocation(file: input.name, line: 1, column: 1), problem: .empty)
        }
        var start = 0
        var lineNumber = 1
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            guard try body(Array(bytes[start..<end]), lineNumber) else { return false }
            start = end + 1
            lineNumber += 1
        }
        return true
    }

    private static func skipped(_ type: String, line: Int, input: ChatInput) -> ImportReport.Note {
        ImportReport.Note(
            location: SourceLocation(file: input.name, line: line, column: 1),
            text:
                "a line of type \"\(type)\" (only \"message\", \"conversation\", \"typing\" and \"presence\" lines are read)"
        )
    }
}
