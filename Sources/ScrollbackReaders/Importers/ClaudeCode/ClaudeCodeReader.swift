import Foundation
import ScrollbackModel

/// Claude Code sessions: the JSON Lines files under `~/.claude/projects/` (one record a line),
/// or a web session's JSON with the same records in `loglines`.
enum ClaudeCodeReader {
    static let reader = ChatReader(
        format: .claudeCode,
        summary: "Claude Code session .jsonl (or a web session's JSON with \"loglines\")",
        sniff: { input in
            guard let head = FormatSniffing.jsonHead(input, opening: "{") else { return false }
            let typed =
                ImportSniffing.hasMember(head, "type", "\"user\"")
                || ImportSniffing.hasMember(head, "type", "\"assistant\"")
            return typed && (ImportSniffing.hasMember(head, "sessionId") || ImportSniffing.hasMember(head, "loglines"))
        },
        read: read(_:)
    )

    static let participants = [Participant(id: "user", name: "You"), Participant(id: "assistant", name: "Claude")]

    static func read(_ input: ChatInput) throws(ReadError) -> ReadResult {
        try read(input, convertingAhead: ImportJSON.StreamedWorker<Conversion>.pays(forBytes: input.bytes?.count ?? 0))
    }

    /// What the records say, gathered record by record (on the reader's thread, or on a second
    /// core while the reader parses on).
    struct Conversion {
        var messages: [Message] = []
        var title: String?
        var id: String?
        var unshown: [String: Int] = [:]
        var skipped: [ImportReport.Note] = []

        mutating func add(_ record: JSONValue, at location: SourceLocation) {
            switch record["type"]?.string {
            case "summary":
                if title == nil { title = record["summary"]?.string }
            case "user", "assistant":
                if id == nil { id = record["sessionId"]?.string }
                let converted = ClaudeCodeRecord.messages(record, number: messages.count, location: location)
                for type in ClaudeCodeRecord.unshownBlocks(record) { unshown[type, default: 0] += 1 }
                if converted.isEmpty {
                    let timed = record["timestamp"]?.string.flatMap { Timestamp(rfc3339: $0) } != nil
                    let reason = timed ? "the record has no message content" : "the record has no valid \"timestamp\""
                    skipped.append(.init(location: location, text: reason))
                }
                messages += converted
            default:
                let text =
                    record["type"]?.string.map { "a \"\($0)\" record is not a message" }
                    ?? "a record without a \"type\" is not a message"
                skipped.append(.init(location: location, text: text))
            }
        }
    }

    /// Reads the session, with `convertingAhead` converting its records on a second core while
    /// the lines are parsed: the result is the same either way.
    static func read(_ input: ChatInput, convertingAhead: Bool) throws(ReadError) -> ReadResult {
        guard let bytes = input.bytes else {
            throw ReadError(location: SourceLocation(file: input.name), problem: .notAFolderFormat("claude-code"))
        }
        var report = ImportReport()
        var conversion = Conversion()
        let worker =
            convertingAhead
            ? ImportJSON.StreamedWorker<Conversion>(Conversion()) { conversion, batch in
                for (record, location) in batch { conversion.add(record, at: location) }
            } : nil
        // Each record is converted as it is read and then let go: only its messages are kept.
        Self.forEachRecord(bytes, input: input, report: &report) { record, location in
            if let worker {
                worker.add((record, location))
            } else {
                conversion.add(record, at: location)
            }
        }
        if let worker { conversion = worker.finish().state }
        report.skipped += conversion.skipped
        var transcript = Transcript(
            title: conversion.title, me: "user", participants: participants, source: SourceLocation(file: input.name))
        transcript.id = conversion.id
        transcript.messages = conversion.messages
        let unshown = conversion.unshown
        if transcript.messages.isEmpty {
            throw ReadError(
                location: SourceLocation(file: input.name),
                problem: .syntax("The session has no user or assistant records."))
        }
        report.messagesRead = transcript.messages.count
        report.inferences.append("`me` is the user; Claude's replies are on the left")
        let hidden = transcript.messages.filter(\.hidden).count
        if hidden > 0 {
            report.inferences.append(
                "kept hidden \(counted(hidden, "message")) of tool calls, tool results, thinking or notes to the model")
        }
        for (type, count) in unshown.sorted(by: { $0.key < $1.key }) {
            report.inferences.append("\(counted(count, "\"\(type)\" block")) (pictures, documents) are not shown yet")
        }
        // Lines are reported in file order, whichever check skipped them.
        report.skipped.sort { ($0.location?.line ?? 0) < ($1.location?.line ?? 0) }
        report.warnings += DuplicateIDs.warnings(transcript.messages, file: input.name)
        return ReadResult(format: .claudeCode, conversations: [transcript], report: report)
    }

    /// Hands each record, with where it starts, to `body` as it is parsed: one per line, or the
    /// `loglines` array of a web session. A line that is not a JSON object is noted in `report`.
    private static func forEachRecord(
        _ bytes: InputBytes, input: ChatInput, report: inout ImportReport,
        _ body: (JSONValue, SourceLocation) -> Void
    ) {
        let head = FormatSniffing.head(bytes, 65_536)
        if ImportSniffing.hasMember(head, "loglines"), let root = try? JSONParser.parse(bytes),
            let list = root["loglines"]?.array
        {
            let lines = LineIndex(file: input.name, bytes: bytes)
            for value in list { body(value, lines.location(ofByte: value.offset)) }
            return
        }
        // A line is let go once converted, so the pages of a mapped session behind it are given back.
        var pages = PageRelease(bytes)
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            var lineNumber = 0
            while start <= buffer.count {
                let end =
                    buffer.baseAddress.flatMap { base in
                        memchr(base + start, 0x0A, buffer.count - start).map {
                            base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                        }
                    } ?? buffer.count
                lineNumber += 1
                let line = Array(UnsafeBufferPointer(rebasing: buffer[start..<end]))
                let location = SourceLocation(file: input.name, line: lineNumber, column: 1)
                pages.passed(start)
                start = end + 1
                guard FormatSniffing.firstNonSpace(line) != nil else { continue }
                guard let value = try? JSONParser.parse(line), value.members != nil else {
                    report.skipped.append(.init(location: location, text: "the line is not a JSON object"))
                    continue
                }
                body(value, location)
            }
        }
    }
}
