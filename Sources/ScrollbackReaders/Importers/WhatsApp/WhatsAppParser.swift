import Foundation
import ScrollbackModel

/// Turns the text of a WhatsApp "Export chat" file into a transcript.
struct WhatsAppParser {
    /// The file name errors and notes use.
    var file: String
    var options: ReadOptions
    var attachments: AttachmentPaths
    /// The chat's name from the export's own file name (`WhatsApp Chat with Ben.txt`,
    /// `WhatsApp Chat - Ben.zip`), used when the text has no title line.
    var exportName: String? = nil

    /// Exporters' placeholder names for their own messages, in the languages seen in exports.
    static let selfNames: Set<String> = [
        "You", "you", "Du", "Tú", "Tu", "Vous", "Jij", "Você", "Voi", "Ty", "Вы", "あなた", "你", "您",
    ]

    /// A message's line number and its body (continuation lines included); its header is kept
    /// apart, as the dates are inferred from every header at once.
    private struct Entry {
        var line: Int
        var body: String
    }

    /// The transcript of the export's valid UTF-8 `bytes`, read a line at a time: a line is cut
    /// out as its own string when it is reached, so the file is never held as one `String`, and
    /// the pages of a mapped file behind it are given back. With `convertingAhead`, each body is
    /// converted on a second core as soon as its last line is read (what is read is the same).
    func parse(_ bytes: InputBytes, report: inout ImportReport, convertingAhead: Bool) -> Transcript {
        var transcript = Transcript(source: SourceLocation(file: file))
        let worker = convertingAhead ? startWorker() : nil
        var scanned = scan(bytes, worker: worker, report: &report)
        var prepared = worker?.finish().state
        prepared?.messages.reverse()
        // What the dates and names say: gathered by the worker beside its conversion, or here.
        let (orders, notes) =
            prepared?.dates.conclusion(override: options.dateOrder)
            ?? WhatsAppDates.infer(scanned.headers, override: options.dateOrder)
        report.inferences += notes
        let zone = readZone(of: &transcript, report: &report)
        let senders = prepared?.senders.names ?? knownSenders(scanned.headers)
        let found = convert(
            &scanned, into: &transcript, prepared: &prepared, orders: orders, zone: zone, senders: senders,
            report: &report)
        transcript.addUnlistedSenders()
        settle(&transcript, found: found, titleLine: scanned.titleLine, report: &report)
        return transcript
    }

    /// The lines of an export, as `scan` leaves them: each message's header and body, and the
    /// title the lines before the first message give.
    private struct Scanned {
        var headers: [WhatsAppHeader] = []
        var entries: [Entry] = []
        /// The chat's name from a `WhatsApp Chat - NAME` line, or the name an encryption notice
        /// before the first message is written under (`Group Chat: Messages and calls are …`).
        var titleLine: String?
    }

    /// Reads the lines of `bytes`, cutting each out as a string when it is reached (a message's
    /// continuation lines join its body); with a `worker`, each body is handed to it once whole.
    private func scan(_ bytes: InputBytes, worker: Worker?, report: inout ImportReport) -> Scanned {
        var scanned = Scanned()
        /// Hands the last entry's body, now whole, to the worker.
        func handOver() {
            guard let worker, !scanned.entries.isEmpty else { return }
            let last = scanned.entries.count - 1
            let body = scanned.entries[last].body
            scanned.entries[last].body = ""
            let reading = read(body, senders: nil).map { Reading.read(sender: $0, body: $1) } ?? .waiting(body)
            worker.add((reading, scanned.entries[last].line, scanned.headers[scanned.headers.count - 1]))
        }
        var lineNumber = 0
        forEachLine(of: bytes) { line in
            lineNumber += 1
            if let header = WhatsAppHeader(line) {
                handOver()
                scanned.headers.append(header)
                scanned.entries.append(Entry(line: lineNumber, body: header.rest))
            } else if !scanned.entries.isEmpty {
                scanned.entries[scanned.entries.count - 1].body += "\n" + line
            } else if !line.trimmingCharacters().isEmpty {
                if let title = Self.chatName(line.trimmingCharacters()) ?? Self.noticeName(line) {
                    scanned.titleLine = title
                } else {
                    report.skipped.append(
                        .init(
                            location: SourceLocation(file: file, line: lineNumber, column: 1),
                            text: "text before the first message is not part of one"))
                }
            }
        }
        handOver()
        return scanned
    }

    /// Calls `body` with each line of `bytes` (without its `\n` or `\r\n`), a byte search apart,
    /// giving back the pages of a mapped file behind the lines read.
    private func forEachLine(of bytes: InputBytes, _ body: (Substring) -> Void) {
        var pages = PageRelease(bytes)
        bytes.withUnsafeBufferPointer { buffer in
            var lineStart = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while true {
                // "\r\n" is one Character in Swift, so line ends are found as `\n` bytes (no other
                // scalar holds that byte).
                let lineEnd =
                    lineStart < buffer.count
                    ? memchr(buffer.baseAddress! + lineStart, 0x0A, buffer.count - lineStart).map {
                        buffer.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                    } ?? buffer.count : buffer.count
                var end = lineEnd
                if end > lineStart, buffer[end - 1] == 0x0D { end -= 1 }
                body(Substring(String(decoding: UnsafeBufferPointer(rebasing: buffer[lineStart..<end]), as: UTF8.self)))
                pages.passed(lineStart)
                guard lineEnd < buffer.count else { break }
                lineStart = lineEnd + 1
            }
        }
    }

    /// The zone times are read in (`--tz`, else UTC), set on the transcript and reported.
    private func readZone(of transcript: inout Transcript, report: inout ImportReport) -> Zone {
        guard let chosen = options.timeZone else {
            report.inferences.append(
                "times read as UTC (the export has no time zone; --tz sets the one it was made in)")
            return .utc
        }
        transcript.timeZone = chosen.identifier
        report.inferences.append("times read in \(chosen.identifier) (--tz; the export has no time zone)")
        return chosen
    }

    /// What the messages say about the chat besides themselves.
    private struct Found {
        /// Senders the lines mark as the exporter, in order.
        var exporters: [String] = []
        /// The group's name, from its system lines.
        var groupName: String?
    }

    /// Converts every entry (or takes what the worker made of it) into `transcript`'s messages,
    /// letting each body go once converted: the bodies and the messages are not both held whole.
    private func convert(
        _ scanned: inout Scanned, into transcript: inout Transcript, prepared: inout Prepared?,
        orders: [String: DateOrder], zone: Zone, senders: Set<String>,
        report: inout ImportReport
    ) -> Found {
        var found = Found()
        for index in scanned.entries.indices {
            let entry = scanned.entries[index]
            scanned.entries[index].body = ""
            let location = SourceLocation(file: file, line: entry.line, column: 1)
            let header = scanned.headers[index]
            guard let date = WhatsAppDates.date(header, order: orders[header.dateGroup] ?? .dmy),
                let hour = Self.hour24(header)
            else {
                _ = prepared?.take(index)
                report.skipped.append(.init(location: location, text: "the date or time of this line does not exist"))
                continue
            }
            var said: Said
            if let body = prepared?.waiting[index] ?? (prepared == nil ? entry.body : nil) {
                _ = prepared?.take(index)
                let (sender, content) = read(body, senders: senders)!
                said = self.said(sender, content, location: location)
            } else {
                said = prepared!.take(index)
            }
            let time = zone.timestamp(date, hour: hour, minute: header.minute, second: header.second)
            said.message.id = "m\(transcript.messages.count + 1)"
            said.message.time = time
            if said.edited { said.message.edited = time }
            note(&said, in: &found)
            report.warnings += said.warnings
            transcript.messages.append(said.message)
        }
        return found
    }

    /// Adds what one message says about the chat to `found`. The exporter's placeholder names
    /// (`Du`, `You`, … in one chat) are one person: the first one written.
    private func note(_ said: inout Said, in found: inout Found) {
        if let sender = said.message.sender {
            guard said.byExporter else { return }
            if Self.selfNames.contains(sender), let first = found.exporters.first(where: Self.selfNames.contains) {
                said.message.sender = first
            }
            found.exporters.append(said.message.sender ?? sender)
        } else if let name = said.groupName {
            found.groupName = name
        }
    }

    /// Sets the title and `me` from what the lines and the export's name say, and reports them.
    private func settle(_ transcript: inout Transcript, found: Found, titleLine: String?, report: inout ImportReport) {
        var titleLine = titleLine
        var nameSource = "the title line"
        if let titleLine {
            transcript.title = titleLine
        } else if let name = found.groupName {
            transcript.title = name
        }
        if titleLine == nil, let exportName {
            titleLine = exportName
            nameSource = "the export's file name"
            if found.groupName == nil { transcript.title = exportName }
        }
        if let me = found.exporters.first {
            transcript.me = me
            report.inferences.append("`me` is \"\(me)\" (the exporter's own messages; --me overrides)")
        } else if let me = Self.exporter(of: transcript, titleLine: titleLine) {
            transcript.me = me
            report.inferences.append(
                "`me` is \"\(me)\" (\(nameSource) names the other person, \"\(titleLine ?? "")\"; --me overrides)")
        } else {
            report.inferences.append("no sender is marked as the exporter; --me NAME puts one on the right")
        }
        let omitted = transcript.messages.filter { $0.attachments.contains(where: \.omitted) }.count
        if omitted > 0 {
            report.warnings.append(
                .init(location: nil, text: "media left out of the export: \(counted(omitted, "file"))"))
        }
        report.messagesRead += transcript.messages.count
    }

    /// A worker that makes the messages of the bodies read, and keeps the others as they are.
    private func startWorker() -> Worker {
        Worker(Prepared()) { prepared, batch in
            for (reading, line, header) in batch {
                prepared.dates.add(header)
                prepared.senders.add(header)
                switch reading {
                case .read(let sender, let body):
                    prepared.add(said(sender, body, location: SourceLocation(file: file, line: line, column: 1)))
                case .waiting(let body):
                    prepared.waiting[prepared.messages.count] = body
                    prepared.add(Said(message: Message(id: "", sender: nil, time: Timestamp(seconds: 0))))
                }
            }
        }
    }

    /// Who said `body` (`nil`: a system line) and what its marks say; `nil` when who said it
    /// depends on the names the chat uses and `senders` (those names) is not given.
    private func read(_ body: String, senders: Set<String>?) -> (String?, WhatsAppBody)? {
        guard let (sender, rawBody) = split(body.trimmingTrailingNewlines(), senders: senders) else { return nil }
        return (sender, WhatsAppBody(rawBody ?? body))
    }

    /// The message a body read as `content`, from `sender` and written at `location`, says (its
    /// id and time to be set).
    private func said(_ sender: String?, _ content: WhatsAppBody, location: SourceLocation) -> Said {
        var said = Said(message: Message(id: "", sender: nil, time: Timestamp(seconds: 0), location: location))
        guard let sender, !content.isSystemMarked else {
            let event = content.text.trimmingWhitespace()
            said.message.kind = .system
            said.message.text = MarkdownText.escape(event)
            said.groupName = Self.groupName(event) ?? sender.flatMap { Self.chatName(writing: event, as: $0) }
            return said
        }
        said.message.sender = sender
        said.message.deleted = content.deleted
        said.edited = content.edited
        said.message.text = ChatMarkup(tokens: nil, blockLines: true).markdown(content.text)
        var report = ImportReport()
        said.message.attachments = attachments(of: content, location: location, report: &report)
        said.warnings = report.warnings
        said.byExporter = content.deletedByMe || Self.selfNames.contains(sender)
        return said
    }

    /// The attachments a body names: a file (in the folder or zip, or left out), a place, a poll.
    private func attachments(of body: WhatsAppBody, location: SourceLocation, report: inout ImportReport)
        -> [Attachment]
    {
        var result: [Attachment] = []
        if let file = body.attachedFile {
            result.append(attachment(file, of: body, location: location, report: &report))
        }
        if let kind = body.omittedMedia { result.append(Attachment(type: kind, omitted: true)) }
        if let place = body.place {
            result.append(
                Attachment(
                    url: place.url, type: "location", place: Place(latitude: place.latitude, longitude: place.longitude)
                ))
        }
        if let poll = body.poll { result.append(Attachment(type: "poll", poll: poll)) }
        return result
    }

    /// The attachment for a file a body names: a voice note, a contact card (read from the
    /// `.vcf` where the export holds it) or any other file, named as iOS names a document.
    private func attachment(_ file: String, of body: WhatsAppBody, location: SourceLocation, report: inout ImportReport)
        -> Attachment
    {
        let type = WhatsAppMedia.type(of: file)
        var attachment =
            body.attachedFileOmitted
            ? Attachment(type: type, name: file, omitted: true)
            : attachments.attachment(file, type: type, name: body.document, location: location, report: &report)
        if type == "contact" {
            let name = ((body.document ?? file) as NSString).deletingPathExtension
            attachment.contact = WhatsAppMedia.card(attachment, paths: attachments, fallbackName: name)
        }
        return attachment
    }

    /// The group's name from `Ana created group "Trip"` or `Ana changed the subject to "Trip"`
    /// (and the same with curly quotes), as the chat was last named.
    static func groupName(_ event: String) -> String? {
        let opening: Set<Character> = ["\"", "\u{201C}"]
        let closing: Set<Character> = ["\"", "\u{201D}"]
        guard let last = event.last, closing.contains(last),
            event.contains(" created group ") || event.contains(" changed the subject ")
                || event.contains(" changed the group name ")
        else { return nil }
        let body = event.dropLast()
        guard let open = body.lastIndex(where: { opening.contains($0) }) else { return nil }
        let name = body[body.index(after: open)...]
        return name.isEmpty ? nil : String(name)
    }

    /// The chat's name when iOS writes an event under it (`Super Group: ‎Josh added you`): the
    /// name a system line is written under is the chat's, unless the event starts with it
    /// (`Josh: ‎Josh created this group` is Josh's doing).
    static func chatName(writing event: String, as sender: String) -> String? {
        event.hasPrefix(sender) || Self.selfNames.contains(sender) ? nil : sender
    }

    /// `Group Chat` from a line before the first message that writes an encryption notice under
    /// the chat's name (`Group Chat: Messages and calls are end-to-end encrypted…`).
    static func noticeName(_ line: Substring) -> String? {
        guard let range = TextSearch.firstRange(of: ": ", in: line) else { return nil }
        let notice = String(line[range.upperBound...]).trimmingMarks()
        guard WhatsAppBody.notices.contains(where: { notice.hasPrefix($0) }) else { return nil }
        let name = line[..<range.lowerBound].trimmingCharacters()
        return name.isEmpty ? nil : name
    }

    /// `Ben` from `WhatsApp Chat - Ben` or `WhatsApp Chat with Ben`; `nil` for other text.
    static func chatName(_ text: String) -> String? {
        for prefix in ["WhatsApp Chat - ", "WhatsApp Chat with "] where text.hasPrefix(prefix) {
            let name = text.dropFirst(prefix.count).trimmingCharacters()
            return name.isEmpty ? nil : name
        }
        return nil
    }

    /// In a two-person chat whose title line names one of them, the other is the exporter.
    private static func exporter(of transcript: Transcript, titleLine: String?) -> String? {
        guard let titleLine else { return nil }
        let senders = Set(transcript.messages.compactMap(\.sender))
        guard senders.count == 2, senders.contains(titleLine) else { return nil }
        return senders.first { $0 != titleLine }
    }

    /// Names that are followed by `: ` somewhere, so `Name:.` (no space) can be recognised too.
    private func knownSenders(_ headers: [WhatsAppHeader]) -> Set<String> {
        var names = SenderNames()
        for header in headers { names.add(header) }
        return names.names
    }

    /// The names a chat's lines start with (`Name: `), gathered a header at a time.
    struct SenderNames {
        private(set) var names: Set<String> = []
        /// Runs of one sender are the rule: the name is in already.
        private var previous: Substring?

        mutating func add(_ header: WhatsAppHeader) {
            guard let range = TextSearch.firstRange(of: ": ", in: header.rest[...]) else { return }
            let name = header.rest[..<range.lowerBound]
            guard name != previous else { return }
            previous = name
            if !WhatsAppParser.holdsQuote(name) { names.insert(String(name)) }
        }
    }

    /// `Name: text` → (name, text); a system line → (nil, nil); `nil` when that depends on the
    /// chat's `senders` and they are not given.
    private func split(_ body: String, senders: Set<String>?) -> (String?, String?)? {
        let firstLine = TextSearch.firstLine(of: body)
        // A quote before the first ": " means an event quoting text (`Ana changed the subject to "Trip: Rome"`).
        if let range = TextSearch.firstRange(of: ": ", in: firstLine),
            !Self.holdsQuote(firstLine[..<range.lowerBound])
        {
            return (String(body[..<range.lowerBound]), String(body[range.upperBound...]))
        }
        // The other forms need a `:`, and a name the chat uses before it.
        guard let senders else { return TextSearch.holds(UInt8(ascii: ":"), in: firstLine) ? nil : (nil, nil) }
        if let colon = firstLine.firstIndex(of: ":"), senders.contains(String(body[..<colon])) {
            return (String(body[..<colon]), String(body[body.index(after: colon)...]))
        }
        if firstLine.hasSuffix(":"), senders.contains(String(firstLine.dropLast())) {
            return (String(firstLine.dropLast()), String(body.dropFirst(firstLine.count)).trimmingWhitespace())
        }
        return (nil, nil)
    }

    /// Whether `text` has a quote character. Each quote is a byte sequence of its own (`"`, or a
    /// scalar that starts with E2 80 or C2): text without those lead bytes has none, and skips the
    /// comparison of every character.
    private static func holdsQuote(_ text: Substring) -> Bool {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == 0xE2 || $0 == 0xC2 }) else {
            return false
        }
        return text.contains(where: isQuote)
    }

    private static func isQuote(_ character: Character) -> Bool {
        character == "\"" || character == "\u{201C}" || character == "\u{201D}" || character == "\u{00AB}"
    }

    static func hour24(_ header: WhatsAppHeader) -> Int? {
        guard let isPM = header.isPM else { return header.hour < 24 ? header.hour : nil }
        guard header.hour <= 12 else { return nil }
        return header.hour % 12 + (isPM ? 12 : 0)
    }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        // Only a last byte `\n`, `\r` or space can end the text with one of those characters.
        guard let last = utf8.last, last == 0x0A || last == 0x0D || last == 0x20 else { return self }
        var text = self
        while text.last == "\n" || text.last == "\r" || text.last == " " { text.removeLast() }
        return text
    }
}
