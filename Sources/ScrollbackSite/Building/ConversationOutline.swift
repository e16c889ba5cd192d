import ScrollbackLayout
import ScrollbackModel
import ScrollbackRender

/// What the index, the calendar and the feed show of a conversation, gathered page by page as
/// the pages are made, so that none of the pages' bubbles need be held for them.
struct ConversationOutline {
    /// Every page's name and message count, in order.
    var pages: [(name: String, messages: Int)] = []
    /// Messages per day.
    var counts: [CivilDate: Int] = [:]
    /// Messages per month (`2026-10`), in order.
    var months: [MonthCount] = []
    /// Messages laid out.
    var count = 0
    /// The first page's first day and the last page's last day.
    var firstDay: CivilDate?
    var lastDay: CivilDate?
    /// The newest bubble.
    var last: Bubble?
    /// Whether `newest` is kept (for the feed, written only with `--base-url`).
    var keepsNewest = false
    /// The newest `feedLength` shown messages, oldest first, with their page.
    private(set) var newest: [(bubble: Bubble, page: String)] = []

    static let feedLength = 50

    /// `newest` with each sender's name, as the feed shows them.
    func feedEntries(of layout: TranscriptLayout) -> [(bubble: Bubble, page: String, sender: String)] {
        newest.map { entry in
            (
                entry.bubble, entry.page,
                entry.bubble.message.sender.map { layout.participant($0)?.name ?? $0 } ?? "System"
            )
        }
    }

    /// Adds the next page.
    mutating func add(_ page: PagePlan.Page) {
        pages.append((page.name, page.messageCount))
        if firstDay == nil { firstDay = page.days.first?.date }
        if let day = page.days.last?.date { lastDay = day }
        for day in page.days {
            let n = day.chains.reduce(0) { $0 + $1.bubbles.count }
            counts[day.date, default: 0] += n
            count += n
            let month = String(day.date.description.prefix(7))
            if months.last?.month == month {
                months[months.count - 1].count += n
            } else {
                months.append(MonthCount(month: month, count: n))
            }
            if let bubble = day.chains.last?.bubbles.last { last = bubble }
        }
        guard keepsNewest else { return }
        // Only the page's newest messages can be among the newest of all.
        var fromPage: [(bubble: Bubble, page: String)] = []
        outer: for day in page.days.reversed() {
            for chain in day.chains.reversed() {
                for bubble in chain.bubbles.reversed() where !bubble.message.hidden {
                    fromPage.append((bubble, page.name))
                    if fromPage.count == Self.feedLength { break outer }
                }
            }
        }
        newest += fromPage.reversed()
        if newest.count > Self.feedLength { newest.removeFirst(newest.count - Self.feedLength) }
    }
}
