import ScrollbackModel

/// One Claude Code record (`"type": "user"|"assistant"`) as messages: its text shown, its tool
/// calls, tool results and thinking kept hidden.
enum ClaudeCodeRecord {
    static func messages(_ record: JSONValue, number: Int, location: SourceLocation) -> [Message] {
        guard let time = record["timestamp"]?.string.flatMap({ Timestamp(rfc3339: $0) }) else { return [] }
        let message = record["message"]
        let role = message?["role"]?.string ?? record["type"]?.string ?? "user"
        let id = record["uuid"]?.scalarText ?? "m\(number + 1)"
        var texts: [String] = []
        var tools: [String] = []
        let content = message?["content"]
        for block in content?.array ?? content.map { [$0] } ?? [] {
            if let text = block.string {
                texts.append(text)
                continue
            }
            switch block["type"]?.string {
            case "text": texts.append(block["text"]?.string ?? "")
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
        // The person's typing is shown as typed; Claude writes Markdown.
        let format: TextFormat = role == "user" ? .plain : .markdown
        let hiddenRecord = record["isMeta"]?.bool == true || record["isSidechain"]?.bool == true
        var result: [Message] = []
        let shown = texts.joined(separator: "\n\n").trimmingWhitespace()
        if !shown.isEmpty {
            result.append(
                Message(
                    id: id, sender: role == "user" ? "user" : "assistant", time: time, text: shown, format: format,
                    hidden: hiddenRecord, location: location))
        }
        if !tools.isEmpty {
            result.append(
                Message(
                    id: shown.isEmpty ? id : id + "-tools", sender: role == "user" ? "user" : "assistant", time: time,
                    text: MarkdownText.tidy(tools.joined(separator: "\n\n")), hidden: true, location: location))
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
