import ScrollbackModel

/// One conversation of an input as a list shows it, without laying it out: what
/// `--conversation` takes to pick it, its title, how many messages it holds and when.
public struct ConversationListing: Sendable, Hashable {
    /// The conversation's id, else its 1-based place in the input (either picks it with `--conversation`).
    public var id: String
    /// The title the export gives, if any.
    public var title: String?
    /// Its messages, system messages included.
    public var messageCount: Int
    /// The day of the earliest and of the latest message, in `zone`; `nil` for none, or for a log without real times.
    public var first: CivilDate?
    /// See `first`.
    public var last: CivilDate?

    /// Sums up `transcript`, the `number`th conversation of its input; days are taken in `zone`,
    /// else the transcript's own time zone, else UTC.
    public init(_ transcript: Transcript, number: Int, zone: Zone? = nil) {
        id = transcript.id ?? "\(number)"
        title = transcript.title
        messageCount = transcript.messages.count
        let dayZone = zone ?? transcript.timeZone.flatMap(Zone.init(identifier:)) ?? .utc
        let times = transcript.undated ? [] : transcript.messages.map(\.time)
        first = times.min().map(dayZone.date(of:))
        last = times.max().map(dayZone.date(of:))
    }
}

extension ReadResult {
    /// Every conversation read, in input order, summed up (days in `zone`, see `ConversationListing`).
    public func listings(zone: Zone? = nil) -> [ConversationListing] {
        conversations.enumerated().map { ConversationListing($0.element, number: $0.offset + 1, zone: zone) }
    }
}
