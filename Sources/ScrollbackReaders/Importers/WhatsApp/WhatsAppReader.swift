import Foundation
import ScrollbackModel

/// WhatsApp's "Export chat" text (`_chat.txt`), alone, in its folder, or in the exported `.zip`.
enum WhatsAppReader {
    static let reader = ChatReader(
        format: .whatsapp,
        summary: "WhatsApp \"Export chat\" .txt (iOS and Android, any date order), its folder or .zip",
        sniff: sniff, read: read(_:options:)
    )

    /// Whether most of the first lines that look like headers are WhatsApp headers.
    static func looksLikeChat(_ bytes: InputBytes) -> Bool {
        // JSON is never a chat export; iOS lines start with "[", so that is judged by the lines.
        guard let first = FormatSniffing.firstNonSpace(bytes), first != UInt8(ascii: "{") else { return false }
        let head = FormatSniffing.head(bytes, 16_384)
        let lines = head.unicodeScalars.split(separator: "\n").prefix(40)
        let headers = lines.filter { WhatsAppHeader(Substring($0)) != nil }.count
        return headers >= 1 && headers * 3 >= min(lines.count, 6)
    }

    static func sniff(_ input: ChatInput) -> Bool {
        switch input.content {
        case .bytes(let bytes):
            if ZipArchive.isZip(bytes) {
                // The head is enough to judge by (and a zip bomb's chat is not decompressed whole).
                let text =
                    ExportFiles.withZip(bytes) { files in chatFile(in: files).flatMap { files.head($0, 1 << 16) } }
                    ?? nil
                return text.map(looksLikeChat) ?? false
            }
            return looksLikeChat(bytes)
        case .directory(let path):
            let files = ExportFiles.directory(path)
            return chatFile(in: files).flatMap(files.contents).map(looksLikeChat) ?? false
        }
    }

    static func read(_ input: ChatInput, options: ReadOptions) throws(ReadError) -> ReadResult {
        try read(input, options: options, convertingAhead: nil)
    }

    /// Reads the export; `convertingAhead` says whether its bodies are converted on a second core
    /// while the lines are read on (`nil`: when the chat is big enough and a core is free). What
    /// is read is the same either way.
    static func read(_ input: ChatInput, options: ReadOptions, convertingAhead: Bool?) throws(ReadError)
        -> ReadResult
    {
        var report = ImportReport()
        let transcript: Transcript
        switch input.content {
        case .bytes(let bytes) where ZipArchive.isZip(bytes):
            let result = ExportFiles.withZip(bytes) { files -> Result<Transcript, ReadError> in
                let name = chatFile(in: files)
                let text: InputBytes?
                do throws(ReadError) {
                    text = try name.flatMap { name throws(ReadError) in try files.read(name, file: input.name) }
                } catch {
                    return .failure(error)
                }
                guard let name, let text else {
                    return .failure(
                        ReadError(
                            location: SourceLocation(file: input.name),
                            problem: .syntax("The zip holds no WhatsApp chat (.txt) file.")))
                }
                var paths = AttachmentPaths(zipMembers: files)
                paths.memberFolder = (name as NSString).deletingLastPathComponent
                var parser = WhatsAppParser(file: input.name + "/" + name, options: options, attachments: paths)
                parser.exportName = exportName(input.name) ?? exportName(name)
                return Result { () throws(ReadError) in
                    try parse(text, parser: parser, report: &report, convertingAhead: convertingAhead)
                }
            }
            guard let result else {
                throw ExportArchive.problem(in: bytes, file: input.name)
                    ?? ReadError(
                        location: SourceLocation(file: input.name), problem: .syntax("The zip cannot be read."))
            }
            transcript = try result.get()
        case .bytes(let bytes):
            var parser = WhatsAppParser(
                file: input.name, options: options, attachments: AttachmentPaths(baseDirectory: input.baseDirectory))
            parser.exportName = exportName(input.name)
            transcript = try parse(bytes, parser: parser, report: &report, convertingAhead: convertingAhead)
        case .directory(let path):
            let files = ExportFiles.directory(path)
            guard let name = chatFile(in: files), let bytes = files.contents(name) else {
                throw ReadError(
                    location: SourceLocation(file: input.name),
                    problem: .syntax("The folder holds no WhatsApp chat (.txt) file."))
            }
            var parser = WhatsAppParser(
                file: (path as NSString).appendingPathComponent(name), options: options,
                attachments: AttachmentPaths(
                    baseDirectory: (path as NSString).appendingPathComponent(
                        (name as NSString).deletingLastPathComponent)))
            parser.exportName = exportName(name) ?? exportName(path)
            transcript = try parse(bytes, parser: parser, report: &report, convertingAhead: convertingAhead)
        }
        return ReadResult(format: .whatsapp, conversations: [transcript], report: report)
    }

    /// The chat's name in the export's file or folder name (`WhatsApp Chat with Ben.txt`), if it has one.
    static func exportName(_ path: String) -> String? {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        // A zip saved through a browser or a share sheet may have dashes for spaces.
        for prefix in ["WhatsApp-Chat-with-", "WhatsApp-Chat-"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count).trimmingCharacters()
            return rest.isEmpty ? nil : rest
        }
        return WhatsAppParser.chatName(name)
    }

    /// `_chat.txt`, else the only (or first) `.txt` file of an export.
    static func chatFile(in files: ExportFiles) -> String? {
        let texts = files.paths.filter { $0.lowercased().hasSuffix(".txt") }
        return texts.first { ($0 as NSString).lastPathComponent == "_chat.txt" } ?? texts.first
    }

    private static func parse(
        _ bytes: InputBytes, parser: WhatsAppParser, report: inout ImportReport, convertingAhead: Bool?
    ) throws(ReadError) -> Transcript {
        if let offset = firstInvalidUTF8(bytes) {
            throw ReadError(
                location: ImportJSON.location(file: parser.file, bytes: bytes, offset: offset), problem: .invalidUTF8)
        }
        let transcript = parser.parse(
            bytes, report: &report,
            convertingAhead: convertingAhead ?? WhatsAppParser.Worker.pays(forBytes: bytes.count))
        if transcript.messages.isEmpty {
            throw ReadError(
                location: SourceLocation(file: parser.file, line: 1, column: 1),
                problem: .syntax("No line starts like a WhatsApp message (\"12/31/24, 21:05 - Name: text\")."))
        }
        return transcript
    }

    /// The offset of the first byte that is not UTF-8, checked a line at a time (no character
    /// holds a `\n` byte) so the pages of a mapped file behind are given back.
    private static func firstInvalidUTF8(_ bytes: InputBytes) -> Int? {
        var pages = PageRelease(bytes)
        return bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end =
                    memchr(buffer.baseAddress! + start, 0x0A, buffer.count - start).map {
                        buffer.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                    } ?? buffer.count
                if let offset = UTF8Validation.firstInvalidOffset(in: buffer, range: start..<end) { return offset }
                pages.passed(end)
                start = end + 1
            }
            return nil
        }
    }
}
