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
    /// The newest `feedLength` shown messages, oldest first, with their page and sender's name.
    var newest: [(bubble: Bubble, page: String, sender: String)] = []

    static let feedLength = 50

    /// Adds the next page.
    mutating func add(_ page: PagePlan.Page, of layout: TranscriptLayout) {
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
            for chain in day.chains {
                for bubble in chain.bubbles where !bubble.message.hidden {
                    let sender = bubble.message.sender.map { layout.participant($0)?.name ?? $0 } ?? "System"
                    newest.append((bubble, page.name, sender))
                }
            }
            if newest.count > 2 * Self.feedLength { newest.removeFirst(newest.count - Self.feedLength) }
        }
        if newest.count > Self.feedLength { newest.removeFirst(newest.count - Self.feedLength) }
    }
}
