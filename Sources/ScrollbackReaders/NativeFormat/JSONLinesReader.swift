import Foundation
import ScrollbackModel

/// JSON Lines: one message object per line, later lines updating earlier ones by id (docs/FORMATS.md).
enum JSONLinesReader {
    static let reader = ChatReader(
        format: .jsonl,
        summary: "JSON Lines: one message per line; a later line with the same id updates it",
        sniff: { $0.bytes.map(FormatSniffing.looksLikeJSONLines) ?? false }, read: read(_:)
    )

    /// Reads every line through a `JSONLinesDecoder`, one line in memory at a time besides the input.
    static func read(_ input: ChatInput) throws(ReadError) -> ReadResult {
        var decoder = JSONLinesDecoder(name: input.name)
        var report = ImportReport()
        try forEachLine(of: input) { line, lineNumber throws(ReadError) in
            let update = try decoder.feed(line: line, lineNumber: lineNumber)
            if case .skipped(let type) = update {
                report.skipped.append(skipped(type, line: lineNumber, file: input.name))
            }
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
        try stream(.bytes(input), name: input.name, reporting: reporting, each: each)
    }

    /// `stream` for the file at `path`, read a megabyte at a time: not even its bytes are held.
    static func stream(
        file path: String, reporting: Bool, each: (consuming Message) -> Void
    ) throws(ReadError) -> ReadResult? {
        try stream(.file(path), name: path, reporting: reporting, each: each)
    }

    /// Where lines come from: an input's bytes, or a file read in pieces.
    private enum Lines {
        case bytes(ChatInput)
        case file(String)
    }

    private static func stream(
        _ lines: Lines, name: String, reporting: Bool, each: (consuming Message) -> Void
    ) throws(ReadError) -> ReadResult? {
        var decoder = JSONLinesDecoder(name: name)
        var report = ImportReport()
        var count = 0
        func line(_ line: [UInt8], _ lineNumber: Int) throws(ReadError) -> Bool {
            let update = try decoder.feed(line: line, lineNumber: lineNumber)
            if reporting, case .skipped(let type) = update {
                report.skipped.append(skipped(type, line: lineNumber, file: name))
            }
            if decoder.updatesHandedOnMessage { return false }
            guard case let (message, unreadFields)? = decoder.takeAddedMessage(remembering: reporting) else {
                return true
            }
            count += 1
            if reporting && EmptyMessages.isEmpty(message) {
                report.warnings.append(
                    EmptyMessages.note(message, number: count, unknownFields: unreadFields, file: name))
            }
            each(consume message)
            return true
        }
        let complete: Bool
        switch lines {
        case .bytes(let input): complete = try forEachLine(of: input, line)
        case .file(let path): complete = try forEachLine(ofFile: path, line)
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
        // A line is let go once read, so the pages of a mapped log behind it are given back.
        var pages = PageRelease(bytes)
        return try bytes.withUnsafeBufferPointer { buffer throws(ReadError) in
            guard let base = buffer.baseAddress else { return true }
            var start = 0
            var lineNumber = 1
            while start < buffer.count {
                let end =
                    memchr(base + start, 0x0A, buffer.count - start).map {
                        base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                    } ?? buffer.count
                guard try body(Array(UnsafeBufferPointer(rebasing: buffer[start..<end])), lineNumber) else {
                    return false
                }
                pages.passed(start)
                start = end + 1
                lineNumber += 1
            }
            return true
        }
    }

    /// `forEachLine` over the file at `path`, read a megabyte at a time.
    @discardableResult
    private static func forEachLine(
        ofFile path: String, _ body: ([UInt8], Int) throws(ReadError) -> Bool
    ) throws(ReadError) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ReadError(
                location: SourceLocation(file: path), problem: errno == ENOENT ? .fileNotFound : .unreadable)
        }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var line: [UInt8] = []
        var lineNumber = 1
        var blank = true
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw ReadError(location: SourceLocation(file: path), problem: .unreadable) }
            guard count > 0 else { break }
            var start = 0
            while let end = chunk[start..<count].firstIndex(of: 0x0A) {
                line.append(contentsOf: chunk[start..<end])
                blank = blank && FormatSniffing.firstNonSpace(line) == nil
                guard try body(line, lineNumber) else { return false }
                line.removeAll(keepingCapacity: true)
                start = end + 1
                lineNumber += 1
            }
            line.append(contentsOf: chunk[start..<count])
        }
        blank = blank && FormatSniffing.firstNonSpace(line) == nil
        if blank { throw ReadError(location: SourceLocation(file: path, line: 1, column: 1), problem: .empty) }
        if !line.isEmpty { return try body(line, lineNumber) }
        return true
    }

    private static func skipped(_ type: String, line: Int, file: String) -> ImportReport.Note {
        ImportReport.Note(
            location: SourceLocation(file: file, line: line, column: 1),
            text:
                "a line of type \"\(type)\" (only \"message\", \"conversation\", \"typing\" and \"presence\" lines are read)"
        )
    }
}
