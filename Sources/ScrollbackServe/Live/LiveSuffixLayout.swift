import Scrollback

/// Lays out and renders again only the end of a growing conversation: from the first chain that
/// an update can change, with the layout engine's own stream (`LayoutStream`) and the renderer,
/// so an append or an edit near the end costs the same at a hundred messages and at a million.
///
/// What can change is worked out from the layout rules: the chain holding the first message that
/// changed (or, for messages added at the end, the last chain, which they may extend); a chain
/// never crosses a day and is laid out after the chain before it, so its neighbours' positions
/// and tails come out as in a whole layout. Rule 9's status moves from the message that showed it
/// to the newest outgoing message with one, so both are included; a reply's quote shows the
/// message it answers, so a changed message includes the replies to it. Anything that changes
/// the whole page (the header or participants, messages out of time order or hidden, a repeated
/// id, `--from`/`--to`, a privacy transform) is left to a whole layout, and so is an update that
/// does not come out as expected.
struct LiveSuffixLayout: Sendable {
    /// Whether updates use it: off until every update it makes is shown to equal a whole layout
    /// (`LiveSuffixTests`); until then every update is laid out whole.
    static let isOn = false

    /// The messages' places by id.
    private var places: [String: Int] = [:]
    /// The places of the replies to each id.
    private var replies: [String: [Int]] = [:]
    /// The places of outgoing messages with a status, in order.
    private var statuses: [Int] = []
    /// Messages that the layout engine's whole pass alone handles well were seen.
    private(set) var wholeOnly = false
    private var counted = 0
    /// The start of the first day, up to the first chain with words: what the page's share
    /// preview (its `<meta name="description">`) reads besides the last day's date. A layout that
    /// starts after it renders the page's head from it and the last day.
    private var preview: (day: DayLayout, end: Int)?

    /// Takes note of a whole layout of the conversation.
    mutating func note(whole layout: TranscriptLayout) {
        preview = nil
        guard let day = layout.days.first else { return }
        var end = 0
        for (index, chain) in day.chains.enumerated() {
            end += chain.bubbles.count
            let words =
                chain.kind == .message
                && chain.bubbles.contains { bubble in
                    !bubble.message.hidden && !bubble.message.deleted
                        && (!bubble.message.text.isEmpty || !bubble.message.attachments.isEmpty)
                }
            if words {
                preview = (DayLayout(date: day.date, label: day.label, chains: Array(day.chains[...index])), end)
                return
            }
        }
    }

    /// Takes note of the messages of `transcript` from `first` on (those that were added or
    /// changed) and whether they still allow a suffix layout.
    mutating func note(_ transcript: Transcript, from first: Int, me: String?) {
        let messages = transcript.messages
        guard !wholeOnly else { return }
        for index in first..<messages.count {
            let message = messages[index]
            if message.hidden || (index > 0 && message.time < messages[index - 1].time) {
                wholeOnly = true
                return
            }
            if index >= counted {
                if places[message.id] != nil {
                    wholeOnly = true
                    return
                }
                places[message.id] = index
                if let target = message.replyTo { replies[target, default: []].append(index) }
            }
        }
        counted = messages.count
        statuses.removeAll { $0 >= first }
        for index in first..<messages.count {
            let message = messages[index]
            if message.sender == me, message.kind == .message, message.status != nil { statuses.append(index) }
        }
    }

    /// Where a layout must start after messages from `first` on changed (`changed` their ids),
    /// given the newest status's place before (`lastStatus`).
    func start(after first: Int, changed: [String], lastStatus: Int?, count: Int) -> Int {
        var start = min(first, max(count - 1, 0))
        if lastStatus != statuses.last {
            for place in [lastStatus, statuses.last].compactMap({ $0 }) { start = min(start, place) }
        }
        for id in changed { if let answers = replies[id]?.first { start = min(start, answers) } }
        return start
    }

    /// Where the message with `id` is, if it was noted.
    func place(of id: String) -> Int? { places[id] }

    /// The newest outgoing message with a status.
    var lastStatus: Int? { statuses.last }

    /// The page `old` brought up to date with `transcript` (whose messages from `first` on
    /// changed, `changed` their ids) and the operations that take the page's log there; `nil`
    /// when only a whole layout will do.
    func update(
        _ old: LiveLogPage, transcript: Transcript, options: RenderOptions, first: Int, changed: [String],
        lastStatus: Int?
    ) throws -> (page: LiveLogPage, operations: [LiveOperation])? {
        let messages = transcript.messages
        let from = start(after: first, changed: changed, lastStatus: lastStatus, count: messages.count)
        guard !wholeOnly, let preview, let (day, chain) = old.place(of: from) else { return nil }
        let context = chain > 0
        let begin = context ? old.days[day].chainStarts[chain - 1] : old.days[day].chainStarts[0]
        guard begin >= preview.end else { return nil }
        let me = try LayoutEngine.me(of: transcript, options: options.layout)
        var shown: [Int: DeliveryStatus] = [:]
        var targets: [String: Message] = [:]
        for index in begin..<messages.count {
            let message = messages[index]
            if message.sender == me, message.kind == .message, message.status == .failed { shown[index] = .failed }
            if let target = message.replyTo, let place = places[target] { targets[target] = messages[place] }
        }
        if let last = statuses.last, last >= begin, let status = messages[last].status { shown[last] = status }
        var header = transcript
        header.messages = []
        var stream = try LayoutStream(
            suffixOf: header, options: options.layout, statusShown: shown, targets: targets, firstOffset: begin)
        var days: [DayLayout] = []
        for message in messages[begin...] { if let done = stream.add(message) { days.append(done) } }
        if let done = stream.finish() { days.append(done) }
        var layout = stream.layout
        layout.days = days
        let rendered = Array(try HTMLRenderer.render(layout, options: options.html).utf8)
        guard
            var part = LiveLogPage(
                page: rendered, chainCounts: days.map { $0.chains.map(\.bubbles.count) }, firstOffset: begin),
            part.tail == old.tail, let last = days.last
        else { return nil }
        // The head as a whole rendering has it: the share preview's first words and dates.
        layout.days = [preview.day]
        if last.date != preview.day.date {
            layout.days.append(DayLayout(date: last.date, label: last.label, chains: []))
        }
        let headPage = Array(try HTMLRenderer.render(layout, options: options.html).utf8)
        guard let logStart = HTMLTree(headPage).first(withClass: "sb-log")?.inner.lowerBound else { return nil }
        part.head = Array(headPage[..<logStart])
        return splice(part, into: old, day: day, chain: chain, context: context)
    }

    /// `old` with its days from `day` (from chain `chain` of it) replaced by `part`'s, and the
    /// operations that do the same to the page's log.
    private func splice(_ part: LiveLogPage, into old: LiveLogPage, day: Int, chain: Int, context: Bool)
        -> (page: LiveLogPage, operations: [LiveOperation])?
    {
        let was = old.days[day]
        var first = part.days[0]
        if context {
            // The chain laid out first only set the scene: it must have come out as it was.
            guard first.chains.count >= 2,
                first.html[first.chains[0]] == was.html[was.chains[chain - 1]]
            else { return nil }
            let keep = Array(was.html[..<was.chains[chain].lowerBound])
            let from = first.chains[1].lowerBound
            let shift = keep.count - from
            first = LiveLogPage.Day(
                html: keep + first.html[from...],
                chains: Array(was.chains[..<chain])
                    + first.chains.dropFirst().map { ($0.lowerBound + shift)..<($0.upperBound + shift) },
                innerEnd: first.innerEnd + shift,
                chainStarts: Array(was.chainStarts[..<chain]) + first.chainStarts.dropFirst())
        }
        var page = old
        page.days = Array(old.days[..<day]) + [first] + part.days.dropFirst()
        guard page.days.count >= old.days.count else { return nil }
        var operations: [LiveOperation] = []
        for index in day..<old.days.count {
            let (before, after) = (old.days[index], page.days[index])
            if before == after { continue }
            operations += Self.operations(from: before, to: after, day: index, firstChain: index == day ? chain : 0)
        }
        if page.days.count > old.days.count {
            var added: [UInt8] = []
            for next in page.days[old.days.count...] { added += page.separator + next.html }
            operations.append(.append(path: [], html: String(decoding: added, as: UTF8.self)))
        }
        return (page, operations)
    }

    /// The operations that turn day `before` into `after` (element `day` of the log), whose
    /// chains before `firstChain` are the same.
    private static func operations(from before: LiveLogPage.Day, to after: LiveLogPage.Day, day: Int, firstChain: Int)
        -> [LiveOperation]
    {
        let whole = [LiveOperation.replace(path: [day], html: String(decoding: after.html, as: UTF8.self))]
        let start = firstChain < before.chains.count ? firstChain : max(before.chains.count - 1, 0)
        guard !before.chains.isEmpty, after.chains.count >= before.chains.count,
            before.html[..<before.chains[start].lowerBound] == after.html[..<after.chains[start].lowerBound]
        else { return whole }
        var operations: [LiveOperation] = []
        for index in start..<before.chains.count {
            let (was, now) = (before.html[before.chains[index]], after.html[after.chains[index]])
            if was == now { continue }
            // The chain's own log: its element is [0], its messages [0, n].
            let path = [day, index + 1]
            let inner = LogDiff.operations(from: Array(was), to: Array(now), depth: 2).map {
                operation -> LiveOperation? in
                switch operation {
                case .replace(let at, let html) where at.first == 0: .replace(path: path + at.dropFirst(), html: html)
                case .append(let at, let html) where at.first == 0: .append(path: path + at.dropFirst(), html: html)
                default: nil
                }
            }
            if inner.contains(where: { $0 == nil }) {
                operations.append(.replace(path: path, html: String(decoding: now, as: UTF8.self)))
            } else {
                operations += inner.compactMap { $0 }
            }
        }
        let oldTail = before.html[before.chains.last!.upperBound..<before.innerEnd]
        let lastCommon = after.chains[before.chains.count - 1].upperBound
        let added = after.html[lastCommon..<after.innerEnd]
        guard added.starts(with: oldTail) else { return whole }
        if added.count > oldTail.count {
            operations.append(
                .append(path: [day], html: String(decoding: added.dropFirst(oldTail.count), as: UTF8.self)))
        }
        return operations
    }
}
