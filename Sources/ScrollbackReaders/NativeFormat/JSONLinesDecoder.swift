import ScrollbackModel

/// Decodes JSON Lines one line at a time (docs/FORMATS.md).
///
/// `JSONLinesReader` feeds it every line of a file; a command that follows a
/// growing log can feed it lines as they arrive and redraw what changed.
/// A line whose `id` was seen before updates that message: the fields the line
/// has replace the message's (`null` clears one), the fields it lacks are kept.
package struct JSONLinesDecoder: Sendable {
    /// What one line did.
    package enum Update: Sendable, Hashable {
        /// A `{"type": "conversation", …}` line set the title, `me`, time zone or participants.
        case header
        /// The line was a new message with this id.
        case added(id: String)
        /// The line updated the earlier message with this id.
        case updated(id: String)
        /// A `{"type": "typing", …}` line: `sender` is typing from `time`, or stopped (`stop`).
        case typing(sender: String, time: Timestamp?, stop: Bool)
        /// A `{"type": "presence", …}` line: `participant` is online or not from `time` on.
        case presence(participant: String, online: Bool, time: Timestamp?)
        /// The line's `type` is none of `message`, `conversation`, `typing` and `presence`; it was left out.
        case skipped(type: String)
    }

    /// The file name errors use.
    package let name: String
    /// The conversation so far: header fields, participants (listed, then unlisted senders) and messages.
    package private(set) var transcript: Transcript
    private var indexByID: [String: Int] = [:]
    private var participantIDs: Set<String> = []
    private var messageLines = 0
    /// The ids of messages `takeAddedMessage(remembering: true)` handed on.
    private var handedOn: Set<String> = []
    /// Whether a line updated a message handed on; that line was left undecoded.
    private(set) var updatesHandedOnMessage = false
    /// Fields no message field has, by the id of a message that was empty when a line with them came.
    private(set) var unreadFields: [String: [String]] = [:]

    /// A decoder for the file (or stream) named `name`.
    package init(name: String) {
        self.name = name
        self.transcript = Transcript(source: SourceLocation(file: name))
    }

    /// Decodes one line (without its `\n`; a `\r` before it is allowed) that is line `lineNumber`
    /// of the input. Returns `nil` for a blank line.
    package mutating func feed(line: [UInt8], lineNumber: Int) throws(ReadError) -> Update? {
        guard FormatSniffing.firstNonSpace(line) != nil else { return nil }
        let name = self.name
        let locate = { (offset: Int) in LocationCursor.locate(offset, in: line, name: name, firstLine: lineNumber) }
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw ReadError(location: locate(error.offset), problem: error.problem)
        }
        guard value.members != nil else {
            throw ReadError(
                location: locate(value.offset),
                problem: .syntax("A line should hold one JSON object, not \(value.typeName)."))
        }
        if let type = value["type"]?.string, type != "message" {
            if type == "typing" { return try JSONLinesLiveState.typing(value, locate: locate) }
            if type == "presence" {
                let update = try JSONLinesLiveState.presence(value, locate: locate)
                if case .presence(let id, let online, _) = update { setPresence(id, online: online) }
                return update
            }
            guard type == "conversation" else { return .skipped(type: type) }
            try ConversationHeader.apply(value, to: &transcript, locate: locate)
            participantIDs = Set(transcript.participants.map(\.id))
            return .header
        }

        messageLines += 1
        if !handedOn.isEmpty, let id = value["id"]?.scalarText, handedOn.contains(id) {
            updatesHandedOnMessage = true
            return nil
        }
        let decoder = MessageDecoder(locate: locate)
        if let id = value["id"]?.scalarText, let index = indexByID[id] {
            let message = try decoder.message(
                value, number: messageLines, fallbackID: id, updating: transcript.messages[index])
            transcript.messages[index] = message
            noteUnreadFields(value, of: message)
            list(message.sender)
            return .updated(id: id)
        }
        var message = try decoder.message(value, number: messageLines, fallbackID: "m\(messageLines)")
        message.location = locate(value.offset)
        indexByID[message.id] = transcript.messages.count
        transcript.messages.append(message)
        noteUnreadFields(value, of: message)
        list(message.sender)
        return .added(id: message.id)
    }

    /// The message with `id`, if a line added one.
    package func message(id: String) -> Message? {
        indexByID[id].map { transcript.messages[$0] }
    }

    /// The message the last line added, if it did, and the fields it had that no message field
    /// has, which the decoder then forgets: a reader that hands messages on line by line keeps
    /// none. With `remembering`, its id is kept, and a later line with it is not decoded but
    /// sets `updatesHandedOnMessage`; without, such a line is a new message.
    mutating func takeAddedMessage(remembering: Bool) -> (message: Message, unreadFields: [String])? {
        guard let message = transcript.messages.popLast() else { return nil }
        indexByID.removeAll(keepingCapacity: true)
        if remembering { handedOn.insert(message.id) }
        let fields = unreadFields.removeValue(forKey: message.id) ?? []
        return (message, fields)
    }

    /// Keeps the unknown fields of `value` when `message` is empty after it, for the empty-message warning.
    private mutating func noteUnreadFields(_ value: JSONValue, of message: Message) {
        guard EmptyMessages.isEmpty(message) else { return }
        let fields = EmptyMessages.unknownFields(value)
        guard !fields.isEmpty else { return }
        let earlier = unreadFields[message.id] ?? []
        unreadFields[message.id] = earlier + fields.filter { !earlier.contains($0) }
    }

    /// The participant's online state from now on (one nobody listed is added, named by its id).
    private mutating func setPresence(_ id: String, online: Bool) {
        list(id)
        if let index = transcript.participants.firstIndex(where: { $0.id == id }) {
            transcript.participants[index].online = online
        }
    }

    /// Adds a sender nobody listed as a participant named after the sender string.
    private mutating func list(_ sender: String?) {
        guard let sender, participantIDs.insert(sender).inserted else { return }
        transcript.participants.append(Participant(id: sender, name: sender))
    }
}
