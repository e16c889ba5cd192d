/// What a build made.
public struct SiteSummary: Sendable, Hashable {
    /// Conversations in the site.
    public var conversations: Int
    /// Messages on its pages.
    public var messages: Int
    /// Conversation pages (index, calendars and search not counted).
    public var pages: Int
    /// Files in the site (Scrollback's own).
    public var files: Int
    /// Their total size in bytes.
    public var bytes: Int
    /// Files written by this build, and files kept from the last one.
    public var filesWritten: Int
    public var filesKept: Int
    /// Whether the site folder changed at all.
    public var changed: Bool
    /// The titles of conversations the last build had that are no longer among the inputs (their pages are gone).
    public var removed: [String] = []
    /// Conversations built a month at a time from two readings of a big log, not held whole.
    package var monthByMonth = 0
}
