import ScrollbackModel

/// One conversation as one input holds it: an app's export, or an archive an earlier merge wrote.
///
/// A source is held in memory, or read when the merge needs it: once to learn what it is (its
/// summary), and again when its turn comes, so a merge of two big exports holds one of them at a
/// time besides the history; a source that can be read message by message (`MessageStream`) is
/// applied as it is read, so not even that one is held.
package struct MergeSource: Sendable {
    /// Reads the conversation, handing each message to its argument in order, and returns the
    /// conversation without its messages.
    package typealias Stream = @Sendable (_ each: (consuming Message) -> Void) throws -> Transcript

    /// The input's name, for the report.
    package var name: String
    /// Whether this is the merge's own output (its marks and edit history are kept as they are).
    package var isArchive: Bool
    /// What the merge orders and groups sources by.
    let summary: Summary
    private var held: Transcript?
    private let load: (@Sendable () throws -> Transcript)?
    private let stream: Stream?

    /// A source held in memory.
    package init(name: String, transcript: Transcript, isArchive: Bool = false) {
        self.name = name
        self.isArchive = isArchive
        self.summary = Summary(transcript)
        self.held = transcript
        self.load = nil
        self.stream = nil
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
        self.stream = nil
    }

    /// A source read message by message: `read` reads it once now for its summary (and whatever
    /// else the caller wants of that pass), and `again` reads it when it is merged.
    package init(
        name: String, isArchive: Bool = false, reading read: (_ each: (Message) -> Void) throws -> Transcript,
        again: @escaping Stream
    ) rethrows {
        var summary = Summary.Builder()
        let header = try read { summary.add($0) }
        self.name = name
        self.isArchive = isArchive
        self.summary = summary.finish(header)
        self.held = nil
        self.load = nil
        self.stream = again
    }

    /// Hands each message of the conversation to `each`, in order, and returns the conversation
    /// without its messages; the source then no longer holds it.
    mutating func take(_ each: (consuming Message) -> Void) throws -> Transcript {
        if let stream { return try stream(each) }
        var transcript: Transcript
        if let held {
            self.held = nil
            transcript = held
        } else {
            transcript = try load?() ?? Transcript()
        }
        // Taken out of the transcript, so a message added to the history is the source's own
        // copy, changed in place (an id given) rather than copied.
        var messages = transcript.messages
        transcript.messages = []
        for index in messages.indices {
            var message = Self.placeholder
            swap(&message, &messages[index])
            each(message)
        }
        return transcript
    }

    /// What a slot of a source's messages holds once its message was taken out.
    private static let placeholder = Message(id: "", sender: nil, time: Timestamp(seconds: 0))

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
        /// Whether the messages' ids are the export's own: not every one is `Transcript.positionalID`.
        var ownIDs: Bool

        init(_ transcript: Transcript) {
            var builder = Builder()
            for message in transcript.messages { builder.add(message) }
            self = builder.finish(transcript)
        }

        /// A summary made from messages seen one at a time.
        struct Builder {
            private var latest: Timestamp?
            private var first: Timestamp?
            private var tail = 0
            private var count = 0
            private var hash = FNV1a()
            private var ownIDs = false

            mutating func add(_ message: Message) {
                let moment = max(message.time, message.edited ?? message.time)
                if latest.map({ moment > $0 }) ?? true {
                    // Every message so far is older than a new latest minute, so its count starts again.
                    if latest.map({ moment.minute != $0.minute }) ?? true { tail = 0 }
                    latest = moment
                }
                if message.time.minute == latest?.minute { tail += 1 }
                if first.map({ message.time < $0 }) ?? true { first = message.time }
                hash.add(message.id)
                hash.add(message.sender ?? "")
                hash.add(String(message.time.seconds))
                hash.add(message.text)
                count += 1
                if !ownIDs && message.id != Transcript.positionalID(count) { ownIDs = true }
            }

            /// The summary, with the conversation's fields from `header`.
            func finish(_ header: Transcript) -> Summary {
                Summary(
                    id: header.id, title: header.title, people: Set(header.participants.map(\.name)), latest: latest,
                    tail: tail, first: first, count: count, digest: hash.value, ownIDs: ownIDs)
            }
        }

        private init(
            id: String?, title: String?, people: Set<String>, latest: Timestamp?, tail: Int, first: Timestamp?,
            count: Int, digest: UInt64, ownIDs: Bool
        ) {
            self.id = id
            self.title = title
            self.people = people
            self.latest = latest
            self.tail = tail
            self.first = first
            self.count = count
            self.digest = digest
            self.ownIDs = ownIDs
        }
    }
}

extension Transcript {
    /// The id a reader derives for message `number` (1-based) when it has none of its own
    /// (`m1`, `m2`, … in order: WhatsApp, logs without ids); such ids differ between two exports
    /// of one chat.
    static func positionalID(_ number: Int) -> String { "m\(number)" }
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
