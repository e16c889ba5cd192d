import ScrollbackModel

/// The Markdown log: a human-written transcript (docs/FORMATS.md).
enum MarkdownLogReader {
    static let reader = ChatReader(
        format: .markdown,
        summary: "Markdown log: \"### Sender · YYYY-MM-DD HH:MM\" headings, or \"## User\" / \"## Assistant\"",
        sniff: { input in input.bytes.map(looksLikeMarkdownLog) ?? false },
        read: read(_:options:)
    )

    /// Reads a Markdown log; times without an offset are read in the front matter's zone, else
    /// `options.timeZone`, else UTC.
    static func read(_ input: ChatInput, options: ReadOptions) throws(ReadError) -> ReadResult {
        guard let bytes = input.bytes else {
            throw ReadError(location: SourceLocation(file: input.name), problem: .notAFolderFormat("markdown"))
        }
        if FormatSniffing.firstNonSpace(bytes) == nil {
            throw ReadError(location: SourceLocation(file: input.name, line: 1, column: 1), problem: .empty)
        }
        if let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw ReadError(location: input.location(ofByte: offset), problem: .invalidUTF8)
        }
        let lines = splitLines(bytes)
        var frontMatter = FrontMatter()
        var bodyStart = 0
        do throws(LineFailure) {
            if let first = lines.first, isFence(first.text) {
                guard let close = lines.dropFirst().firstIndex(where: { isFence($0.text) || $0.text == "..." }) else {
                    throw LineFailure(
                        column: 1,
                        problem: .syntax("the front matter that starts here is never closed by a \"---\" line."),
                        line: 1)
                }
                frontMatter = try FrontMatter(lines: Array(lines[1..<close]))
                bodyStart = close + 1
            }
            let scanner = try MarkdownLogScanner(lines: lines[bodyStart...])
            var builder = MarkdownLogBuilder(
                name: input.name, frontMatter: frontMatter, fallbackZone: options.timeZone ?? .utc)
            return try builder.build(scanner)
        } catch {
            throw ReadError(
                location: SourceLocation(file: input.name, line: error.line ?? 1, column: error.column),
                message: error.messageNumber.map { ReadError.MessageReference(number: $0, id: error.id) },
                problem: error.problem)
        }
    }

    /// The lines of valid UTF-8 `bytes`, without `\n`, a `\r` before it, or a byte order mark.
    static func splitLines(_ bytes: InputBytes) -> [MarkdownLogScanner.Line] {
        bytes.withUnsafeBufferPointer { splitLines($0) }
    }

    private static func splitLines(_ bytes: UnsafeBufferPointer<UInt8>) -> [MarkdownLogScanner.Line] {
        var lines: [MarkdownLogScanner.Line] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var end = newline
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            lines.append(
                (
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)[...],
                    lines.count + 1
                ))
            start = newline + 1
        }
        return lines
    }

    private static func isFence(_ text: Substring) -> Bool { text.trimmingSpaces == "---" }

    /// Front matter followed by a message heading, or a message heading near the top.
    static func looksLikeMarkdownLog(_ bytes: InputBytes) -> Bool {
        guard let first = FormatSniffing.firstNonSpace(bytes), first != UInt8(ascii: "{"), first != UInt8(ascii: "[")
        else { return false }
        for line in bytes.withUnsafeBufferPointer({
            splitLines(UnsafeBufferPointer(rebasing: $0.prefix(FormatSniffing.headLength)))
        }).prefix(2000) {
            do {
                if try MessageHeading.dated(line.text) != nil || MessageHeading.role(line.text) != nil { return true }
            } catch {
                return true  // a heading with a bad time is still a Markdown log; reading says what is wrong
            }
        }
        return false
    }
}
