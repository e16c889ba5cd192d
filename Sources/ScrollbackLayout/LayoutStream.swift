import ScrollbackModel

/// What laying a conversation out a day at a time needs to know of it first, gathered in one
/// pass over its messages in the log's order (`add`), without holding them: whether they are in
/// time order, which ids repeat, which ids replies name and whether any reply comes before the
/// message it answers, and where delivery statuses go.
///
/// A conversation whose messages are in time order and whose replies all follow what they answer
/// can be laid out by a `LayoutStream` as its messages are read again (`streamable`); the layout
/// is the one `LayoutEngine.layout` makes of the whole conversation.
package struct LayoutPrepass: Sendable {
    /// Visible messages seen.
    package private(set) var count = 0
    /// Whether every visible message is at or after the one before it.
    package private(set) var sorted = true
    /// Whether some reply comes before the first message with the id it names.
    package private(set) var answersLater = false
    /// The ids replies name.
    package private(set) var named: Set<String> = []
    private var lastTime: Timestamp?
    private var hashes = HashSeen(capacity: 1024)
    private var twice: Set<Int> = []
    /// Ids replies named before any message had them.
    private var awaited: Set<String> = []
    /// Per sender, the latest message (its visible offset) with a status, and those that failed.
    private var latestStatus: [String: (offset: Int, status: DeliveryStatus)] = [:]
    private var failed: [String: [Int]] = [:]

    package init() {}

    /// Whether the conversation can be laid out as it is read again.
    package var streamable: Bool { sorted && !answersLater }

    /// Adds the next message of the log.
    package mutating func add(_ message: Message) {
        guard !message.hidden else { return }
        let offset = count
        count += 1
        if let lastTime, message.time < lastTime { sorted = false }
        lastTime = message.time
        let hash = message.id.hashValue
        if !hashes.insert(hash) { twice.insert(hash) }
        if !awaited.isEmpty, awaited.remove(message.id) != nil { answersLater = true }
        if let target = message.replyTo {
            named.insert(target)
            // A target whose hash was never seen is certainly not seen yet (one whose hash was is
            // taken as seen: two of a log's ids with one 64-bit hash are not to be expected).
            if !hashes.contains(target.hashValue) { awaited.insert(target) }
        }
        if message.kind == .message, let sender = message.sender, let status = message.status {
            latestStatus[sender] = (offset, status)
            if status == .failed { failed[sender, default: []].append(offset) }
        }
    }

    /// The ids that may repeat: every id whose hash came twice (compared exactly as they come again).
    var repeatHashes: Set<Int> { twice }

    /// The statuses shown with `me` on the right (layout rule 9): by visible offset.
    func shownStatus(me: String?) -> [Int: DeliveryStatus] {
        guard let me else { return [:] }
        var shown: [Int: DeliveryStatus] = [:]
        for offset in failed[me] ?? [] { shown[offset] = .failed }
        if let latest = latestStatus[me] { shown[latest.offset] = latest.status }
        return shown
    }
}

/// Lays a conversation out one visible message at a time, in time order, handing on each day as
/// it is complete: what `LayoutEngine.layout` does for a whole transcript, and what a site built
/// month by month does as it reads a log for the second time (`LayoutPrepass` read it first).
package struct LayoutStream {
    /// The layout without its days: everything a page of it shares.
    package private(set) var layout: TranscriptLayout
    private let options: LayoutOptions
    private let labels: DateLabels
    private let statusShown: [Int: DeliveryStatus]
    private let names: [String: String]
    private let repeats: Repeats
    /// Ids met so far among those whose hash came twice, and how often each came again.
    private var seenTwice: Set<String> = []
    private var repeatCounts: [String: Int] = [:]
    /// The messages replies answer, by id (the first visible one with the id).
    private var targets: [String: Message]
    /// Ids whose first message is kept in `targets` as it comes.
    private let named: Set<String>
    private var offsets: ZoneOffsetCache
    private var builder: ChainBuilder
    private var currentDate: CivilDate?
    private var previous: Message?
    private var offset = 0

    /// How a repeated id is recognised.
    enum Repeats {
        /// By visible offset, known beforehand.
        case known([Bool])
        /// By hash first; an id whose hash came twice is compared exactly.
        case hashed(Set<Int>)
    }

    /// A stream for the conversation `prepass` read: `header` is its transcript, whose messages
    /// need not be there (its participants must list every sender).
    package init(header: Transcript, options: LayoutOptions, prepass: LayoutPrepass) throws {
        let zone = try LayoutEngine.resolveZone(header, options)
        let me = try LayoutEngine.resolveMe(header, options)
        self.init(
            header: header, options: options, zone: zone, me: me, statusShown: prepass.shownStatus(me: me),
            repeats: .hashed(prepass.repeatHashes), targets: [:], named: prepass.named)
    }

    init(
        header: Transcript, options: LayoutOptions, zone: Zone, me: String?, statusShown: [Int: DeliveryStatus],
        repeats: Repeats, targets: [String: Message], named: Set<String>, firstOffset: Int = 0
    ) {
        offset = firstOffset
        let styles = ParticipantStyle.styles(for: header.participants, me: me)
        let everyone = Set(header.participants.map(\.id)).union(me.map { [$0] } ?? [])
        let isGroup = header.isGroup || everyone.count >= 3
        // Rule 7: where the side does not tell who speaks (a group, or two senders on the left
        // because no one is `me`), names sit above incoming chains.
        let namesIncoming = isGroup || everyone.subtracting(me.map { [$0] } ?? []).count >= 2
        layout = TranscriptLayout(
            title: header.title, me: me, timeZone: zone, locale: options.locale, participants: styles,
            isGroup: isGroup, days: [])
        layout.undated = header.undated
        layout.topic = header.topic.flatMap { $0.isEmpty ? nil : $0 }
        self.options = options
        labels = DateLabels(locale: options.locale)
        self.statusShown = statusShown
        names = Dictionary(header.participants.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        self.repeats = repeats
        self.targets = targets
        self.named = named
        offsets = ZoneOffsetCache(zone: zone)
        builder = ChainBuilder(me: me, namesIncoming: namesIncoming, chainGap: options.chainGap)
    }

    /// Adds the next visible message (in time order); returns the day it closed, if it began a new one.
    package mutating func add(_ message: Message) -> DayLayout? {
        let position = offset
        offset += 1
        if !named.isEmpty, named.contains(message.id), targets[message.id] == nil { targets[message.id] = message }
        // Whether an earlier message had the id counts messages outside `--from`/`--to` too.
        let repeated = isRepeated(message, at: position)
        let (date, secondOfDay, utcOffset) = localTime(message.time)
        if let from = options.from, date < from { return nil }
        if let to = options.to, date > to { return nil }

        var closed: DayLayout?
        if date != currentDate {
            // (A stream that starts after a message of an earlier day has no chains of it to hand on.)
            if let currentDate, case let chains = builder.finish(), !chains.isEmpty {
                closed = DayLayout(date: currentDate, label: labels.dayLabel(currentDate), chains: chains)
            }
            currentDate = date
            previous = nil
        }
        let pause = previous.map { message.time.interval(since: $0.time) } ?? .infinity
        let reply = message.replyTo.map { replyID in
            ReplyPreview.make(id: replyID, target: targets[replyID], names: names)
        }
        var bubble = Bubble(
            message: message, position: .single, tail: true, avatar: false,
            status: statusShown[position],
            timeLabel: DateLabels.clock(secondOfDay: Int(secondOfDay)),
            utcOffset: utcOffset,
            showTime: pause >= Double(options.longPause),
            jumbo: Emoji.isJumbo(message), reply: reply)
        if repeated {
            // A repeated id (the reader warned): counted, so its anchor differs from the first's.
            repeatCounts[message.id, default: 0] += 1
            bubble.repeatNumber = repeatCounts[message.id]!
        }
        builder.add(bubble)
        previous = message
        return closed
    }

    /// The last day, once every message is in.
    package mutating func finish() -> DayLayout? {
        guard let currentDate else { return nil }
        self.currentDate = nil
        let chains = builder.finish()
        return chains.isEmpty ? nil : DayLayout(date: currentDate, label: labels.dayLabel(currentDate), chains: chains)
    }

    /// Takes `message` (visible, already laid out) as the one before the next: its day is the
    /// current one and its time the one the next message's pause is counted from.
    mutating func follow(_ message: Message) {
        currentDate = localTime(message.time).date
        previous = message
    }

    /// The day, the second of that day and the offset from UTC of `time` in the layout's zone.
    private mutating func localTime(_ time: Timestamp) -> (date: CivilDate, secondOfDay: Int64, utcOffset: Int32) {
        let utcOffset = offsets.offset(at: time)
        let (dayNumber, secondOfDay) = (time.seconds + Int64(utcOffset)).floorDivided(by: 86_400)
        return (CivilDate(daysSinceEpoch: dayNumber), secondOfDay, utcOffset)
    }

    /// Whether an earlier visible message has `message`'s id.
    private mutating func isRepeated(_ message: Message, at position: Int) -> Bool {
        switch repeats {
        case .known(let repeated):
            return repeated[position]
        case .hashed(let twice):
            return !twice.isEmpty && twice.contains(message.id.hashValue) && !seenTwice.insert(message.id).inserted
        }
    }
}
