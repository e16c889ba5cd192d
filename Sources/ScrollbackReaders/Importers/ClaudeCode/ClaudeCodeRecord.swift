import ScrollbackModel

/// One Claude Code record (`"type": "user"|"assistant"`) as messages: its text shown (commands,
/// their output and compaction summaries as what they are), its tool calls, tool results,
/// thinking and the caveat written for the model kept hidden.
enum ClaudeCodeRecord {
    static func messages(_ record: JSONValue, number: Int, location: SourceLocation) -> [Message] {
        guard let time = record["timestamp"]?.string.flatMap({ Timestamp(rfc3339: $0) }) else { return [] }
        let message = record["message"]
        let role = message?["role"]?.string ?? record["type"]?.string ?? "user"
        let sender = role == "user" ? "user" : "assistant"
        let id = record["uuid"]?.scalarText ?? "m\(number + 1)"
        let (texts, tools, images) = contentParts(message?["content"])
        let hiddenRecord = record["isMeta"]?.bool == true || record["isSidechain"]?.bool == true
        var result: [Message] = []
        let shown = texts.joined(separator: "\n\n").trimmingWhitespace()
        if record["isCompactSummary"]?.bool == true, !shown.isEmpty {
            // Claude Code's summary of the conversation before it was compacted: Claude wrote it.
            let summary = "**Summary of the earlier conversation**\n\n" + shown
            result.append(
                Message(
                    id: id, sender: "assistant", time: time, text: summary, hidden: hiddenRecord, location: location))
        } else if role == "user" {
            result += userMessages(texts, id: id, time: time, hidden: hiddenRecord, location: location)
        } else if !shown.isEmpty {
            result.append(
                Message(id: id, sender: sender, time: time, text: shown, hidden: hiddenRecord, location: location))
        }
        if !images.isEmpty {
            // Pasted images sit with the words they came with, or make a message of their own.
            if let index = result.firstIndex(where: { $0.kind == .message && !$0.hidden && $0.sender == sender }) {
                result[index].attachments += images
            } else {
                result.insert(
                    Message(
                        id: result.isEmpty ? id : id + "-images", sender: sender, time: time, attachments: images,
                        hidden: hiddenRecord, location: location), at: 0)
            }
        }
        if !tools.isEmpty {
            result.append(
                Message(
                    id: result.isEmpty ? id : id + "-tools", sender: sender, time: time,
                    text: MarkdownText.tidy(tools.joined(separator: "\n\n")), hidden: true, location: location))
        }
        return result
    }

    /// A record's content blocks sorted into the words shown, the hidden tool and thinking
    /// blocks (as Markdown) and the pasted images.
    private static func contentParts(_ content: JSONValue?) -> (
        texts: [String], tools: [String], images: [Attachment]
    ) {
        var texts: [String] = []
        var tools: [String] = []
        var images: [Attachment] = []
        let blocks = content?.array ?? content.map { [$0] } ?? []
        for block in blocks {
            if let text = block.string {
                texts.append(text)
                continue
            }
            switch block["type"]?.string {
            case "text": texts.append(block["text"]?.string ?? "")
            case "image": images.append(image(block))
            case "thinking": tools.append("*Thinking*\n\n" + (block["thinking"]?.string ?? ""))
            case "tool_use":
                let name = block["name"]?.string ?? "tool"
                tools.append("**\(MarkdownText.escape(name))**" + MarkdownText.codeBlock(json(block["input"])))
            case "tool_result":
                let result = block["content"]
                let text = result?.string ?? result?.array?.compactMap { $0["text"]?.string }.joined(separator: "\n")
                tools.append(MarkdownText.codeBlock(text ?? json(result)))
            default:
                tools.append("*\(MarkdownText.escape(block["type"]?.string ?? "content")) block*")
            }
        }
        return (texts, tools, images)
    }

    /// A user record's text: what the person typed is shown as typed; commands and their output as
    /// what they are; what Claude Code writes for the model (the caveat, reminders) is kept hidden.
    private static func userMessages(
        _ texts: [String], id: String, time: Timestamp, hidden: Bool, location: SourceLocation
    ) -> [Message] {
        var typed: [String] = []
        var markdown: [String] = []
        var notes: [String] = []
        var events: [String] = []
        var parts: [ClaudeCodeUserText] = []
        for text in texts {
            // A reminder Claude Code appends to what the person typed is for the model, as one on its own is.
            let (rest, reminders) = ClaudeCodeUserText.splittingReminders(text)
            notes += reminders
            if !reminders.isEmpty && rest.trimmingWhitespace().isEmpty { continue }
            parts.append(ClaudeCodeUserText(rest))
        }
        for part in parts {
            switch part {
            case .typed(let text):
                typed.append(text)
                markdown.append(MarkdownText.escape(text.trimmingWhitespace()))
            case .noteToModel(let text): notes.append(text)
            case .event(let text): events.append(text)
            case .command(let command, let note):
                markdown.append(MarkdownText.codeSpan(command) + (note.map { "\n\n" + MarkdownText.escape($0) } ?? ""))
            case .output(let stdout, let stderr): markdown.append(output(stdout: stdout, stderr: stderr))
            }
        }
        var result: [Message] = []
        // The person's typing is shown as typed (plain); beside a command it is escaped Markdown.
        let onlyTyped = markdown.count == typed.count
        let text =
            onlyTyped
            ? typed.joined(separator: "\n\n").trimmingWhitespace()
            : MarkdownText.tidy(markdown.joined(separator: "\n\n"))
        if !text.isEmpty {
            result.append(
                Message(
                    id: id, sender: "user", time: time, text: text, format: onlyTyped ? .plain : .markdown,
                    hidden: hidden, location: location))
        }
        for (number, event) in events.enumerated() {
            var line = Message(
                id: result.isEmpty ? id : id + "-event\(number + 1)", sender: nil, time: time, text: event,
                format: .plain, hidden: hidden, location: location)
            line.kind = .system
            result.append(line)
        }
        if !notes.isEmpty {
            result.append(
                Message(
                    id: result.isEmpty ? id : id + "-note", sender: "user", time: time,
                    text: notes.joined(separator: "\n\n"), format: .plain, hidden: true, location: location))
        }
        return result
    }

    /// A local command's output as labelled code blocks.
    private static func output(stdout: String, stderr: String) -> String {
        var output = "*Command output*"
        let out = stdout.trimmingWhitespace()
        let err = stderr.trimmingWhitespace()
        if !out.isEmpty { output += MarkdownText.codeBlock(out) }
        if !err.isEmpty { output += "\n\n*Errors*" + MarkdownText.codeBlock(err) }
        if out.isEmpty && err.isEmpty { output += "\n\n(no output)" }
        return MarkdownText.tidy(output)
    }

    /// A pasted image: shown from its inline data (`source.type` `base64`) when it is an image
    /// a page can show, else a chip that says the export left the picture out.
    private static func image(_ block: JSONValue) -> Attachment {
        let source = block["source"]
        let mime = source?["media_type"]?.string ?? "image"
        if source?["type"]?.string == "base64", let data = source?["data"]?.string, showable.contains(mime),
            data.utf8.allSatisfy(isBase64)
        {
            return Attachment(url: "data:\(mime);base64,\(data)", type: mime, name: pastedImage)
        }
        if source?["type"]?.string == "url", let url = source?["url"]?.string {
            return Attachment(url: url, type: "image", name: pastedImage)
        }
        return Attachment(type: "image", name: pastedImage, omitted: true)
    }

    private static let pastedImage = "Pasted image"
    private static let showable: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp"]
    private static func isBase64(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2B
            || byte == 0x2F || byte == 0x3D
    }

    /// Content blocks of kinds the transcript does not show (documents, a tool's images), by kind.
    static func unshownBlocks(_ record: JSONValue) -> [String] {
        let known: Set<String> = ["text", "thinking", "redacted_thinking", "tool_use", "tool_result", "image"]
        var result: [String] = []
        for block in record["message"]?["content"]?.array ?? [] {
            if let type = block["type"]?.string, !known.contains(type) { result.append(type) }
            for inner in block["content"]?.array ?? [] {
                if let type = inner["type"]?.string, type != "text" { result.append(type) }
            }
        }
        return result
    }

    /// Compact JSON text of a value, for tool inputs.
    static func json(_ value: JSONValue?) -> String {
        guard let value else { return "null" }
        switch value.kind {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return quote(text)
        case .array(let items): return "[" + items.map { json($0) }.joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { quote($0.key) + ": " + json($0.value) }.joined(separator: ", ") + "}"
        }
    }

    private static func quote(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            default:
                if scalar.value < 0x20 {
                    output +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}
