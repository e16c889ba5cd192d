/// What a merge did to one conversation.
public struct ConversationMergeReport: Sendable, Hashable {
    /// The inputs that held the conversation, oldest first.
    public var sources: [String] = []
    /// Messages in the merged history.
    public var messages = 0
    /// Messages the existing archive did not hold (every message, when there was none).
    public var added = 0
    /// Messages of an export found again in the history (so not added twice).
    public var matched = 0
    /// Messages kept from older exports that the newest export covering their time lacks.
    public var kept = 0
    /// Where two sources disagreed, as sentences.
    public var conflicts: [String] = []

    /// Creates an empty report.
    public init() {}
}
