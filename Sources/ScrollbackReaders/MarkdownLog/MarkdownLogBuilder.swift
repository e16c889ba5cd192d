import ScrollbackModel

/// Turns the sections of a scanned Markdown log into a transcript.
struct MarkdownLogBuilder {
    let name: String
    let frontMatter: FrontMatter
    /// The zone times without an offset are read in: the front matter's, else this.
    let zone: Zone
    private var transcript: Transcript
    private var report = ImportReport()
    /// Participant ids by id, by name, and by either in lower case.
    private var senderIDs: [String: String] = [:]

    init(name: String, frontMatter: FrontMatter, fallbackZone: Zone) {
        self.name = name
        self.frontMatter = frontMatter
        self.zone = frontMatter.timeZone ?? fallbackZone
        transcript = Transcript(
            title: frontMatter.title, timeZone: frontMatter.timeZone?.identifier,
            participants: frontMatter.participants, source: SourceLocation(file: name))
        for participant in frontMatter.participants { register(participant) }
    }

    /// The transcript and report of a scanned log.
    mutating func build(_ scanner: MarkdownLogScanner) throws(LineFailure) -> ReadResult {
        try readPreamble(scanner)
        transcript.undated = scanner.style == .roles
        let start = frontMatter.date?.timestamp(in: zone) ?? Timestamp(seconds: 0)
        for (index, section) in scanner.sections.enumerated() {
            do throws(LineFailure) {
                var message = try message(section, number: index + 1)
                if scanner.style == .roles {
                    message.time = Timestamp(seconds: start.seconds + Int64(index), utcOffset: start.utcOffset)
                }
                transcript.messages.append(message)
            } catch {
                var failure = error.at(line: section.line)
                failure.messageNumber = index + 1
                failure.id = failure.id ?? section.heading.attributes.id
                throw failure
            }
        }
        // After the messages, so that `me` may name a role's participant by the name the front matter gave it.
        transcript.me = frontMatter.me.map { senderIDs[$0] ?? senderIDs[$0.lowercased()] ?? $0 }
        if transcript.undated && transcript.me == nil { transcript.me = "user" }
        if let fence = scanner.unclosedFence, let last = transcript.messages.last {
            report.warnings.append(
                ImportReport.Note(
                    location: SourceLocation(file: name, line: fence.line, column: 1),
                    text: "the code fence opened here is never closed, so the rest of the file is part of message "
                        + "\(transcript.messages.count) (id \"\(last.id)\")."))
        }
        report.messagesRead = transcript.messages.count
        report.warnings += DuplicateIDs.warnings(transcript.messages, file: name)
        return ReadResult(format: .markdown, conversations: [transcript], report: report)
    }

    /// A `# Title` before the first message titles the log; other text there is reported as skipped.
    private mutating func readPreamble(_ scanner: MarkdownLogScanner) throws(LineFailure) {
        var paragraphStart: Int?
        var firstStray: Int?
        for (line, fenced) in scanner.preamble {
            let text = line.text.trimmingSpaces
            if text.isEmpty && !fenced {
                paragraphStart = nil
                continue
            }
            if !fenced, transcript.title == nil, let title = MessageHeading.atxContent(line.text, level: 1) {
                transcript.title = String(title)
                paragraphStart = nil
                continue
            }
            firstStray = firstStray ?? line.number
            guard paragraphStart == nil else { continue }
            paragraphStart = line.number
            let shown = text.count > 60 ? text.prefix(60) + "…" : text
            report.skipped.append(
                ImportReport.Note(
                    location: SourceLocation(file: name, line: line.number, column: 1),
                    text: "text before the first message heading: \"\(shown)\""))
        }
        if scanner.sections.isEmpty, let line = firstStray {
            throw LineFailure(
                column: 1,
                problem: .syntax(
                    "no message headings were found; a message starts with a heading like "
                        + "\"### Ana · 2026-11-28 09:14\" or \"## User\"."),
                line: line)
        }
    }

    private mutating func message(_ section: MarkdownLogScanner.Section, number: Int) throws(LineFailure) -> Message {
        let attributes = section.heading.attributes
        var message = Message(id: attributes.id ?? "m\(number)", sender: nil, time: Timestamp(seconds: 0))
        switch section.heading.speaker {
        case .dated(let sender, let time, _):
            message.time = time.timestamp(in: zone)
            if sender.uppercased() == "SYSTEM" && senderIDs[sender] == nil && senderIDs[sender.lowercased()] == nil {
                message.kind = .system
            } else {
                message.sender = resolve(sender)
            }
        case .role(.system):
            message.kind = .system
        case .role(let role):
            message.sender = resolve(role)
        }
        if attributes.system {
            message.kind = .system
            message.sender = nil
        }
        message.text = section.text
        message.format = attributes.format ?? .markdown
        message.status = attributes.status
        message.replyTo = attributes.replyTo
        message.deleted = attributes.deleted
        message.hidden = attributes.hidden
        if let edited = attributes.edited {
            if let text = edited.time {
                guard let time = LocalTime(Substring(text)) else {
                    throw LineFailure(
                        column: edited.column,
                        problem: .syntax("the edit time \"\(text)\" is not a date and time like 2026-11-28T09:14."))
                }
                message.edited = time.timestamp(in: zone)
            } else {
                message.edited = message.time
            }
        }
        message.location = SourceLocation(file: name, line: section.line, column: 1)
        return message
    }

    /// The participant id for a sender as a heading writes it: an id, a name, or someone new.
    private mutating func resolve(_ sender: String) -> String {
        if let id = senderIDs[sender] ?? senderIDs[sender.lowercased()] { return id }
        let participant = Participant(id: sender, name: sender)
        transcript.participants.append(participant)
        register(participant)
        return sender
    }

    /// The participant id for an AI chat role, named by the front matter or after the role.
    private mutating func resolve(_ role: MessageHeading.Role) -> String {
        let id = role.rawValue
        if let known = senderIDs[id] { return known }
        let defaultName = ["user": "User", "assistant": "Assistant", "tool": "Tool"][id] ?? id
        let participant = Participant(id: id, name: frontMatter.roleNames[role] ?? defaultName)
        transcript.participants.append(participant)
        register(participant)
        return id
    }

    private mutating func register(_ participant: Participant) {
        for key in [participant.id, participant.name] where senderIDs[key] == nil { senderIDs[key] = participant.id }
        for key in [participant.id.lowercased(), participant.name.lowercased()] where senderIDs[key] == nil {
            senderIDs[key] = participant.id
        }
    }
}
