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

    /// A source held in memory. `now` is the time of the merge: a time more than a day after it
    /// (`Summary.tolerance`) is made up, and does not count towards which source is newest.
    package init(name: String, transcript: Transcript, isArchive: Bool = false, now: Timestamp? = nil) {
        self.init(name: name, isArchive: isArchive, summary: Summary(transcript, now: now), held: transcript)
    }

    /// A source whose `transcript` (just read) is summarised and let go; `reload` reads it again
    /// when it is merged.
    package init(
        name: String, isArchive: Bool = false, now: Timestamp? = nil, summarizing transcript: Transcript,
        reload: @escaping @Sendable () throws -> Transcript
    ) {
        self.init(name: name, isArchive: isArchive, summary: Summary(transcript, now: now), load: reload)
    }

    /// A source read message by message: `read` reads it once now for its summary (and whatever
    /// else the caller wants of that pass), and `again` reads it when it is merged.
    package init(
        name: String, isArchive: Bool = false, now: Timestamp? = nil,
        reading read: (_ each: (Message) -> Void) throws -> Transcript, again: @escaping Stream
    ) rethrows {
        var summary = Summary.Builder(now: now)
        let header = try read { summary.add($0) }
        self.init(name: name, isArchive: isArchive, summary: summary.finish(header), stream: again)
    }

    /// A source with its summary and the one way it has of giving its messages.
    private init(
        name: String, isArchive: Bool, summary: Summary, held: Transcript? = nil,
        load: (@Sendable () throws -> Transcript)? = nil, stream: Stream? = nil
    ) {
        self.name = name
        self.isArchive = isArchive
        self.summary = summary
        self.held = held
        self.load = load
        self.stream = stream
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
        /// The latest moment the source knows of: its newest message or edit, of those not after
        /// `limit`.
        var latest: Timestamp?
        /// Messages in the latest minute.
        var tail: Int
        var first: Timestamp?
        var count: Int
        /// A digest of the content (SHA-256, hex), which orders two sources that are otherwise
        /// equally new.
        var digest: String
        /// Whether the messages' ids are the export's own: not every one is `Transcript.positionalID`.
        var ownIDs: Bool
        /// The latest time believed: the merge's now and a day for clocks that are off. A message
        /// dated later (or an edit) is made up, by a wrong clock or by hand, and would otherwise
        /// make its source the newest for good.
        var limit: Timestamp?
        /// The messages dated after `limit`, if any.
        var future: FutureTimes?

        /// How far after the merge's now a time is still believed: a day of clocks set wrong or in
        /// another zone, so a chat exported minutes ago is never doubted.
        static let tolerance: Int64 = 86_400

        /// Messages of a source dated after the limit: how many, and the first of them.
        struct FutureTimes: Sendable {
            var count: Int
            /// The first one's position in the source (1-based), id, location and the time that
            /// is too late (its edit's, when only that is).
            var position: Int
            var id: String
            var location: SourceLocation?
            var time: Timestamp
            var edited: Bool
        }

        init(_ transcript: Transcript, now: Timestamp? = nil) {
            var builder = Builder(now: now)
            for message in transcript.messages { builder.add(message) }
            self = builder.finish(transcript)
        }

        /// A summary made from messages seen one at a time.
        struct Builder {
            private var latest: Timestamp?
            private var first: Timestamp?
            private var tail = 0
            private var count = 0
            private var hash = SHA256()
            private var ownIDs = false
            private let limit: Timestamp?
            private var future: FutureTimes?

            init(now: Timestamp? = nil) {
                limit = now.map { Timestamp(seconds: $0.seconds + tolerance, nanoseconds: $0.nanoseconds) }
            }

            mutating func add(_ message: Message) {
                if let moment = believed(message) {
                    if latest.map({ moment > $0 }) ?? true {
                        // Every message so far is older than a new latest minute, so its count starts again.
                        if latest.map({ moment.minute != $0.minute }) ?? true { tail = 0 }
                        latest = moment
                    }
                    if message.time.minute == latest?.minute { tail += 1 }
                }
                if first.map({ message.time < $0 }) ?? true { first = message.time }
                hash.update(field: message.id)
                hash.update(field: message.sender ?? "")
                hash.update(field: String(message.time.seconds))
                hash.update(field: message.text)
                count += 1
                if !ownIDs && message.id != Transcript.positionalID(count) { ownIDs = true }
            }

            /// The message's newest moment (its edit's, or its own time), or `nil` when the message
            /// is dated after the limit: then it counts for nothing. An edit dated after the limit
            /// leaves the message's own time.
            private mutating func believed(_ message: Message) -> Timestamp? {
                let edited = message.edited.flatMap { $0 > message.time ? $0 : nil }
                guard let limit else { return edited ?? message.time }
                let late = message.time > limit ? message.time : edited.flatMap { $0 > limit ? $0 : nil }
                guard let late else { return edited ?? message.time }
                if future == nil {
                    future = FutureTimes(
                        count: 0, position: count + 1, id: message.id, location: message.location, time: late,
                        edited: late != message.time)
                }
                future?.count += 1
                return late == message.time ? nil : message.time
            }

            /// The summary, with the conversation's fields from `header`.
            func finish(_ header: Transcript) -> Summary {
                var hash = hash
                return Summary(
                    id: header.id, title: header.title, people: Set(header.participants.map(\.name)), latest: latest,
                    tail: tail, first: first, count: count, digest: hash.finalizeHex(), ownIDs: ownIDs, limit: limit,
                    future: future)
            }
        }

        private init(
            id: String?, title: String?, people: Set<String>, latest: Timestamp?, tail: Int, first: Timestamp?,
            count: Int, digest: String, ownIDs: Bool, limit: Timestamp?, future: FutureTimes?
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
            self.limit = limit
            self.future = future
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
