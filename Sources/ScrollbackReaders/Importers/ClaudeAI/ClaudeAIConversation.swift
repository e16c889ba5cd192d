import ScrollbackModel

/// One Claude.ai conversation: its `chat_messages` in order, each message's `content` blocks shown
/// (text) or kept hidden (thinking, tool calls and results), its attachments and files named.
struct ClaudeAIConversation {
    var input: ChatInput
    var lines: LineIndex
    var participants: [Participant]

    /// Tallies across the conversation, reported once.
    private struct Tally {
        var hidden = 0
        var empty = 0
        var untimed = 0
        var extracted = 0
        var files = 0
        /// Content block types this reader does not know, kept hidden.
        var unknown: [String: Int] = [:]
    }

    func convert(_ value: JSONValue, number: Int, report: inout ImportReport) -> Transcript {
        let title = value["name"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        var transcript = Transcript(
            id: value["uuid"]?.scalarText ?? "conversation-\(number)", title: title, me: "human",
            participants: participants, source: SourceLocation(file: input.name))
        let label = "“\(title ?? transcript.id!)”"
        var clock = Self.time(value["created_at"]) ?? Timestamp(seconds: 0)
        var tally = Tally()
        for (index, entry) in (value["chat_messages"]?.array ?? []).enumerated() {
            let location = lines.location(ofByte: entry.offset)
            if let time = Self.time(entry["created_at"]) { clock = max(clock, time) } else { tally.untimed += 1 }
            let id = entry["uuid"]?.scalarText ?? "m\(index + 1)"
            let sender = entry["sender"]?.string == "human" ? "human" : "assistant"
            let parts = messages(entry, id: id, sender: sender, time: clock, location: location, tally: &tally)
            if parts.isEmpty { tally.empty += 1 }
            transcript.messages += parts
        }
        settle(label: label, tally: tally, report: &report)
        report.messagesRead += transcript.messages.count
        return transcript
    }

    /// The shown message and the hidden ones (thinking, tools) one chat message holds, in order.
    private func messages(
        _ entry: JSONValue, id: String, sender: String, time: Timestamp, location: SourceLocation, tally: inout Tally
    ) -> [Message] {
        var hidden: [Message] = []
        var shown: [String] = []
        let blocks = entry["content"]?.array ?? []
        for (index, block) in blocks.enumerated() {
            switch block["type"]?.string {
            case "text":
                if let text = block["text"]?.string, !text.isEmpty { shown.append(text) }
            case let type:
                if !["thinking", "tool_use", "tool_result"].contains(type ?? "") {
                    tally.unknown[type ?? "untyped", default: 0] += 1
                }
                guard let text = Self.hiddenText(block, type: type ?? "") else { continue }
                var message = Message(
                    id: "\(id)-\(index + 1)", sender: sender, time: time, text: text, hidden: true, location: location)
                message.meta = .object(["type": .string(type ?? "unknown")])
                hidden.append(message)
            }
        }
        // Older exports have no `content`: `text` is the message.
        if blocks.isEmpty, let text = entry["text"]?.string, !text.isEmpty { shown.append(text) }
        tally.hidden += hidden.count
        let attachments = self.attachments(entry, tally: &tally)
        guard !shown.isEmpty || !attachments.isEmpty else { return hidden }
        var message = Message(
            id: id, sender: sender, time: time, text: shown.joined(separator: "\n\n"), attachments: attachments,
            location: location)
        // What the person typed is shown as typed; Claude's answers are Markdown.
        if sender == "human" { message.format = .plain }
        return hidden + [message]
    }

    /// Attachments (pasted or uploaded documents, of which the export keeps the extracted text) and
    /// files (uploaded images, which the export leaves out).
    private func attachments(_ entry: JSONValue, tally: inout Tally) -> [Attachment] {
        var result: [Attachment] = []
        for item in entry["attachments"]?.array ?? [] {
            let name = item["file_name"]?.string.flatMap { $0.isEmpty ? nil : $0 } ?? "attachment"
            var attachment = Attachment(
                type: item["file_type"]?.string.flatMap { $0.contains("/") ? $0 : nil } ?? "file", name: name,
                size: item["file_size"]?.int, omitted: true)
            if let text = item["extracted_content"]?.string, !text.isEmpty {
                attachment.description = Self.preview(text)
                tally.extracted += 1
            }
            result.append(attachment)
        }
        for item in entry["files_v2"]?.array ?? entry["files"]?.array ?? [] {
            let name = item["file_name"]?.string ?? "file"
            let kind = item["file_kind"]?.string == "image" || Attachment(name: name).kind == .image ? "image" : "file"
            result.append(Attachment(type: kind, name: name, omitted: true))
            tally.files += 1
        }
        return result
    }

    /// An RFC 3339 time (`2025-07-06T03:10:13.609691Z`).
    private static func time(_ value: JSONValue?) -> Timestamp? {
        value?.string.flatMap { Timestamp(rfc3339: $0) }
    }

    /// The first line of an attachment's extracted text, cut to a preview's length.
    private static func preview(_ text: String) -> String {
        let line = text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        return line.count > 200 ? String(line.prefix(199)) + "…" : line
    }

    /// The text kept (hidden) for a block that is not shown: thinking, a tool call, a tool's result.
    private static func hiddenText(_ block: JSONValue, type: String) -> String? {
        switch type {
        case "thinking":
            return block["thinking"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        case "tool_use":
            let name = block["name"]?.string ?? "tool"
            return "Tool call: " + MarkdownText.escape(name)
        case "tool_result":
            let parts = block["content"]?.array?.compactMap { $0["text"]?.string } ?? []
            let text = parts.isEmpty ? (block["content"]?.string ?? "") : parts.joined(separator: "\n")
            return MarkdownText.codeBlock(text)
        default:
            return block["text"]?.string ?? ""
        }
    }

    private func settle(label: String, tally: Tally, report: inout ImportReport) {
        if tally.hidden > 0 {
            report.inferences.append("\(label): kept hidden \(counted(tally.hidden, "thinking or tool block"))")
        }
        if tally.empty > 0 { report.inferences.append("\(label): skipped \(counted(tally.empty, "empty message"))") }
        if tally.untimed > 0 {
            report.inferences.append(
                "\(label): \(counted(tally.untimed, "message")) without created_at take the time of the one before")
        }
        if tally.extracted > 0 {
            report.warnings.append(
                .init(
                    location: nil,
                    text:
                        "\(label): the export keeps only the extracted text of \(counted(tally.extracted, "attachment")); its first line is shown"
                ))
        }
        for (type, count) in tally.unknown.sorted(by: { $0.key < $1.key }) {
            report.warnings.append(
                .init(
                    location: nil,
                    text: "\(label): not shown: \"\(type)\" content (\(counted(count, "block"))), kept hidden"))
        }
        if tally.files > 0 {
            report.warnings.append(
                .init(location: nil, text: "\(label): not included in the export: \(counted(tally.files, "file"))"))
        }
    }
}
