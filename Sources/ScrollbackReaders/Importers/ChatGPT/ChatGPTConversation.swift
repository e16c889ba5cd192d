import ScrollbackModel

/// One ChatGPT conversation: the branch ending at `current_node`, as messages.
struct ChatGPTConversation {
    var input: ChatInput
    var lines: LineIndex
    /// Names of asset files beside the export.
    var files: [String]

    /// One node of a conversation's `mapping`, converted when the parser reaches it (only the
    /// branch shown is kept in the end, and which that is is known once the mapping is read).
    struct Node {
        var id: String
        var parent: String?
        var lastChild: String?
        /// What the node's message became; `nil` when it has none (or `null`).
        var entry: Entry?

        struct Entry {
            var location: SourceLocation
            var time: Timestamp?
            /// `nil` when the message shows nothing.
            var message: Message?
            /// The message's own id, else the node's.
            var id: String?
        }
    }

    /// Converts the node `value`, the mapping's member `key`.
    func node(_ value: JSONValue, key: String) -> Node {
        var node = Node(
            id: value["id"]?.scalarText ?? key, parent: value["parent"]?.scalarText,
            lastChild: value["children"]?.array?.last?.scalarText)
        if let message = value["message"], !message.isNull {
            node.entry = Node.Entry(
                location: lines.location(ofByte: message.offset), time: ImportJSON.unixTime(message["create_time"]),
                message: ChatGPTContent.message(message, files: files),
                id: message["id"]?.scalarText ?? value["id"]?.scalarText)
        }
        return node
    }

    /// The conversation `value` (its `mapping` read into `nodes`, in the mapping's order). Each
    /// message is moved out of `nodes` into the transcript, so the two are not both held whole.
    func convert(_ value: JSONValue, nodes: inout [Node], number: Int, report: inout ImportReport) -> Transcript {
        let title = value["title"]?.string
        var transcript = Transcript(
            id: value["conversation_id"]?.scalarText ?? value["id"]?.scalarText ?? "conversation-\(number)",
            title: title, me: "user", participants: ChatGPTReader.participants,
            source: SourceLocation(file: input.name))
        let label = "“\(title ?? transcript.id!)”"
        let branch = Self.branch(nodes, current: value["current_node"]?.scalarText)
        let started = ImportJSON.unixTime(value["create_time"]) ?? ImportJSON.unixTime(value["update_time"])
        var clock = started ?? Timestamp(seconds: 0)
        var untimed = 0
        var empty = 0
        // A mapping that loops back on itself repeats nodes in its branch: those are copied, not moved.
        let moves = Set(branch).count == branch.count
        for index in branch {
            guard let entry = nodes[index].entry else { continue }
            if moves { nodes[index].entry = nil }
            if let time = entry.time {
                clock = max(clock, time)
            } else {
                untimed += 1
            }
            guard var converted = entry.message else {
                empty += 1
                continue
            }
            converted.id = entry.id ?? "m\(transcript.messages.count + 1)"
            converted.time = entry.time ?? clock
            converted.location = entry.location
            transcript.messages.append(converted)
        }
        let noneTimed = untimed > 0 && untimed >= transcript.messages.count && !transcript.messages.isEmpty
        Self.note(
            transcript, label: label, untimed: untimed, noneTimed: noneTimed, dated: started != nil, empty: empty,
            report: &report)
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

    /// The report's lines about a conversation: messages without times, empty ones skipped, hidden ones kept.
    private static func note(
        _ transcript: Transcript, label: String, untimed: Int, noneTimed: Bool, dated: Bool, empty: Int,
        report: inout ImportReport
    ) {
        if untimed > 0 {
            let line: String
            if !noneTimed {
                line = "\(counted(untimed, "message")) without create_time take the time of the one before"
            } else if dated {
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
    }

    /// Where the nodes from the root to `current` are in `mapping` (or, without one, along the
    /// last child at each step).
    static func branch(_ mapping: [Node], current: String?) -> [Int] {
        var nodes: [String: Int] = [:]
        for (index, node) in mapping.enumerated() { nodes[node.id] = index }
        var path: [Int] = []
        if let current, nodes[current] != nil {
            var seen = Set<String>()
            var id: String? = current
            while let key = id, let index = nodes[key], !seen.contains(key) {
                seen.insert(key)
                path.append(index)
                id = mapping[index].parent
            }
            return path.reversed()
        }
        // No current node: start at the root (no parent, or a parent that is not in the mapping).
        guard var index = mapping.firstIndex(where: { node in node.parent.map { nodes[$0] == nil } ?? true }) else {
            return []
        }
        var seen = Set<String>()
        while true {
            path.append(index)
            guard let next = mapping[index].lastChild, let found = nodes[next], !seen.contains(next) else { break }
            seen.insert(next)
            index = found
        }
        return path
    }
}
