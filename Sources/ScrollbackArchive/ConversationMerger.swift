import ScrollbackModel

/// Merges the sources of one conversation into one history.
///
/// Sources are applied oldest first (by the newest moment each holds, whatever order the user
/// named them in), so a later source's status, reactions and text win. A message is found again
/// by its id when both sides have ids of their own, else by sender, time at the precision both
/// carry, and text; the n-th of several equal messages in one minute matches the n-th.
struct ConversationMerger {
    private var entries: [Entry] = []
    /// Every id of the history → its entry (an id of a source's own is `Entry.ownID`).
    private var ids: [String: Int32] = [:]
    /// The entries of one sender and minute, in the order they came: a linked list through
    /// `nextInMinute`, so a million minutes cost no million small arrays.
    private var minutes: [MinuteKey: (first: Int32, last: Int32)] = [:]
    private var nextInMinute: [Int32] = []
    private var report = ConversationMergeReport()
    private var header = Transcript()
    private var participantIndex: [String: Int] = [:]
    /// How often each content digest was given in the source being applied (`add`).
    private var occurrences: [String: Int] = [:]

    /// One message of the history being built.
    private struct Entry {
        var message: Message
        /// Whether `message.id` is an id some source gave (not one derived from a position).
        var ownID: Bool
        /// The last source (by number) that held it, so one source cannot match it twice.
        var claimedBy: Int32
        /// Whether an archive (not an app's export) holds it.
        var fromArchive: Bool
        /// How many exports (not archives) hold it.
        var exports: Int32
    }

    /// A sender (by number, `senderNumbers`) and a minute, in one word.
    private typealias MinuteKey = Int64
    /// Each sender's number (0 for system messages), for minute keys.
    private var senderNumbers: [String: Int64] = [:]

    private mutating func reserve(_ messages: Int) {
        entries.reserveCapacity(messages)
        ids.reserveCapacity(messages)
        nextInMinute.reserveCapacity(messages)
    }

    private func minuteKey(_ message: Message) -> MinuteKey? {
        let sender: Int64
        if let name = message.sender {
            guard let number = senderNumbers[name] else { return nil }
            sender = number
        } else {
            sender = 0
        }
        return sender << 40 | (message.time.minute & 0xFF_FFFF_FFFF)
    }

    private mutating func addMinuteKey(_ message: Message) -> MinuteKey {
        if let sender = message.sender, senderNumbers[sender] == nil {
            senderNumbers[sender] = Int64(senderNumbers.count + 1)
        }
        return minuteKey(message)!
    }

    /// Merges `sources` (in any order) into one transcript and its report. Each source is read
    /// (or taken) in its turn, message by message, and let go once applied, so a long history is
    /// not held twice.
    static func merge(_ sources: consuming [MergeSource]) throws -> (Transcript, ConversationMergeReport) {
        var merger = ConversationMerger()
        var ordered = order(sources)
        sources = []
        // The history holds at least the biggest source's messages: room for them at once,
        // rather than tables grown (every entry moved again) a doubling at a time.
        merger.reserve(ordered.map(\.summary.count).max() ?? 0)
        for number in ordered.indices {
            var source = ordered[number]
            ordered[number] = MergeSource(name: source.name, transcript: Transcript())
            var applying = Application(
                source: SourceInfo(name: source.name, isArchive: source.isArchive), number: Int32(number),
                ownIDs: source.summary.ownIDs, hadEntries: !merger.entries.isEmpty, limit: source.summary.limit)
            if let future = source.summary.future { merger.report.warnings.append(Self.warning(future, in: source)) }
            let header = try source.take { message in merger.receive(message, applying: &applying) }
            merger.complete(applying)
            merger.report.sources.append(source.name)
            merger.applyHeader(header)
        }
        return merger.finish()
    }

    /// Oldest first, so every order of the same inputs gives the same history. An export holds
    /// no date of its own, so its content tells: the newest moment it holds; of two that end in
    /// the same minute, the one with more messages in that minute (it was made later); an archive
    /// before an export; the one that starts later (a rolling window); then size and content.
    static func order(_ sources: [MergeSource]) -> [MergeSource] {
        let never = Timestamp(seconds: .min)
        return sources.sorted { left, right in
            let (a, b) = (left.summary, right.summary)
            if a.latest != b.latest { return (a.latest ?? never) < (b.latest ?? never) }
            if a.tail != b.tail { return a.tail < b.tail }
            if left.isArchive != right.isArchive { return left.isArchive }
            if a.first != b.first { return (a.first ?? never) < (b.first ?? never) }
            if a.count != b.count { return a.count < b.count }
            return a.digest < b.digest
        }
    }

    /// The warning for a source's messages dated after the merge's now.
    private static func warning(_ future: MergeSource.Summary.FutureTimes, in source: MergeSource) -> String {
        let place = future.location.map { "\($0)" } ?? source.name
        let what = future.edited ? "is marked edited at" : "is dated"
        var text = "\(place): message \(future.position) (id \"\(future.id)\") \(what) \(future.time), more than a "
        text += "day after the time of this merge"
        if future.count > 1 {
            text += ", as \(future.count == 2 ? "is 1" : "are \(future.count - 1)") more of its messages"
        }
        text += "; times after now do not count towards which source is newest"
        return text
    }

    /// What applying one source has seen so far.
    private struct Application {
        var source: SourceInfo
        var number: Int32
        var ownIDs: Bool
        /// Whether the history held anything before this source: else nothing can match, and each
        /// message is added as it comes.
        var hadEntries: Bool
        /// The latest time believed (`MergeSource.Summary.limit`): a message dated later is kept,
        /// but says nothing of which messages the source covers.
        var limit: Timestamp?
        /// How many messages came.
        var count = 0
        /// The minutes they cover, first to last (whole minutes: some exports have no seconds).
        var span: ClosedRange<Int64>?
        /// The messages no exact match found, by their position in the source.
        var unmatched: [(position: Int, message: Message)] = []
        /// The entry each message matched exactly, or -1.
        var matchedEntry: [Int32] = []
        /// Texts of matched messages that the history holds as an earlier version (the others
        /// are the matched entries' own texts).
        var staleTexts: [String] = []
    }

    /// Takes the next message of the source being applied: an exact match (id, or the same
    /// text) at once, so an edited message cannot take the place of an unchanged one of the same
    /// sender and minute; the rest wait for the end of the source.
    private mutating func receive(_ message: consuming Message, applying: inout Application) {
        let minute = message.time.minute
        if applying.limit.map({ message.time <= $0 }) ?? true {
            applying.span =
                applying.span.map { min($0.lowerBound, minute)...max($0.upperBound, minute) } ?? minute...minute
        }
        applying.count += 1
        guard applying.hadEntries else {
            add(message, source: applying.source, ownIDs: applying.ownIDs, number: applying.number)
            return
        }
        let (ownIDs, number) = (applying.ownIDs, applying.number)
        guard let index = match(message, ownIDs: ownIDs, number: number, near: nil, texts: nil) else {
            applying.matchedEntry.append(-1)
            applying.unmatched.append((applying.count - 1, message))
            return
        }
        let text = message.text
        take(message, into: index, source: applying.source, ownIDs: ownIDs, number: number)
        applying.matchedEntry.append(Int32(index))
        if entries[index].message.text != text { applying.staleTexts.append(text) }
    }

    /// Applies what waited for the end of the source: edits and deletions (found by sender and
    /// time, placed by where their neighbours matched), new messages, and the marks of messages
    /// the source lacks.
    private mutating func complete(_ applying: consuming Application) {
        let (source, ownIDs, number) = (applying.source, applying.ownIDs, applying.number)
        var unmatched = applying.unmatched
        applying.unmatched = []
        let matchedEntry = applying.matchedEntry
        applying.matchedEntry = []
        defer { occurrences = [:] }
        // Where the neighbours matched says which of two messages of one minute an edit is.
        let fuzzy = !unmatched.isEmpty
        var previous = [Int32](repeating: -1, count: fuzzy ? matchedEntry.count : 0)
        var next = previous
        if fuzzy {
            var last: Int32 = -1
            for position in matchedEntry.indices {
                previous[position] = last
                if matchedEntry[position] >= 0 { last = matchedEntry[position] }
            }
            last = -1
            for position in matchedEntry.indices.reversed() {
                next[position] = last
                if matchedEntry[position] >= 0 { last = matchedEntry[position] }
            }
        }
        // A message whose text this source still holds unchanged is not the one an edit replaced.
        let texts = fuzzy ? heldTexts(applying, unmatched: unmatched, matched: matchedEntry) : []
        for slot in unmatched.indices {
            let position = unmatched[slot].position
            var message = Self.placeholder
            swap(&message, &unmatched[slot].message)
            let near = (
                previous[position] >= 0 ? Int(previous[position]) : nil,
                next[position] >= 0 ? Int(next[position]) : nil
            )
            if let index = match(message, ownIDs: ownIDs, number: number, near: near, texts: texts) {
                take(message, into: index, source: source, ownIDs: ownIDs, number: number)
                continue
            }
            let other = ownIDs ? otherSender(of: message) : nil
            add(message, source: source, ownIDs: ownIDs, number: number)
            if let other { reportSenders(other, added: entries[entries.count - 1].message, source: source) }
        }
        // A message this source's time span covers but that the source lacks was deleted since.
        guard let span = applying.span else { return }
        for index in entries.indices where entries[index].claimedBy != number {
            if span.contains(entries[index].message.time.minute) {
                entries[index].message.missingFromLatestExport = true
            }
        }
    }

    /// Of the texts an edit could have replaced (those of the history's messages in the senders'
    /// minutes of `unmatched` that this source did not match), the ones the source holds: the
    /// only texts `match` asks about, found without a set of every text of the source.
    private func heldTexts(
        _ applying: Application, unmatched: [(position: Int, message: Message)], matched: [Int32]
    ) -> Set<String> {
        var candidates: Set<String> = []
        var keys: Set<MinuteKey> = []
        for waiting in unmatched {
            guard let key = minuteKey(waiting.message), keys.insert(key).inserted, let bucket = minutes[key] else {
                continue
            }
            var cursor = bucket.first
            while cursor >= 0 {
                let index = Int(cursor)
                cursor = nextInMinute[index]
                if entries[index].claimedBy != applying.number { candidates.insert(entries[index].message.text) }
            }
        }
        guard !candidates.isEmpty else { return [] }
        var held: Set<String> = []
        for waiting in unmatched where candidates.contains(waiting.message.text) { held.insert(waiting.message.text) }
        for text in applying.staleTexts where candidates.contains(text) { held.insert(text) }
        for index in matched where index >= 0 {
            let text = entries[Int(index)].message.text
            if candidates.contains(text) { held.insert(text) }
        }
        return held
    }

    private mutating func take(_ message: Message, into index: Int, source: SourceInfo, ownIDs: Bool, number: Int32) {
        absorb(message, into: index, source: source, ownIDs: ownIDs)
        entries[index].claimedBy = number
        if source.isArchive { entries[index].fromArchive = true } else { entries[index].exports += 1 }
    }

    /// The entry `message` is: with `near` `nil`, only by id or the same text; else also an
    /// edited or deleted version, preferring the candidate between the entries its neighbours
    /// in the source matched.
    private func match(
        _ message: Message, ownIDs: Bool, number: Int32, near: (Int?, Int?)?, texts: Set<String>?
    ) -> Int? {
        var ownIDs = ownIDs
        if ownIDs, let found = ids[message.id], entries[Int(found)].ownID {
            // A message is its sender's: one that another person sent is another message, whatever
            // its id, and is found as if it had none (by sender, time and text).
            if entries[Int(found)].message.sender != message.sender {
                ownIDs = false
            } else if entries[Int(found)].claimedBy != number {
                return Int(found)
            }
        }
        guard let key = minuteKey(message), let bucket = minutes[key] else { return nil }
        var changed: (index: Int, score: (Int, Int))?
        var cursor = bucket.first
        while cursor >= 0 {
            let index = Int(cursor)
            cursor = nextInMinute[index]
            guard entries[index].claimedBy != number else { continue }
            let entry = entries[index].message
            // Two messages that both have ids of their own and differ in them are different messages.
            if ownIDs && entries[index].ownID && entry.id != message.id { continue }
            guard entry.kind == message.kind, entry.time.sameMoment(message.time) else { continue }
            if entry.text == message.text { return index }
            guard let near else { continue }
            // An edit or a deletion changes the text; sender and time still find the message.
            let rewritten =
                message.deleted || message.edited != nil || entry.deleted || entry.edited != nil
                || entry.revisions.contains { $0.text == message.text }
            guard rewritten, entry.text.isEmpty || !(texts?.contains(entry.text) ?? false) else { continue }
            let (before, after) = near
            let inside = (before.map { index > $0 } ?? true) && (after.map { index < $0 } ?? true)
            let distance = after.map { abs($0 - index) } ?? before.map { abs(index - $0) } ?? index
            let score = (inside ? 0 : 1, distance)
            if changed.map({ score < $0.score }) ?? true { changed = (index, score) }
        }
        return changed?.index
    }

    private mutating func add(_ message: consuming Message, source: SourceInfo, ownIDs: Bool, number: Int32) {
        var ownID = ownIDs
        if !ownIDs || ids[message.id] != nil {
            // A derived id would clash with the next export's; one made from the content is stable.
            var digest = SHA256()
            digest.update(field: message.sender ?? "")
            digest.update(field: String(message.time.minute))
            digest.update(field: message.text)
            // 15 characters: Swift keeps a string that short inside the value, with no allocation.
            let key = String(digest.finalizeHex().prefix(15))
            let occurrence = occurrences[key, default: 0]
            occurrences[key] = occurrence + 1
            // The second of equal messages in one minute: the digest of the first's and its number.
            let stem = "h" + (occurrence == 0 ? key : SHA256.hex(key + String(occurrence))).prefix(14)
            var id = stem
            var suffix = 2
            while ids[id] != nil {
                id = stem + "-\(suffix)"
                suffix += 1
            }
            message.id = id
            ownID = false
        }
        if !source.isArchive && message.missingFromLatestExport { message.missingFromLatestExport = false }
        let index = entries.count
        ids[message.id] = Int32(index)
        nextInMinute.append(-1)
        let key = addMinuteKey(message)
        // One copy of a sender id too long to sit inside the string value, not one per message.
        if let sender = message.sender, sender.utf8.count > 15, let known = senderNumbers.index(forKey: sender) {
            message.sender = senderNumbers[known].key
        }
        entries.append(
            Entry(
                message: message, ownID: ownID, claimedBy: number, fromArchive: source.isArchive,
                exports: source.isArchive ? 0 : 1))
        if let bucket = minutes[key] {
            nextInMinute[Int(bucket.last)] = Int32(index)
            minutes[key] = (bucket.first, Int32(index))
        } else {
            minutes[key] = (Int32(index), Int32(index))
        }
    }

    /// Takes what a newer source knows about a message the history holds.
    private mutating func absorb(_ newer: Message, into index: Int, source: SourceInfo, ownIDs: Bool) {
        if knowsAlready(newer, index: index, source: source, ownIDs: ownIDs) { return }
        var entry = entries[index].message
        var revisions = entry.revisions
        for revision in newer.revisions where !revisions.contains(where: { $0.text == revision.text }) {
            revisions.append(revision)
        }
        if newer.text != entry.text {
            let known = Set(revisions.map(\.text))
            let stale = known.contains(newer.text) && !known.contains(entry.text)
            if !stale {
                let marked =
                    newer.edited != nil || newer.deleted || entry.deleted || entry.edited != nil || source.isArchive
                if !marked {
                    report.conflicts.append(
                        "message \"\(entry.id)\" at \(entry.time): the text differs in \(source.name) with no edit "
                            + "mark; the newer text is kept and the older one is in its history")
                }
                if !entry.text.isEmpty && !revisions.contains(where: { $0.text == entry.text }) {
                    revisions.append(Revision(text: entry.text, time: entry.edited ?? entry.time))
                }
                entry.text = newer.text
                entry.format = newer.format
                if !newer.deleted { entry.edited = newer.edited ?? entry.edited ?? newer.time }
            }
        } else if let edited = newer.edited {
            entry.edited = edited
        }
        entry.revisions = revisions.filter { $0.text != entry.text }.sorted { a, b in
            (a.time ?? entry.time) < (b.time ?? entry.time)
        }
        if entry.time.isWholeMinute && !newer.time.isWholeMinute && entry.time.minute == newer.time.minute {
            entry.time = newer.time  // a finer time from an export that has seconds
        }
        Self.combineNewest(newer, into: &entry)
        if ownIDs || !newer.reactions.isEmpty { entry.reactions = newer.reactions }
        let newerHasFiles = newer.attachments.contains { !$0.omitted }
        let olderHasFiles = entry.attachments.contains { !$0.omitted }
        if !newer.attachments.isEmpty && (newerHasFiles || !olderHasFiles) { entry.attachments = newer.attachments }
        entry.missingFromLatestExport = source.isArchive ? newer.missingFromLatestExport : false
        if ownIDs && !entries[index].ownID && ids[newer.id] == nil {
            // The message's own id, from an export that has ids, replaces one made from its content.
            entry.id = newer.id
            entries[index].ownID = true
            ids[newer.id] = Int32(index)
        }
        entries[index].message = entry
    }

    /// The message of the history that has `message`'s own id but another sender, if any.
    private func otherSender(of message: Message) -> Message? {
        guard let found = ids[message.id], entries[Int(found)].ownID else { return nil }
        let entry = entries[Int(found)].message
        return entry.sender != message.sender ? entry : nil
    }

    /// Reports a message kept apart from the history's message of the same id because their
    /// senders differ: a source cannot move a message to another person.
    private mutating func reportSenders(_ held: Message, added: Message, source: SourceInfo) {
        let name: (String?) -> String = { $0.map { "\"\($0)\"" } ?? "no one (a system message)" }
        report.conflicts.append(
            "message \"\(held.id)\": the sender is \(name(held.sender)) in the history and \(name(added.sender)) in "
                + "\(source.name); the sender is never changed, so the two are kept as two messages (the other as "
                + "\"\(added.id)\")")
    }

    /// What the merge needs to know of the source a message comes from.
    private struct SourceInfo {
        var name: String
        var isArchive: Bool
    }

    /// What a slot of the waiting messages holds once its message was taken out.
    private static let placeholder = Message(id: "", sender: nil, time: Timestamp(seconds: 0))

    /// Whether the history's message already says all `newer` does (most messages of an
    /// overlapping export): then it is left as it is, not copied.
    private func knowsAlready(_ newer: Message, index: Int, source: SourceInfo, ownIDs: Bool) -> Bool {
        let entry = entries[index].message
        let flag = source.isArchive ? newer.missingFromLatestExport : false
        return newer.text == entry.text && newer.edited == entry.edited && entry.missingFromLatestExport == flag
            && (newer.reactions == entry.reactions || (!ownIDs && newer.reactions.isEmpty))
            && (newer.attachments.isEmpty || newer.attachments == entry.attachments)
            && (newer.revisions.isEmpty || newer.revisions == entry.revisions)
            && !(entry.time.isWholeMinute && !newer.time.isWholeMinute)
            && (entries[index].ownID || !ownIDs) && Self.agreesOnDeclared(newer, entry)
    }

    /// Title, topic, `me`, zone and id: the newest source's where it has them. Participants: everyone,
    /// the newest name and avatar winning.
    private mutating func applyHeader(_ transcript: Transcript) {
        header.id = transcript.id ?? header.id
        header.title = transcript.title ?? header.title
        header.topic = transcript.topic ?? header.topic
        header.me = transcript.me ?? header.me
        header.timeZone = transcript.timeZone ?? header.timeZone
        header.undated = header.undated || transcript.undated
        header.isGroup = header.isGroup || transcript.isGroup
        for participant in transcript.participants {
            if let index = participantIndex[participant.id] {
                var known = header.participants[index]
                known.name = participant.name
                known.avatar = participant.avatar ?? known.avatar
                known.online = participant.online ?? known.online
                known.isBot = known.isBot || participant.isBot
                if !participant.aliases.isEmpty { known.aliases = participant.aliases }
                header.participants[index] = known
            } else {
                participantIndex[participant.id] = header.participants.count
                header.participants.append(participant)
            }
        }
    }

    private func finish() -> (Transcript, ConversationMergeReport) {
        var transcript = header
        var report = report
        // By time; messages of one moment keep the order they came in.
        let order = entries.indices.sorted { a, b in
            let (left, right) = (entries[a].message.time, entries[b].message.time)
            return left == right ? a < b : left < right
        }
        transcript.messages = order.map { entries[$0].message }
        transcript.addUnlistedSenders()
        // People in the order they first speak (then those who never do): the same whichever
        // export was read first.
        var firstMessage: [String: Int] = [:]
        for (position, message) in transcript.messages.enumerated() {
            if let sender = message.sender, firstMessage[sender] == nil { firstMessage[sender] = position }
        }
        transcript.participants = transcript.participants.enumerated().sorted { a, b in
            let left = firstMessage[a.element.id] ?? Int.max
            let right = firstMessage[b.element.id] ?? Int.max
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
        report.messages = entries.count
        report.added = entries.count { !$0.fromArchive }
        // An export's message that another source (the archive, or an export before it) also holds.
        report.matched = entries.reduce(0) { $0 + Int($1.exports) - ($1.fromArchive ? 0 : 1) }
        report.kept = entries.count { $0.message.missingFromLatestExport }
        return (transcript, report)
    }
}
