import ScrollbackModel

/// One conversation as one input holds it: an app's export, or an archive an earlier merge wrote.
///
/// A source is held in memory, or read when the merge needs it: once to learn what it is (its
/// summary), and again when its turn comes, so a merge of two big exports holds one of them at a
/// time besides the history.
package struct MergeSource: Sendable {
    /// The input's name, for the report.
    package var name: String
    /// Whether this is the merge's own output (its marks and edit history are kept as they are).
    package var isArchive: Bool
    /// What the merge orders and groups sources by.
    let summary: Summary
    private var held: Transcript?
    private let load: (@Sendable () throws -> Transcript)?

    /// A source held in memory.
    package init(name: String, transcript: Transcript, isArchive: Bool = false) {
        self.name = name
        self.isArchive = isArchive
        self.summary = Summary(transcript)
        self.held = transcript
        self.load = nil
    }

    /// A source whose `transcript` (just read) is summarised and let go; `reload` reads it again
    /// when it is merged.
    package init(
        name: String, isArchive: Bool = false, summarizing transcript: Transcript,
        reload: @escaping @Sendable () throws -> Transcript
    ) {
        self.name = name
        self.isArchive = isArchive
        self.summary = Summary(transcript)
        self.held = nil
        self.load = reload
    }

    /// The conversation, which the source then no longer holds: the one held, or read again.
    mutating func take() throws -> Transcript {
        if let held {
            self.held = nil
            return held
        }
        return try load?() ?? Transcript()
    }

    /// What is known of a source without holding it.
    struct Summary: Sendable {
        var id: String?
        var title: String?
        var people: Set<String>
        /// The latest moment the source knows of: its newest message or edit.
        var latest: Timestamp?
        /// Messages in the latest minute.
        var tail: Int
        var first: Timestamp?
        var count: Int
        /// A digest of the content, which orders two sources that are otherwise equally new.
        var digest: UInt64

        init(_ transcript: Transcript) {
            id = transcript.id
            title = transcript.title
            people = Set(transcript.participants.map(\.name))
            count = transcript.messages.count
            var latest: Timestamp?
            var first: Timestamp?
            var hash = FNV1a()
            for message in transcript.messages {
                let moment = max(message.time, message.edited ?? message.time)
                if latest.map({ moment > $0 }) ?? true { latest = moment }
                if first.map({ message.time < $0 }) ?? true { first = message.time }
                hash.add(message.id)
                hash.add(message.sender ?? "")
                hash.add(String(message.time.seconds))
                hash.add(message.text)
            }
            self.latest = latest
            self.first = first
            digest = hash.value
            tail = latest.map { end in transcript.messages.count { $0.time.minute == end.minute } } ?? 0
        }
    }
}

extension Transcript {
    /// Whether the messages' ids are the export's own: ids a reader derived from positions
    /// (`m1`, `m2`, … in order: WhatsApp, logs without ids) differ between two exports of one chat.
    var hasOwnMessageIDs: Bool {
        guard !messages.isEmpty else { return false }
        for (offset, message) in messages.enumerated() where message.id != "m\(offset + 1)" { return true }
        return false
    }

    /// The minutes the messages cover, first to last (whole minutes: some exports have no seconds).
    var minuteSpan: ClosedRange<Int64>? {
        guard let first = messages.map(\.time).min(), let last = messages.map(\.time).max() else { return nil }
        return first.minute...last.minute
    }
}

extension Timestamp {
    /// Whole minutes since 1970 (floored).
    var minute: Int64 { seconds.floorDivided(by: 60).quotient }

    /// Whether two times are the same at the precision both carry: an export that writes only
    /// minutes (WhatsApp) or only seconds says nothing finer.
    func sameMoment(_ other: Timestamp) -> Bool {
        if self == other { return true }
        if isWholeMinute || other.isWholeMinute { return minute == other.minute }
        if nanoseconds == 0 || other.nanoseconds == 0 { return seconds == other.seconds }
        return false
    }

    /// Whether the time has no seconds or fractions.
    var isWholeMinute: Bool { nanoseconds == 0 && seconds.floorDivided(by: 60).remainder == 0 }
}

/// FNV-1a, 64 bits: a stable digest for ids and ordering (the same on every machine and run).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        value ^= 0xff
        value = value &* 0x100_0000_01b3
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
