import ScrollbackModel

/// Under `--redact` and `--anonymize`, every message's id is replaced by one made from where the
/// message stands: its day and its place in that day (`2026-03-01-4`, the fourth message of the
/// day), or its place in the conversation when the log has no real times (`7`).
///
/// An id an export gave can spell out a name, a phone number or a time and sender, and an id
/// `merge` made is a digest of the sender and the text before redaction: either, published as a
/// permalink, would tell what was removed. An id by position says only what the page shows (the
/// day and the order), is the same on every machine, and an inserted message renumbers only its
/// own day. Every reference to an id (reply targets) follows; a reference to a message the
/// conversation does not hold becomes `unknown-1`, `unknown-2`, … in order of first mention.
struct PositionalMessageIDs: Sendable {
    /// Old id → new id (the first message of an id that several share).
    private(set) var ids: [String: String] = [:]
    /// Reply targets the conversation does not hold → their neutral names.
    private(set) var unknown: [String: String] = [:]
    /// Each message's new id and reply target, by its index in the transcript.
    private var numbered: [(id: String, replyTo: String?)] = []
    /// Whether the messages are numbered through the conversation rather than by day.
    private let undated: Bool
    /// The last message in time order: its time, its wall-clock day and its place in that day.
    private var last: (time: Timestamp, day: Int64?, ordinal: Int)?

    /// Numbers the messages of `transcript`.
    init(_ transcript: Transcript) {
        undated = transcript.undated
        let messages = transcript.messages
        let timed = messages.indices.sorted { a, b in
            let (left, right) = (messages[a].time, messages[b].time)
            return left == right ? a < b : left < right
        }
        var newIDs = messages.map(\.id)
        for index in timed {
            newIDs[index] = next(at: messages[index].time)
            _ = ids.insertIfAbsent(messages[index].id, newIDs[index])
        }
        for message in messages {
            guard let target = message.replyTo, ids[target] == nil, unknown[target] == nil else { continue }
            unknown[target] = "unknown-" + String(unknown.count + 1)
        }
        numbered = messages.indices.map { index in
            (newIDs[index], messages[index].replyTo.map { ids[$0] ?? unknown[$0] ?? $0 })
        }
    }

    /// The id of the message after the last in time order, at `time`, which becomes the last.
    private mutating func next(at time: Timestamp) -> String {
        let wallDay = (time.seconds + Int64(time.utcOffset)).floorDivided(by: 86_400).quotient
        var place = (time: time, day: last?.day, ordinal: 1)
        if undated || wallDay == last?.day { place.ordinal = (last?.ordinal ?? 0) + 1 } else { place.day = wallDay }
        last = place
        return undated
            ? String(place.ordinal) : CivilDate(daysSinceEpoch: wallDay).description + "-" + String(place.ordinal)
    }

    /// The new id and reply target of the message at `index`.
    func numbering(at index: Int) -> (id: String, replyTo: String?) { numbered[index] }

    /// Numbers `message`, added after the others, as numbering the conversation again would;
    /// `false` (nothing numbered) when that would renumber other messages: it comes before the
    /// last in time, or its id is one the conversation has or one an earlier reply named.
    mutating func append(_ message: Message) -> Bool {
        if let last, message.time < last.time { return false }
        guard ids[message.id] == nil, unknown[message.id] == nil else { return false }
        let id = next(at: message.time)
        ids[message.id] = id
        var replyTo: String?
        if let target = message.replyTo {
            if ids[target] == nil, unknown[target] == nil { unknown[target] = "unknown-" + String(unknown.count + 1) }
            replyTo = ids[target] ?? unknown[target]
        }
        numbered.append((id, replyTo))
        return true
    }

    /// Takes the reply target of `message`, the message at `index` changed in place (its time
    /// kept), as numbering the conversation again would; `false` when that would renumber the
    /// targets the conversation does not hold.
    mutating func update(_ message: Message, at index: Int) -> Bool {
        let old = numbered[index].replyTo
        var replyTo: String?
        if let target = message.replyTo {
            guard let known = ids[target] ?? unknown[target] else { return false }
            replyTo = known
        }
        guard replyTo != old else { return true }
        // The targets the conversation does not hold are numbered by their first mention, which
        // this may move.
        guard replyTo?.hasPrefix("unknown-") != true, old?.hasPrefix("unknown-") != true else { return false }
        numbered[index].replyTo = replyTo
        return true
    }

    /// `transcript` with its new ids: the one these ids were made from, or that one after a
    /// rewrite that kept its messages in place (whatever it made of their ids).
    func apply(_ transcript: Transcript) -> Transcript {
        var result = transcript
        for index in result.messages.indices where index < numbered.count {
            result.messages[index].id = numbered[index].id
            result.messages[index].replyTo = numbered[index].replyTo
        }
        return result
    }

    /// `text` with every old id it quotes (as a whole token) replaced by its new one, for notes
    /// and warnings about the conversation.
    func replace(in text: String) -> String {
        guard !ids.isEmpty || !unknown.isEmpty else { return text }
        var result = ""
        var token = ""
        func flush() {
            // A token that ends a sentence or a field (`m3.`, `m3:`) is the id and its punctuation.
            var trailing = ""
            while let last = token.last, last == "." || last == ":", lookUp(token) == nil {
                trailing = String(last) + trailing
                token.removeLast()
            }
            result += (lookUp(token) ?? token) + trailing
            token = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "_" || character == "-" || character == "."
                || character == ":" || character == "+"
            {
                token.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    /// A short number is left: notes count things too (`2 files`), and an id that short says
    /// nothing (a long one, like Discord's, holds the time to the millisecond).
    private func lookUp(_ id: String) -> String? {
        guard !id.isEmpty, id.count >= 6 || !id.allSatisfy(\.isNumber) else { return nil }
        return ids[id] ?? unknown[id]
    }
}
