import ScrollbackModel

/// One conversation as one input holds it: an app's export, or an archive an earlier merge wrote.
public struct MergeSource: Sendable {
    /// The input's name, for the report.
    public var name: String
    /// The conversation.
    public var transcript: Transcript
    /// Whether this is the merge's own output (its marks and edit history are kept as they are).
    public var isArchive: Bool

    /// Creates a source.
    public init(name: String, transcript: Transcript, isArchive: Bool = false) {
        self.name = name
        self.transcript = transcript
        self.isArchive = isArchive
    }

    /// Whether the export's message ids are its own: ids a reader derived from positions
    /// (`m1`, `m2`, … in order: WhatsApp, logs without ids) differ between two exports of one chat.
    var hasOwnIDs: Bool {
        let messages = transcript.messages
        guard !messages.isEmpty else { return false }
        for (offset, message) in messages.enumerated() where message.id != "m\(offset + 1)" { return true }
        return false
    }

    /// The latest moment the source knows of: its newest message or edit.
    var latest: Timestamp? {
        var latest: Timestamp?
        for message in transcript.messages {
            let moment = max(message.time, message.edited ?? message.time)
            if latest.map({ moment > $0 }) ?? true { latest = moment }
        }
        return latest
    }

    /// The minutes the source covers, first to last (whole minutes: some exports have no seconds).
    var span: ClosedRange<Int64>? {
        guard let first = transcript.messages.map(\.time).min(), let last = transcript.messages.map(\.time).max()
        else { return nil }
        return first.minute...last.minute
    }

    /// A digest of the content, which orders two sources that are otherwise equally new.
    var digest: UInt64 {
        var hash = FNV1a()
        for message in transcript.messages {
            hash.add(message.id)
            hash.add(message.sender ?? "")
            hash.add(message.time.description)
            hash.add(message.text)
        }
        return hash.value
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
