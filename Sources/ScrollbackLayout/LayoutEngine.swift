import Dispatch
import ScrollbackModel
import Synchronization

/// Lays a transcript out by the layout rules (docs/LAYOUT.md): days, chains, positions, tails, sides.
///
/// A pure function of its inputs: the machine's clock, zone and locale are never read.
public enum LayoutEngine {
    /// Lays out `transcript` with `options`.
    public static func layout(_ transcript: Transcript, options: LayoutOptions = LayoutOptions()) throws
        -> TranscriptLayout
    {
        try layout(transcript, options: options, cores: FreeCores.now())
    }

    /// `layout`, with a long log's days laid out on up to `cores` threads (the layout is the same).
    static func layout(_ transcript: Transcript, options: LayoutOptions, cores: Int) throws -> TranscriptLayout {
        var transcript = transcript
        transcript.addUnlistedSenders()
        let zone = try resolveZone(transcript, options)
        let me = try resolveMe(transcript, options)

        // Rule 1: by time, equal times in input order. Hidden messages are kept in the model only.
        let ordered = inTimeOrder(transcript.messages)
        let (repeated, index) = idTables(ordered)
        let statusShown = StatusPlacement.shownStatus(ordered, me: me)
        let targets = index.mapValues { ordered[$0] }
        // Days are laid out on their own (a chain never crosses midnight), so a long log is cut
        // at day boundaries into parts laid out side by side. Repeated ids are numbered in the
        // order of the whole log, so a log with any is laid out in one part.
        let parts =
            repeated.contains(true) ? [ordered.indices] : dayParts(ordered, zone: zone, count: cores)
        let streams = parts.map { part in
            LayoutStream(
                header: transcript, options: options, zone: zone, me: me, statusShown: statusShown,
                repeats: .known(repeated), targets: targets, named: [], firstOffset: part.lowerBound)
        }
        let partDays = PartDays(count: parts.count)
        DispatchQueue.concurrentPerform(iterations: parts.count) { number in
            var stream = streams[number]
            var days: [DayLayout] = []
            for message in ordered[parts[number]] {
                if let day = stream.add(message) { days.append(day) }
            }
            if let day = stream.finish() { days.append(day) }
            partDays.set(number, days)
        }
        var layout = streams[0].layout
        layout.days = partDays.joined
        return layout
    }

    /// Messages laid out in one part at least: fewer are not worth a thread.
    static let messagesPerPart = 16_384

    /// `ordered`'s indices in up to `count` parts of about equal size, each starting on a new day
    /// (in `zone`); one part for a short log.
    static func dayParts(_ ordered: [Message], zone: Zone, count: Int) -> [Range<Int>] {
        let wanted = min(count, ordered.count / messagesPerPart)
        guard wanted > 1 else { return [ordered.indices] }
        var offsets = ZoneOffsetCache(zone: zone)
        func day(_ index: Int) -> Int64 {
            let time = ordered[index].time
            return (time.seconds + Int64(offsets.offset(at: time))).floorDivided(by: 86_400).quotient
        }
        var starts = [0]
        for part in 1..<wanted {
            var start = max(ordered.count * part / wanted, starts.last! + 1)
            while start < ordered.count, day(start) == day(start - 1) { start += 1 }
            if start < ordered.count { starts.append(start) }
        }
        return starts.indices.map { starts[$0]..<(starts.indices.contains($0 + 1) ? starts[$0 + 1] : ordered.count) }
    }

    /// For each message, whether an earlier one has its id (`repeated`), and the place of each
    /// message some message answers (`targets`; a repeated id keeps its first place). A table of
    /// every id would be the biggest thing a layout holds (about 60 bytes a message): this keeps
    /// each id's hash (about 20), compares ids themselves only for hashes that came twice, which
    /// in a log without repeats are none or a few, and puts in `targets` only the ids whose hash
    /// some reply names. Each id is hashed once.
    static func idTables(_ messages: [Message]) -> (repeated: [Bool], targets: [String: Int]) {
        var wanted = Set<Int>()
        for message in messages { if let target = message.replyTo { wanted.insert(target.hashValue) } }
        var targets: [String: Int] = [:]
        targets.reserveCapacity(wanted.count)
        var hashes = HashSeen(capacity: messages.count)
        var twice = Set<Int>()
        for (offset, message) in messages.enumerated() {
            let hash = message.id.hashValue
            if !hashes.insert(hash) { twice.insert(hash) }
            if !wanted.isEmpty, wanted.contains(hash) { _ = targets.insertIfAbsent(message.id, offset) }
        }
        var repeated = [Bool](repeating: false, count: messages.count)
        guard !twice.isEmpty else { return (repeated, targets) }
        hashes = HashSeen(capacity: 0)
        var seen = Set<String>()
        for (offset, message) in messages.enumerated() where twice.contains(message.id.hashValue) {
            repeated[offset] = !seen.insert(message.id).inserted
        }
        return (repeated, targets)
    }

    /// Visible messages sorted by time, stably; logs are usually in order already, so check first.
    static func inTimeOrder(_ messages: [Message]) -> [Message] {
        var visible = messages
        if messages.contains(where: \.hidden) { visible.removeAll(where: \.hidden) }
        var sorted = true
        for index in visible.indices.dropFirst() where visible[index].time < visible[index - 1].time {
            sorted = false
            break
        }
        if sorted { return visible }
        let order = visible.indices.sorted { (visible[$0].time, $0) < (visible[$1].time, $1) }
        return order.map { visible[$0] }
    }

    static func resolveZone(_ transcript: Transcript, _ options: LayoutOptions) throws -> Zone {
        if let zone = options.timeZone { return zone }
        guard let name = transcript.timeZone else { return .utc }
        guard let zone = Zone(identifier: name) else {
            throw LayoutError(location: transcript.source, reason: .unknownTimeZone(name))
        }
        return zone
    }

    /// `--me` (else the log's `me`) as a participant id: `Transcript.participant(matching:)` finds
    /// whom it names; a `--me` that names no one, or several people, is an error that lists them.
    static func resolveMe(_ transcript: Transcript, _ options: LayoutOptions) throws -> String? {
        guard let wanted = options.me ?? transcript.me else { return nil }
        switch transcript.participant(matching: wanted) {
        case .one(let id): return id
        case .several(let people):
            if options.me != nil {
                throw LayoutError(location: nil, reason: .ambiguousMe(wanted, people.map(LayoutError.shown)))
            }
            return people[0].id
        case .none:
            if options.me != nil {
                throw LayoutError(
                    location: nil, reason: .unknownMe(wanted, transcript.participants.map(LayoutError.shown)))
            }
        }
        return wanted  // the log's own `me` may have sent nothing
    }
}

/// A set of hash values (`hashValue`s, already well mixed), in a table at most half full,
/// probed linearly from a value's low bits: `Set<Int>` would hash each hash again, which for a
/// million ids costs more than the table itself.
struct HashSeen {
    private var slots: [Int]
    private var occupied: [Bool]
    private var mask: Int
    private var count = 0

    /// A set with room for `capacity` values before it grows.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Int](repeating: 0, count: size)
        occupied = [Bool](repeating: false, count: size)
        mask = size - 1
    }

    /// Whether `hash` is in the set.
    func contains(_ hash: Int) -> Bool {
        var slot = hash & mask
        while occupied[slot] {
            if slots[slot] == hash { return true }
            slot = (slot + 1) & mask
        }
        return false
    }

    /// Adds `hash`; whether it was not in the set yet.
    mutating func insert(_ hash: Int) -> Bool {
        if (count + 1) * 2 > slots.count { grow() }
        var slot = hash & mask
        while occupied[slot] {
            if slots[slot] == hash { return false }
            slot = (slot + 1) & mask
        }
        occupied[slot] = true
        slots[slot] = hash
        count += 1
        return true
    }

    private mutating func grow() {
        let values = slots.indices.filter { occupied[$0] }.map { slots[$0] }
        self = HashSeen(capacity: slots.count)
        for value in values { _ = insert(value) }
    }
}

/// The days of each part of a layout, as the parallel iterations finish them.
final class PartDays: Sendable {
    private let parts: Mutex<[[DayLayout]]>
    init(count: Int) { parts = Mutex(Array(repeating: [], count: count)) }
    func set(_ index: Int, _ days: [DayLayout]) { parts.withLock { $0[index] = days } }
    /// Every part's days, in order.
    var joined: [DayLayout] { parts.withLock { $0.flatMap { $0 } } }
}
