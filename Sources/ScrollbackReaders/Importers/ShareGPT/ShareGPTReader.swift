import ScrollbackModel

/// ShareGPT files: a JSON array of items (or one item), each `{"id", "conversations": [{"from",
/// "value"}, …]}` — the format LLM training sets (FastChat, Vicuna) use for chats.
///
/// Each item is one undated conversation between the person (`human`, `user`), who is `me`,
/// and the model (`gpt`, `assistant`, …); `system` turns are hidden system messages and tool
/// turns (`function_call`, `observation`, `tool`) hidden messages, kept but not shown.
enum ShareGPTReader {
    static let reader = ChatReader(
        format: .sharegpt,
        summary: "ShareGPT JSON (from/value turns, one conversation per item)",
        sniff: { input in
            guard let bytes = input.bytes, let first = FormatSniffing.firstNonSpace(bytes),
                first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
            else { return false }
            return bytes.withUnsafeBufferPointer {
                opensWithTurn(UnsafeBufferPointer(rebasing: $0.prefix(FormatSniffing.headLength)))
            }
        },
        read: read(_:options:)
    )

    /// Whether `head` holds `"conversations": [{"from"` (or `"value"` first), white space
    /// allowed between: the first turn of a ShareGPT item, a shape no other format writes.
    ///
    /// Compares UTF-8 bytes (`ImportSniffing`): every JSON input the readers before Discord's do
    /// not claim is sniffed here, and a Foundation search of its 64 KiB head was 1.5% of a
    /// 10k-message Discord render's instructions.
    static func opensWithTurn(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        let key = Array("\"conversations\"".utf8)
        var start = 0
        while let found = ImportSniffing.find(key, in: head, from: start) {
            start = found + key.count
            var index = start
            for mark in [UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "{")] {
                index = ImportSniffing.skipSpace(head, from: index)
                guard index < head.count, head[index] == mark else { break }
                index += 1
                if mark == UInt8(ascii: "{") {
                    index = ImportSniffing.skipSpace(head, from: index)
                    return starts(head, at: index, with: "\"from\"") || starts(head, at: index, with: "\"value\"")
                }
            }
        }
        return false
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with text: String) -> Bool {
        let prefix = Array(text.utf8)
        return bytes.count - index >= prefix.count && prefix.indices.allSatisfy { bytes[index + $0] == prefix[$0] }
    }

    /// The person and the model.
    static let participants = [Participant(id: "user", name: "You"), Participant(id: "assistant", name: "Assistant")]

    static func read(_ input: ChatInput, options: ReadOptions) throws(ReadError) -> ReadResult {
        guard let bytes = input.bytes else {
            throw ReadError(location: SourceLocation(file: input.name), problem: .notAFolderFormat("sharegpt"))
        }
        let lines = LineIndex(file: input.name, bytes: bytes)
        var report = ImportReport()
        var conversations = ExportConversations()
        let root = try ImportJSON.parse(bytes, file: input.name)
        let items = root.array ?? [root]
        for item in items {
            let location = lines.location(ofByte: item.offset)
            guard let turns = item["conversations"]?.array else {
                report.skipped.append(
                    .init(location: location, text: "item \(conversations.number) has no \"conversations\""))
                continue
            }
            var transcript = conversation(turns, number: conversations.number, item: item, lines: lines)
            transcript.source = SourceLocation(file: input.name)
            report.messagesRead += transcript.messages.count
            conversations.append(transcript)
        }
        guard !conversations.all.isEmpty else {
            throw ReadError(
                location: input.location(ofByte: root.offset),
                problem: .syntax("A ShareGPT file is an array of items, each with \"conversations\"."))
        }
        report.inferences.append("`me` is the human; the model's replies are on the left")
        if conversations.all.count > 1 { report.inferences.append("\(conversations.all.count) conversations read") }
        return ReadResult(format: .sharegpt, conversations: conversations.all, report: report)
    }

    /// One item's turns as an undated transcript: messages a second apart from 1970, as for any
    /// chat without times.
    private static func conversation(_ turns: [JSONValue], number: Int, item: JSONValue, lines: LineIndex)
        -> Transcript
    {
        let id = item["id"]?.scalarText ?? "conversation-\(number)"
        var transcript = Transcript(id: id, title: id, me: "user", participants: participants)
        transcript.undated = true
        for (index, turn) in turns.enumerated() {
            let role = Role(turn["from"]?.string ?? "")
            var message = Message(
                id: "\(id)-\(index + 1)", sender: role.sender, time: Timestamp(seconds: Int64(index)),
                text: turn["value"]?.string ?? "", format: role == .person ? .plain : .markdown,
                hidden: role == .tool, location: lines.location(ofByte: turn.offset))
            if role == .system {
                message.kind = .system
                message.hidden = true
            }
            transcript.messages.append(message)
        }
        return transcript
    }

    /// Who a turn's `from` names.
    enum Role: Equatable {
        case person, model, system, tool

        init(_ from: String) {
            switch from.lowercased() {
            case "human", "user": self = .person
            case "system": self = .system
            case "function_call", "observation", "tool", "function", "ipython": self = .tool
            default: self = .model  // gpt, chatgpt, assistant, bard, bing, model, …
            }
        }

        var sender: String? {
            switch self {
            case .person: "user"
            case .model, .tool: "assistant"
            case .system: nil
            }
        }
    }
}
