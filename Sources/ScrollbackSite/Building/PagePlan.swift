import ScrollbackLayout
import ScrollbackModel

/// How a conversation's days are cut into pages: by month, and a month into numbered parts
/// when it would exceed the byte budget (or `--page-size` messages).
struct PagePlan: Sendable {
    /// One page: its file name and the (possibly partial) days it shows.
    struct Page: Sendable {
        var name: String
        var days: [DayLayout]
        var messageCount: Int
    }

    var pages: [Page]
    /// Message id → index in `pages`, for the messages some reply quotes (the first with the id).
    var pageOfMessage: [String: Int]
    /// Day → the first page that shows it.
    var pageOfDay: [CivilDate: Int]

    /// Every (possibly partial) day of every page, in order: a day cut between pages comes twice.
    var days: some Sequence<DayLayout> { pages.lazy.flatMap(\.days) }

    /// Plans `layout`'s pages, taking its days: they move into the pages (`layout.days` is left
    /// empty), so a big conversation's bubbles are held once, not in the layout and the pages.
    init(taking layout: inout TranscriptLayout, budget: Int, pageSize: Int?) {
        // Only replies link to a message on another page: the map below holds the messages
        // replied to, not every id of a log that may have millions.
        var repliedTo: Set<String> = []
        for day in layout.days {
            for chain in day.chains {
                for bubble in chain.bubbles {
                    if let reply = bubble.reply, reply.found { repliedTo.insert(reply.id) }
                }
            }
        }
        var planner = PagePlanner(undated: layout.undated, budget: budget, pageSize: pageSize, repliedTo: repliedTo)
        var pages: [Page] = []
        var layoutDays = layout.days
        layout.days = []
        for dayIndex in layoutDays.indices {
            let day = layoutDays[dayIndex]
            // The day's chains live on in the pages only.
            layoutDays[dayIndex].chains = []
            pages += planner.add(day)
        }
        pages += planner.finish()
        self.pages = pages
        self.pageOfMessage = planner.pageOfMessage
        self.pageOfDay = planner.pageOfDay
    }

    /// About how many bytes of HTML a bubble becomes (measured on the built-in themes:
    /// markup around a bubble is ~0.9 KB; text grows by escaping and Markdown tags).
    static func estimate(_ bubble: Bubble) -> Int {
        let message = bubble.message
        var bytes = 900 + message.text.utf8.count * 5 / 4
        if bubble.reply != nil { bytes += 300 }
        bytes += message.reactions.count * 220 + message.attachments.count * 320
        return bytes
    }
}

/// Cuts days into pages as they come, oldest first (`PagePlan`'s rules): a page is handed on
/// once the next one begins, or at the end. Parts fill greedily from the month's start, so
/// appending messages changes only a month's last part (or adds one).
struct PagePlanner {
    let undated: Bool
    let budget: Int
    let pageSize: Int?
    /// The ids whose page `pageOfMessage` keeps: those some reply answers.
    let repliedTo: Set<String>
    /// Message id → index of the first page that shows it, for the ids of `repliedTo`.
    private(set) var pageOfMessage: [String: Int] = [:]
    /// Day → index of the first page that shows it.
    private(set) var pageOfDay: [CivilDate: Int] = [:]
    /// Pages handed on so far.
    private(set) var pageCount = 0

    private var currentKey: String?
    private var part = 0
    private var used = 0
    private var count = 0
    private var days: [DayLayout] = []
    private var closed: [PagePlan.Page] = []

    init(undated: Bool, budget: Int, pageSize: Int?, repliedTo: Set<String>) {
        self.undated = undated
        self.budget = budget
        self.pageSize = pageSize
        self.repliedTo = repliedTo
    }

    /// Adds the next day; returns the pages it completed.
    mutating func add(_ day: DayLayout) -> [PagePlan.Page] {
        let key: String
        if undated {
            key = "page"
        } else {
            key = String(format4: day.date.year) + "-" + (day.date.month < 10 ? "0" : "") + String(day.date.month)
        }
        if key != currentKey {
            close()
            currentKey = key
            part = 1
        }
        var chains: [ChainLayout] = []
        for chain in day.chains {
            var bubbles: [Bubble] = []
            for bubble in chain.bubbles {
                let cost = PagePlan.estimate(bubble)
                let full = pageSize.map { count >= $0 } ?? (used + cost > budget)
                if full && count > 0 {
                    if !bubbles.isEmpty { chains.append(Self.chain(chain, bubbles)) }
                    if !chains.isEmpty { days.append(DayLayout(date: day.date, label: day.label, chains: chains)) }
                    chains = []
                    bubbles = []
                    close()
                    part += 1
                }
                bubbles.append(bubble)
                used += cost
                count += 1
            }
            if !bubbles.isEmpty { chains.append(Self.chain(chain, bubbles)) }
        }
        if !chains.isEmpty { days.append(DayLayout(date: day.date, label: day.label, chains: chains)) }
        defer { closed = [] }
        return closed
    }

    /// The last page, once every day is in.
    mutating func finish() -> [PagePlan.Page] {
        close()
        defer { closed = [] }
        return closed
    }

    private mutating func close() {
        guard let key = currentKey, count > 0 else { return }
        let name =
            undated ? "page-\(pageCount + 1).html" : part <= 1 ? "\(key).html" : "\(key)-\(part).html"
        let index = pageCount
        for day in days {
            _ = pageOfDay.insertIfAbsent(day.date, index)
            guard !repliedTo.isEmpty else { continue }
            for chain in day.chains {
                for bubble in chain.bubbles where repliedTo.contains(bubble.message.id) {
                    _ = pageOfMessage.insertIfAbsent(bubble.message.id, index)
                }
            }
        }
        closed.append(PagePlan.Page(name: name, days: days, messageCount: count))
        pageCount += 1
        days = []
        used = 0
        count = 0
    }

    private static func chain(_ chain: ChainLayout, _ bubbles: [Bubble]) -> ChainLayout {
        ChainLayout(
            kind: chain.kind, sender: chain.sender, alignment: chain.alignment, showName: chain.showName,
            bubbles: bubbles)
    }
}

extension String {
    /// A year with at least four digits (`0987`).
    init(format4 year: Int) {
        let digits = String(year)
        self = year >= 0 && digits.count < 4 ? String(repeating: "0", count: 4 - digits.count) + digits : digits
    }
}
