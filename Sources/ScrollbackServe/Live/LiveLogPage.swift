/// A rendered page cut where the live view changes it: the frame before and after the message
/// log, and the log's days, each with where its chains are and which message each begins with.
///
/// A long conversation's page is never rebuilt whole for an update: the days before the first
/// chain that can change are kept as they are, and the rest come from a rendering of only the
/// end of the conversation (`LiveSuffixLayout`). The page as a whole is put together only when
/// someone asks for it.
struct LiveLogPage: Sendable {
    /// One day's `<section>`.
    struct Day: Sendable, Equatable {
        /// The section's bytes, start tag to end tag.
        var html: [UInt8]
        /// Where its chains are in `html`.
        var chains: [Range<Int>]
        /// Where the section's contents end (its end tag starts).
        var innerEnd: Int
        /// The visible offset of the first message of each chain.
        var chainStarts: [Int]
    }

    /// The page up to the log's contents, and from their end.
    var head: [UInt8]
    var tail: [UInt8]
    /// The text before the first day, between days, and after the last.
    var lead: [UInt8]
    var separator: [UInt8]
    var trail: [UInt8]
    var days: [Day]
    /// The header's outer HTML and the `<title>` text.
    var header: String
    var title: String

    /// Cuts a rendered page of `layoutDays` (days as laid out: the message count of each chain)
    /// whose first message has visible offset `firstOffset`; `nil` when the markup is not cut as
    /// expected (then the page is handled whole).
    init?(page: [UInt8], chainCounts: [[Int]], firstOffset: Int) {
        let tree = HTMLTree(page)
        guard let log = tree.first(withClass: "sb-log"), log.children.count == chainCounts.count,
            !chainCounts.isEmpty
        else { return nil }
        head = Array(page[..<log.inner.lowerBound])
        tail = Array(page[log.inner.upperBound...])
        header = tree.first(withClass: "sb-header").map { tree.string($0.outer) } ?? ""
        title = tree.first(named: "title").map { tree.string($0.inner) } ?? ""
        let sections = log.children
        lead = Array(page[log.inner.lowerBound..<sections[0].outer.lowerBound])
        trail = Array(page[sections[sections.count - 1].outer.upperBound..<log.inner.upperBound])
        separator =
            sections.count > 1 ? Array(page[sections[0].outer.upperBound..<sections[1].outer.lowerBound]) : [0x0A]
        var offset = firstOffset
        var days: [Day] = []
        for (section, counts) in zip(sections, chainCounts) {
            let chains = section.children.dropFirst()
            guard section.name == "section", chains.count == counts.count else { return nil }
            let base = section.outer.lowerBound
            var starts: [Int] = []
            for count in counts {
                starts.append(offset)
                offset += count
            }
            days.append(
                Day(
                    html: Array(page[section.outer]),
                    chains: chains.map { ($0.outer.lowerBound - base)..<($0.outer.upperBound - base) },
                    innerEnd: section.inner.upperBound - base, chainStarts: starts))
        }
        self.days = days
    }

    /// The log's contents.
    var log: [UInt8] {
        var bytes = lead
        for (index, day) in days.enumerated() {
            if index > 0 { bytes += separator }
            bytes += day.html
        }
        return bytes + trail
    }

    /// The whole page.
    var page: String { String(decoding: head + log + tail, as: UTF8.self) }

    /// The visible offset of the first message of the last chain, and of the day, that begin at
    /// or before `offset`: where a layout that must include `offset` can start.
    func place(of offset: Int) -> (day: Int, chain: Int)? {
        guard let day = days.lastIndex(where: { $0.chainStarts[0] <= offset }) else { return nil }
        let chain = days[day].chainStarts.lastIndex(where: { $0 <= offset }) ?? 0
        return (day, chain)
    }
}
