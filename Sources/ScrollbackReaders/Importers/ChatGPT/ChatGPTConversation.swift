import ScrollbackModel

/// One ChatGPT conversation: the branch ending at `current_node`, as messages.
struct ChatGPTConversation {
    var input: ChatInput
    var lines: LineIndex
    /// Names of asset files beside the export.
    var files: [String]

    func convert(_ value: JSONValue, number: Int, report: inout ImportReport) -> Transcript {
        let title = value["title"]?.string
        var transcript = Transcript(
            id: value["conversation_id"]?.scalarText ?? value["id"]?.scalarText ?? "conversation-\(number)",
            title: title, me: "user", participants: ChatGPTReader.participants,
            source: SourceLocation(file: input.name))
        let label = "“\(title ?? transcript.id!)”"
        let branch = Self.branch(value)
        let started = ImportJSON.unixTime(value["create_time"]) ?? ImportJSON.unixTime(value["update_time"])
        var clock = started ?? Timestamp(seconds: 0)
        var untimed = 0
        var empty = 0
        for node in branch {
            guard let message = node["message"], !message.isNull else { continue }
            let location = lines.location(ofByte: message.offset)
            if let time = ImportJSON.unixTime(message["create_time"]) {
                clock = max(clock, time)
            } else {
                untimed += 1
            }
            guard var converted = ChatGPTContent.message(message, files: files) else {
                empty += 1
                continue
            }
            converted.id = message["id"]?.scalarText ?? node["id"]?.scalarText ?? "m\(transcript.messages.count + 1)"
            converted.time = ImportJSON.unixTime(message["create_time"]) ?? clock
            converted.location = location
            transcript.messages.append(converted)
        }
        let noneTimed = untimed > 0 && untimed >= transcript.messages.count && !transcript.messages.isEmpty
        if untimed > 0 {
            let line: String
            if !noneTimed {
                line = "\(counted(untimed, "message")) without create_time take the time of the one before"
            } else if started != nil {
                line = "no message has a create_time; they are dated by the conversation's own time, a second apart"
            } else {
                line = "no message has a create_time; the conversation is shown without times"
            }
            report.inferences.append("\(label): " + line)
        }
        if empty > 0 { report.inferences.append("\(label): skipped \(counted(empty, "empty message"))") }
        let shown = transcript.messages.filter { !$0.hidden }.count
        if shown < transcript.messages.count {
            report.inferences.append(
                "\(label): kept hidden \(counted(transcript.messages.count - shown, "tool, system or reasoning message"))"
            )
        }
        if noneTimed {
            // No message has a time: keep the order with increasing times from the conversation's start;
            // without that either, the times are synthetic and none is shown.
            for index in transcript.messages.indices {
                transcript.messages[index].time = Timestamp(seconds: clock.seconds + Int64(index))
            }
            transcript.undated = started == nil
        }
        // The tool is a participant only where it shows: a listed but unseen third party would make
        // a two-way chat read as a group.
        if !transcript.messages.contains(where: { $0.sender == "tool" && !$0.hidden }) {
            transcript.participants.removeAll { $0.id == "tool" }
        }
        report.messagesRead += transcript.messages.count
        return transcript
    }

    /// The nodes from the root to `current_node` (or, without one, along the last child at each step).
    static func branch(_ conversation: JSONValue) -> [JSONValue] {
        guard let mapping = conversation["mapping"]?.members else { return [] }
        var nodes: [String: JSONValue] = [:]
        for (key, node) in mapping { nodes[node["id"]?.scalarText ?? key] = node }
        var path: [JSONValue] = []
        if let current = conversation["current_node"]?.scalarText, nodes[current] != nil {
            var seen = Set<String>()
            var id: String? = current
            while let key = id, let node = nodes[key], !seen.contains(key) {
                seen.insert(key)
                path.append(node)
                id = node["parent"]?.scalarText
            }
            return path.reversed()
        }
        // No current node: start at the root (no parent, or a parent that is not in the mapping).
        guard
            var node = mapping.map(\.value).first(where: { node in
                node["parent"]?.scalarText.map { nodes[$0] == nil } ?? true
            })
        else { return [] }
        var seen = Set<String>()
        while true {
            path.append(node)
            guard let next = node["children"]?.array?.last?.scalarText, let child = nodes[next], !seen.contains(next)
            else { break }
            seen.insert(next)
            node = child
        }
        return path
    }
}
