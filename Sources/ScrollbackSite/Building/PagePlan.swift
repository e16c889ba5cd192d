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
    /// Parts fill greedily from the month's start, so appending messages changes only a month's
    /// last part (or adds one).
    init(taking layout: inout TranscriptLayout, budget: Int, pageSize: Int?) {
        var pages: [Page] = []
        var currentKey: String?
        var part = 0
        var used = 0
        var count = 0
        var days: [DayLayout] = []

        func close() {
            guard let key = currentKey, count > 0 else { return }
            let name = part <= 1 ? "\(key).html" : "\(key)-\(part).html"
            pages.append(Page(name: name, days: days, messageCount: count))
            days = []
            used = 0
            count = 0
        }

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
        var layoutDays = layout.days
        layout.days = []
        for dayIndex in layoutDays.indices {
            let day = layoutDays[dayIndex]
            // The day's chains live on in the pages only.
            layoutDays[dayIndex].chains = []
            let key: String
            if layout.undated {
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
                    let cost = Self.estimate(bubble)
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
        }
        close()
        if layout.undated {
            for index in pages.indices { pages[index].name = "page-\(index + 1).html" }
        }

        var pageOfMessage: [String: Int] = [:]
        var pageOfDay: [CivilDate: Int] = [:]
        for (index, page) in pages.enumerated() {
            for day in page.days {
                _ = pageOfDay.insertIfAbsent(day.date, index)
                guard !repliedTo.isEmpty else { continue }
                for chain in day.chains {
                    for bubble in chain.bubbles where repliedTo.contains(bubble.message.id) {
                        _ = pageOfMessage.insertIfAbsent(bubble.message.id, index)
                    }
                }
            }
        }
        self.pages = pages
        self.pageOfMessage = pageOfMessage
        self.pageOfDay = pageOfDay
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
