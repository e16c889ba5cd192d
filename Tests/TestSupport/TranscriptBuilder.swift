import ScrollbackModel

/// Builds small transcripts in tests: `chat.say("ben", at: "09:14", "Hi")`.
public struct TranscriptBuilder {
    /// The transcript built so far.
    public var transcript: Transcript
    /// The day times are on, `YYYY-MM-DD`.
    public var day: String
    /// The offset times are written with, `+01:00`.
    public var offset: String

    /// Starts a transcript with `participants` (ids, named after themselves).
    public init(
        me: String? = nil, participants: [String] = [], day: String = "2026-11-28", offset: String = "Z",
        timeZone: String? = nil
    ) {
        transcript = Transcript(
            me: me, timeZone: timeZone, participants: participants.map { Participant(id: $0, name: $0.capitalized) })
        self.day = day
        self.offset = offset
    }

    /// Adds a message by `sender` at `time` (`HH:MM[:SS]`, on `day`, or a full RFC 3339 time).
    @discardableResult
    public mutating func say(
        _ sender: String, at time: String, _ text: String = "text", id: String? = nil,
        status: DeliveryStatus? = nil, replyTo: String? = nil
    ) -> Message {
        var message = Message(
            id: id ?? "m\(transcript.messages.count + 1)", sender: sender, time: timestamp(time), text: text)
        message.status = status
        message.replyTo = replyTo
        transcript.messages.append(message)
        return message
    }

    /// Adds a system message at `time`.
    public mutating func system(at time: String, _ text: String = "event", id: String? = nil) {
        transcript.messages.append(
            Message(
                id: id ?? "m\(transcript.messages.count + 1)", kind: .system, sender: nil, time: timestamp(time),
                text: text))
    }

    /// A timestamp from `HH:MM[:SS]` on the builder's day, or a full RFC 3339 time.
    public func timestamp(_ time: String) -> Timestamp {
        if let full = Timestamp(rfc3339: time) { return full }
        let withSeconds = time.count == 5 ? time + ":00" : time
        guard let parsed = Timestamp(rfc3339: "\(day)T\(withSeconds)\(offset)") else {
            preconditionFailure("bad test time \(time)")
        }
        return parsed
    }
}
