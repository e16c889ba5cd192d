/// One conversation: who took part and what they said, in input order.
///
/// A `Transcript` is what every reader produces and what the layout stage
/// consumes. It holds data only; nothing here knows about pages or terminals.
public struct Transcript: Sendable, Hashable, Codable {
    /// A stable identifier for inputs that hold several conversations (a chat id, a channel name).
    public var id: String?
    /// The conversation's title, as the log gives it.
    public var title: String?
    /// The participant id whose messages sit on the right, if the log says.
    public var me: String?
    /// The channel's topic (or purpose), shown under the title.
    public var topic: String?
    /// The log's own IANA time zone, used for days when no `--tz` is given.
    public var timeZone: String?
    /// Everyone the log lists, then every sender it did not list, in order of appearance.
    public var participants: [Participant]
    /// The messages, in input order (layout sorts them by time, stably).
    public var messages: [Message]
    /// Where the input came from, for attachment paths and error messages.
    public var source: SourceLocation?
    /// The log has no real times (an AI chat written as `## User` / `## Assistant`):
    /// messages carry synthetic, increasing times, and renderers show no days or clock times.
    public var undated: Bool = false
    /// The app says the chat is a group (or a channel), however few of its members wrote in
    /// the log: the layout then names senders above incoming chains, as in a group of three.
    public var isGroup: Bool = false

    /// Creates a transcript.
    public init(
        id: String? = nil, title: String? = nil, me: String? = nil, timeZone: String? = nil,
        participants: [Participant] = [], messages: [Message] = [], source: SourceLocation? = nil
    ) {
        self.id = id
        self.title = title
        self.me = me
        self.timeZone = timeZone
        self.participants = participants
        self.messages = messages
        self.source = source
    }

    /// Adds a participant for every sender that is not listed yet, named after the sender string.
    package mutating func addUnlistedSenders() {
        var known = Set(participants.map(\.id))
        var previous: String?  // runs of one sender are the rule: skip hashing the same id again
        for message in messages {
            guard let sender = message.sender, sender != previous else { continue }
            previous = sender
            guard !known.contains(sender) else { continue }
            known.insert(sender)
            participants.append(Participant(id: sender, name: sender))
        }
    }
}
