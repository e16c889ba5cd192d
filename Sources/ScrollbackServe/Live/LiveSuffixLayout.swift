import Scrollback

/// Lays out and renders again only the chains an update can change, with the layout engine's
/// own stream (`LayoutStream`) and the renderer, so an append or an edit costs the same at a
/// hundred messages and at a million.
///
/// What can change is worked out from the layout rules. A message's chain, position, tail and
/// avatar depend only on its sender, kind and time and on those of its neighbours, so an update
/// that keeps those three changes its own chain alone; one that changes them, and messages added
/// at the end, are laid out from the chain before them to the end (a chain never crosses a day
/// and is laid out after the one before it, whose last message its first message's time is
/// counted from). Rule 9's status moves from the message that showed it to the newest outgoing
/// message with one, so both their chains are laid out again; a reply's quote shows the message
/// it answers, so a changed message's replies are too. The page's head reads the first days up
/// to the first words (the share preview) and the last day's date, which are laid out with it.
/// Anything that changes the whole page (the header or participants, messages out of time order
/// or hidden, a repeated id, `--from`/`--to`, a privacy transform made again, media from an
/// archive) is left to a whole layout, and so is an update that does not come out as expected.
struct LiveSuffixLayout: Sendable {
    /// The messages' places by id.
    private var places: [String: Int] = [:]
    /// The places of the replies to each id.
    private var replies: [String: [Int]] = [:]
    /// The places of outgoing messages with a status, in order.
    private var statuses: [Int] = []
    /// Per message, a hash of what puts it in its chain: sender, kind and time.
    private var keys: [Int] = []
    /// The participants the page was laid out with.
    private var participants: [Participant] = []
    /// Whether only a whole layout will do (hidden messages, repeated ids, times out of order).
    private var wholeOnly = true
    /// The first days up to the end of the chain with the page's first words, and the visible
    /// offset where that chain ends: what the share preview reads besides the last day's date.
    private var preview: (days: [DayLayout], end: Int)?

    /// Nothing laid out yet.
    init() {}

    /// What a whole layout (`layout`) of `transcript` tells, with `me` on the right.
    init(whole layout: TranscriptLayout, of transcript: Transcript, me: String?) {
        participants = transcript.participants
        wholeOnly = false
        keys.reserveCapacity(transcript.messages.count)
        for (index, message) in transcript.messages.enumerated() {
            if message.hidden || (index > 0 && message.time < transcript.messages[index - 1].time)
                || places.updateValue(index, forKey: message.id) != nil
            {
                wholeOnly = true
                return
            }
            keys.append(Self.key(message))
            if let target = message.replyTo { replies[target, default: []].append(index) }
            if Self.showsStatus(message, me: me) { statuses.append(index) }
        }
        guard let place = SharePreview.firstWordsPlace(layout) else { return }
        var days = Array(layout.days[..<place.day])
        let day = layout.days[place.day]
        days.append(DayLayout(date: day.date, label: day.label, chains: Array(day.chains[...place.chain])))
        preview = (days, days.reduce(0) { $0 + $1.chains.reduce(0) { $0 + $1.bubbles.count } })
    }

    /// The page `old` (of the first `oldCount` messages) brought up to date with `transcript`,
    /// whose messages with the ids `updated` were added or changed, and the operations that take
    /// the page's log there; `nil` when only a whole layout will do. A change of presence alone
    /// is for the caller to name in `updated`: the messages whose avatars show the dot.
    mutating func update(
        _ old: LiveLogPage, transcript: Transcript, options: RenderOptions, me: String?, oldCount: Int,
        updated: [String]
    ) throws -> (page: LiveLogPage, operations: [LiveOperation])? {
        let messages = transcript.messages
        guard !wholeOnly, let preview, !old.days.isEmpty, oldCount == keys.count, messages.count >= oldCount,
            transcript.participants.elementsEqual(participants, by: Self.samePerson), options.html.mediaArchive == nil
        else { return nil }
        let lastStatus = statuses.last
        guard var dirty = note(messages, oldCount: oldCount, updated: updated, me: me) else { return nil }
        if lastStatus != statuses.last { dirty.spots += [lastStatus, statuses.last].compactMap { $0 } }
        guard let (spots, tailStart) = Self.plan(dirty, in: old, oldCount: oldCount, count: messages.count) else {
            return nil
        }
        if spots.isEmpty && tailStart == nil { return (old, []) }
        let firstChanged = spots.first.map { old.days[$0.day].chainStarts[$0.chain] } ?? tailStart!
        guard min(firstChanged, tailStart ?? firstChanged) >= preview.end else { return nil }

        let lay = try LiveRelayout(
            transcript: transcript, options: options, me: me, latestStatus: statuses.last, places: places)
        var days = preview.days
        for spot in spots {
            let begin = old.days[spot.day].chainStarts[spot.chain]
            let laid = try lay.days(begin..<old.end(ofChain: spot.chain, day: spot.day, count: oldCount))
            guard laid.count == 1, laid[0].chains.count == 1, laid[0].date == old.days[spot.day].date else {
                return nil
            }
            days += laid
        }
        let tail = try tailStart.map { try lay.days($0..<messages.count) } ?? []
        days += tail
        if tail.isEmpty, let last = old.days.last {
            days.append(DayLayout(date: last.date, label: last.label, chains: []))
        }
        var layout = lay.layout
        layout.days = days
        layout.missingFiles = options.html.missingFiles(in: days.flatMap(\.chains).flatMap(\.bubbles).map(\.message))
        let rendered = Array(try HTMLRenderer.render(layout, options: options.html).utf8)
        guard let part = LiveLogPage(page: rendered, days: days, firstOffset: 0), part.tail == old.tail,
            part.lead == old.lead, part.trail == old.trail, part.separator == old.separator
        else { return nil }
        var page = old
        (page.head, page.header, page.title) = (part.head, part.header, part.title)
        let spotDays = part.days[preview.days.count..<(preview.days.count + spots.count)]
        for (spot, day) in zip(spots, spotDays) {
            page.days[spot.day] = page.days[spot.day].replacing(chain: spot.chain, with: day.html[day.chains[0]])
        }
        var touched: [Int: Int] = [:]  // the days changed: the first chain changed in each
        for spot in spots { touched[spot.day] = min(touched[spot.day] ?? .max, spot.chain) }
        if let tailStart, !tail.isEmpty {
            // Numbered from the rendering's first day: renumbered from where the tail starts.
            var tailDays = Array(part.days.suffix(tail.count))
            let shift = tailStart - tailDays[0].chainStarts[0]
            for index in tailDays.indices {
                tailDays[index].chainStarts = tailDays[index].chainStarts.map { $0 + shift }
            }
            guard let (day, chain) = Self.splice(tailDays, at: tailStart, into: &page) else { return nil }
            touched[day] = min(touched[day] ?? .max, chain)
            for later in (day + 1)..<max(day + 1, old.days.count) { touched[later] = 0 }
        }
        guard let operations = old.operations(to: page, touched: touched) else { return nil }
        return (page, operations)
    }

    /// Which chains of `old` (a page of `oldCount` messages, now `count`) to lay out again, each
    /// alone, and where to lay out from to the end, if anywhere; `nil` when it cannot tell.
    private static func plan(_ dirty: Dirty, in old: LiveLogPage, oldCount: Int, count: Int)
        -> (spots: [Spot], tailStart: Int?)?
    {
        var tailStart: Int?
        if count > oldCount, let (day, chain) = old.place(of: oldCount - 1) {
            tailStart = old.days[day].chainStarts[chain]
        }
        for place in dirty.moved {
            guard let (day, chain) = old.place(of: place) else { return nil }
            let before =
                chain > 0
                ? old.days[day].chainStarts[chain - 1] : day > 0 ? old.days[day - 1].chainStarts.last! : 0
            tailStart = min(tailStart ?? before, before)
        }
        let spots = Set(
            dirty.spots.filter { $0 < (tailStart ?? oldCount) }.compactMap { old.place(of: $0).map(Spot.init) }
        ).sorted()
        return (spots, tailStart)
    }

    /// A chain by its day and its place in the day.
    private struct Spot: Hashable, Comparable {
        var day: Int
        var chain: Int

        static func < (lhs: Spot, rhs: Spot) -> Bool { (lhs.day, lhs.chain) < (rhs.day, rhs.chain) }
    }

    /// Whether two participants are the same but maybe for their presence.
    private static func samePerson(_ new: Participant, _ old: Participant) -> Bool {
        var new = new
        new.online = old.online
        return new == old
    }

    /// What puts `message` in its chain, hashed.
    private static func key(_ message: Message) -> Int {
        var hasher = Hasher()
        hasher.combine(message.sender)
        hasher.combine(message.kind)
        hasher.combine(message.time)
        return hasher.finalize()
    }

    /// Whether `message` is an outgoing message with a status (rule 9).
    private static func showsStatus(_ message: Message, me: String?) -> Bool {
        me != nil && message.sender == me && message.kind == .message && message.status != nil
    }

    /// The places an update changed: `spots`, messages whose chains alone change; `moved`,
    /// messages whose sender, kind or time changed (from the chain before them on).
    private struct Dirty {
        var spots: [Int] = []
        var moved: [Int] = []
    }

    /// Takes note of the messages from `oldCount` on (added) and of those with the ids `updated`;
    /// `nil` when only a whole layout will do.
    private mutating func note(_ messages: [Message], oldCount: Int, updated: [String], me: String?) -> Dirty? {
        var dirty = Dirty()
        for index in oldCount..<messages.count {
            let message = messages[index]
            guard !message.hidden, index == 0 || message.time >= messages[index - 1].time,
                places.updateValue(index, forKey: message.id) == nil
            else { return nil }
            keys.append(Self.key(message))
            if let target = message.replyTo { replies[target, default: []].append(index) }
            if Self.showsStatus(message, me: me) { statuses.append(index) }
        }
        var seen = Set<Int>()
        for id in updated {
            dirty.spots += replies[id] ?? []
            guard let index = places[id], index < oldCount, seen.insert(index).inserted else { continue }
            let message = messages[index]
            guard !message.hidden, index == 0 || message.time >= messages[index - 1].time,
                index + 1 == messages.count || messages[index + 1].time >= message.time
            else { return nil }
            dirty.spots.append(index)
            let key = Self.key(message)
            if key != keys[index] {
                keys[index] = key
                dirty.moved.append(index)
            }
            if let target = message.replyTo, replies[target]?.contains(index) != true {
                replies[target, default: []].append(index)
            }
            let at = Self.insertionPoint(of: index, in: statuses)
            let listed = at < statuses.count && statuses[at] == index
            if Self.showsStatus(message, me: me), !listed { statuses.insert(index, at: at) }
            if !Self.showsStatus(message, me: me), listed { statuses.remove(at: at) }
        }
        return dirty
    }

    /// Where `value` is, or would go, in the sorted `list`.
    private static func insertionPoint(of value: Int, in list: [Int]) -> Int {
        var (low, high) = (0, list.count)
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Puts `days` (a rendering of the messages from visible offset `start`, where a chain of
    /// `page` starts, to the end) in place of `page`'s days from there; returns the first day it
    /// changed and the first chain it changed there (0: the whole day), `nil` when they do not fit.
    private static func splice(_ days: [LiveLogPage.Day], at start: Int, into page: inout LiveLogPage)
        -> (day: Int, chain: Int)?
    {
        guard let (day, chain) = page.place(of: start), page.days[day].chainStarts[chain] == start else { return nil }
        let first: LiveLogPage.Day
        if days[0].date == page.days[day].date {
            first = page.days[day].replacing(chainsFrom: chain, with: days[0])
        } else {
            // The first message moved to another day: only a whole day can be replaced.
            guard chain == 0 else { return nil }
            first = days[0]
        }
        page.days.replace(from: day, with: [first] + days.dropFirst())
        return (day, chain)
    }
}
