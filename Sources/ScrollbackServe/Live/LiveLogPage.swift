import Scrollback

/// A rendered page cut where the live view changes it: the frame before and after the message
/// log, and the log's days, each with where its chains are and which message each begins with.
///
/// A long conversation's page is never rebuilt whole for an update: the days and chains that
/// cannot have changed are kept as they are, and the rest come from a rendering of only the
/// chains that can (`LiveSuffixLayout`). The page as a whole is put together only when someone
/// asks for it.
struct LiveLogPage: Sendable {
    /// One day's `<section>`.
    struct Day: Sendable, Equatable {
        /// The day and its heading.
        var date: CivilDate
        var label: String
        /// The section's bytes, start tag to end tag.
        var html: [UInt8]
        /// Where its chains are in `html`.
        var chains: [Range<Int>]
        /// Where the section's contents end (its end tag starts).
        var innerEnd: Int
        /// The visible offset of the first message of each chain.
        var chainStarts: [Int]
        /// How many elements come before the first chain in the section (its heading: one, or
        /// none on an undated page).
        var chainOffset: Int

        /// The day with chain `index`'s markup replaced by `markup`.
        func replacing(chain index: Int, with markup: ArraySlice<UInt8>) -> Day {
            var day = self
            let old = chains[index]
            let shift = markup.count - old.count
            day.html.replaceSubrange(old, with: markup)
            day.chains[index] = old.lowerBound..<(old.upperBound + shift)
            for later in (index + 1)..<chains.count {
                day.chains[later] = (chains[later].lowerBound + shift)..<(chains[later].upperBound + shift)
            }
            day.innerEnd += shift
            return day
        }

        /// The day with its chains from `index` on replaced by those of `other` (a rendering of
        /// the same day from one of its chains on).
        func replacing(chainsFrom index: Int, with other: Day) -> Day {
            let keep = html[..<chains[index].lowerBound]
            let from = other.chains[0].lowerBound
            let shift = keep.count - from
            return Day(
                date: date, label: label, html: Array(keep) + other.html[from...],
                chains: Array(chains[..<index])
                    + other.chains.map { ($0.lowerBound + shift)..<($0.upperBound + shift) },
                innerEnd: other.innerEnd + shift, chainStarts: Array(chainStarts[..<index]) + other.chainStarts,
                chainOffset: chainOffset)
        }
    }

    /// The days in order, kept in runs of at most `run` days.
    ///
    /// The server's channel holds the page last shown while the next is made from it, so the two
    /// share their days: changing one copies its run alone, not the list of every day of the log.
    struct Days: RandomAccessCollection, MutableCollection, Sendable {
        static let run = 64
        private var runs: [[Day]] = []
        private(set) var endIndex = 0
        var startIndex: Int { 0 }

        /// The days of `days`.
        init(_ days: some Sequence<Day>) {
            for day in days { append(day) }
        }

        subscript(index: Int) -> Day {
            get { runs[index / Self.run][index % Self.run] }
            set { runs[index / Self.run][index % Self.run] = newValue }
        }

        /// Adds `day` at the end.
        mutating func append(_ day: Day) {
            if endIndex % Self.run == 0 {
                runs.append([])
                runs[runs.count - 1].reserveCapacity(Self.run)
            }
            runs[runs.count - 1].append(day)
            endIndex += 1
        }

        /// Replaces the days from `index` on with `days`.
        mutating func replace(from index: Int, with days: some Sequence<Day>) {
            let kept = index % Self.run
            runs.removeLast(runs.count - (index + Self.run - 1) / Self.run)
            if kept > 0 { runs[runs.count - 1].removeLast(runs[runs.count - 1].count - kept) }
            endIndex = index
            for day in days { append(day) }
        }
    }

    /// The page up to the log's contents, and from their end.
    var head: [UInt8]
    var tail: [UInt8]
    /// The text before the first day, between days, and after the last.
    var lead: [UInt8]
    var separator: [UInt8]
    var trail: [UInt8]
    var days: Days
    /// The header's outer HTML and the `<title>` text.
    var header: String
    var title: String

    /// Cuts a rendered page of `layoutDays` (as laid out) whose first message has visible offset
    /// `firstOffset`; `nil` when the markup is not cut as expected (then the page is handled
    /// whole).
    init?(page: [UInt8], days layoutDays: [DayLayout], firstOffset: Int) {
        let tree = HTMLTree(page, keeping: 2, below: "sb-log")  // the days and their chains
        guard let log = tree.first(withClass: "sb-log"), log.children.count == layoutDays.count,
            !layoutDays.isEmpty
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
        for (section, layout) in zip(sections, layoutDays) {
            let counts = layout.chains.map(\.bubbles.count)
            guard section.name == "section", section.children.count >= counts.count else { return nil }
            let chains = section.children.suffix(counts.count)
            let base = section.outer.lowerBound
            var starts: [Int] = []
            for count in counts {
                starts.append(offset)
                offset += count
            }
            days.append(
                Day(
                    date: layout.date, label: layout.label, html: Array(page[section.outer]),
                    chains: chains.map { ($0.outer.lowerBound - base)..<($0.outer.upperBound - base) },
                    innerEnd: section.inner.upperBound - base, chainStarts: starts,
                    chainOffset: section.children.count - counts.count))
        }
        self.days = Days(days)
    }

    /// The log's contents.
    var log: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(logSize)
        appendLog(to: &bytes)
        return bytes
    }

    /// The whole page.
    var page: String { String(decoding: pageBytes, as: UTF8.self) }

    /// The whole page's bytes, put together in one buffer of the right size.
    var pageBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(head.count + logSize + tail.count)
        bytes += head
        appendLog(to: &bytes)
        bytes += tail
        return bytes
    }

    /// How many bytes the log's contents take.
    private var logSize: Int {
        days.reduce(lead.count + trail.count + separator.count * max(0, days.count - 1)) { $0 + $1.html.count }
    }

    private func appendLog(to bytes: inout [UInt8]) {
        bytes += lead
        for (index, day) in days.enumerated() {
            if index > 0 { bytes += separator }
            bytes += day.html
        }
        bytes += trail
    }

    /// The operations that take this page's log to that of `next`, whose days other than those
    /// in `touched` and those added after this page's are the same (and in a touched day, the
    /// markup before the chain it gives); `nil` when they cannot (the text around the days
    /// changed, or days went).
    func operations(to next: LiveLogPage, touched: [Int: Int]) -> [LiveOperation]? {
        guard next.days.count >= days.count, next.lead == lead, days.count < 2 || next.separator == separator else {
            return nil
        }
        var operations: [LiveOperation] = []
        for (day, chain) in touched.sorted(by: { $0.key < $1.key }) where chain > 0 || days[day] != next.days[day] {
            operations += LiveDayDiff.operations(from: days[day], to: next.days[day], day: day, sameBefore: chain)
        }
        if next.days.count > days.count {
            var added: [UInt8] = []
            for day in next.days[days.count...] { added += next.separator + day.html }
            added += next.trail
            guard added.starts(with: trail) else { return nil }
            operations.append(.append(path: [], html: String(decoding: added.dropFirst(trail.count), as: UTF8.self)))
        } else if next.trail != trail {
            return nil
        }
        return operations
    }

    /// The day and chain that hold the message at visible offset `offset` (the last chain, for
    /// an offset past the end).
    func place(of offset: Int) -> (day: Int, chain: Int)? {
        guard let day = days.lastIndex(where: { ($0.chainStarts.first ?? .max) <= offset }) else { return nil }
        let chain = days[day].chainStarts.lastIndex(where: { $0 <= offset }) ?? 0
        return (day, chain)
    }

    /// The visible offset where the chain after chain `chain` of day `day` starts (`count`, the
    /// number of messages on the page, after the last).
    func end(ofChain chain: Int, day: Int, count: Int) -> Int {
        if chain + 1 < days[day].chainStarts.count { return days[day].chainStarts[chain + 1] }
        return day + 1 < days.count ? days[day + 1].chainStarts[0] : count
    }
}
