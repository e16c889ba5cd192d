/// What a merge did to one conversation.
package struct ConversationMergeReport: Sendable, Hashable {
    /// The inputs that held the conversation, oldest first.
    package var sources: [String] = []
    /// Messages in the merged history.
    package var messages = 0
    /// Messages the existing archive did not hold (every message, when there was none).
    package var added = 0
    /// Messages of an export found again in the history (so not added twice).
    package var matched = 0
    /// Messages kept from older exports that the newest export covering their time lacks.
    package var kept = 0
    /// Where two sources disagreed, as sentences.
    package var conflicts: [String] = []
    /// What the merge did not believe of a source (times after now), as sentences that name it.
    package var warnings: [String] = []

    /// Creates an empty report.
    package init() {}
}
