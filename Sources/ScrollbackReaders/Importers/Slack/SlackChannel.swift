import ScrollbackModel

/// Converts the messages of one Slack conversation (its day files, in order) to a transcript.
struct SlackChannel {
    var mrkdwn: SlackMrkdwn
    var users: [String: JSONValue]
    var options: ReadOptions
    /// Finds a downloaded copy of a file in the export, if there is one.
    var localFile: (JSONValue) -> String?
    /// Who posts, and what they are called.
    var people: SlackPeople
    private(set) var transcript: Transcript
    /// Where each message is in the transcript, by `ts`.
    private var index: [MessageKey: Int] = [:]
    private var unshown: [String: SourceLocation] = [:]

    /// Subtypes that are events of the channel rather than things people said.
    static let eventSubtypes: Set<String> = [
        "channel_join", "channel_leave", "group_join", "group_leave", "channel_topic", "channel_purpose",
        "channel_name", "channel_archive", "channel_unarchive", "group_topic", "group_purpose", "group_name",
        "group_archive", "group_unarchive", "pinned_item", "unpinned_item", "bot_add", "bot_remove",
        "channel_convert_to_private", "huddle_thread", "reminder_add", "channel_posting_permissions",
    ]

    init(
        transcript: Transcript, mrkdwn: SlackMrkdwn, users: [String: JSONValue], options: ReadOptions,
        localFile: @escaping (JSONValue) -> String?
    ) {
        self.transcript = transcript
        self.mrkdwn = mrkdwn
        self.people = SlackPeople(names: mrkdwn.users)
        self.users = users
        self.options = options
        self.localFile = localFile
    }

    /// Adds the messages of one day file (`lines` locates them), and the thread replies a
    /// slackdump export nests in them (`slackdump_thread_replies`).
    mutating func add(_ list: [JSONValue], lines: LineIndex, report: inout ImportReport) {
        people.learn(list)
        mrkdwn.users = people.names
        for (index, value) in list.enumerated() {
            add(value, number: index + 1, lines: lines, report: &report)
            for reply in value["slackdump_thread_replies"]?.array ?? [] {
                add(reply, number: index + 1, lines: lines, report: &report)
            }
        }
    }

    /// Converts a conversation's day files on a second core while the next ones are read: a day's
    /// messages and where they are; the worker owns the converter and what converting reports.
    typealias Worker = InOrderWorker<(list: [JSONValue], lines: LineIndex), (SlackChannel, ImportReport), Void>

    /// A worker that goes on converting into `channel`, a day file at a time.
    static func worker(_ channel: SlackChannel) -> Worker {
        Worker((channel, ImportReport()), itemsPerBatch: 1) { converting, days in
            for (list, lines) in days { converting.0.add(list, lines: lines, report: &converting.1) }
        }
    }

    /// Whether a message with this `ts` has been read.
    func has(_ ts: String) -> Bool { index[MessageKey(ts)] != nil }

    /// The transcript, its people named from everything read.
    mutating func finish(report: inout ImportReport) -> Transcript {
        for index in transcript.participants.indices {
            let id = transcript.participants[index].id
            transcript.participants[index].name = people.name(of: id)
            transcript.participants[index].isBot = people.isBot(id, users: users)
            transcript.participants[index].aliases = Self.aliases(users[id], name: people.name(of: id))
            if transcript.participants[index].avatar == nil {
                transcript.participants[index].avatar = people.appIcon(of: id)
            }
        }
        for (type, location) in unshown.sorted(by: { $0.key < $1.key }) {
            report.warnings.append(.init(location: location, text: "\(type) are not shown yet"))
        }
        return transcript
    }

    private mutating func add(_ value: JSONValue, number: Int, lines: LineIndex, report: inout ImportReport) {
        let location = lines.location(ofByte: value.offset)
        let subtype = value["subtype"]?.string
        switch subtype {
        case "message_changed": return change(value, location: location, report: &report)
        case "message_deleted": return delete(value, location: location, report: &report)
        case "message_replied":
            report.skipped.append(.init(location: location, text: "a message_replied event, not a message"))
            return
        default: break
        }
        let time = value["ts"]
        func skip() { report.skipped.append(.init(location: location, text: "entry \(number) has no \"ts\"")) }
        guard let ts = time?.scalarText else { return skip() }
        // Placed in the index at once (one look-up for the usual new message), taken back if it is not one.
        let key = MessageKey(ts)
        if let earlier = index.updateValue(transcript.messages.count, forKey: key) {
            // A thread reply slackdump nests under its parent may also be in the day file.
            index[key] = earlier
            return
        }
        guard let message = message(value, location: location, time: time, subtype: subtype) else {
            index[key] = nil
            return skip()
        }
        transcript.messages.append(message)
    }

    /// A `message_changed` event: the message it names takes the new text, the old one kept as a
    /// revision dated when that version was written (its `edited.ts`, else its own `ts`).
    private mutating func change(_ value: JSONValue, location: SourceLocation, report: inout ImportReport) {
        guard let changed = value["message"], let ts = changed["ts"]?.scalarText,
            var message = message(
                changed, location: location, time: changed["ts"], subtype: changed["subtype"]?.string)
        else {
            report.skipped.append(.init(location: location, text: "a message_changed event without its message"))
            return
        }
        if message.edited == nil, let when = ImportJSON.unixTime(value["ts"]) {
            message.edited = Timestamp(seconds: when.seconds, utcOffset: message.time.utcOffset)
        }
        // The version before the edit, as the event carries it; else the one read before.
        let previous = value["previous_message"].flatMap { earlier in
            self.message(earlier, location: location, time: earlier["ts"], subtype: earlier["subtype"]?.string)
        }
        guard let position = index[MessageKey(ts)] else {
            // The first version is not in the export: the event's earlier version is its only history.
            if let previous, previous.text != message.text {
                message.revisions = [Revision(text: previous.text, time: previous.edited ?? previous.time)]
            }
            index[MessageKey(ts)] = transcript.messages.count
            transcript.messages.append(message)
            return
        }
        let old = transcript.messages[position]
        message.location = old.location
        message.revisions = old.revisions
        if old.text != message.text {
            let written = old.revisions.isEmpty ? (previous?.edited ?? old.time) : (old.edited ?? old.time)
            message.revisions.append(Revision(text: old.text, time: written))
        }
        transcript.messages[position] = message
    }

    /// A `message_deleted` event: the message it names is marked deleted, its text kept as a revision.
    private mutating func delete(_ value: JSONValue, location: SourceLocation, report: inout ImportReport) {
        guard let ts = value["deleted_ts"]?.scalarText, let position = index[MessageKey(ts)] else {
            report.skipped.append(
                .init(location: location, text: "a message_deleted event for a message not in the export"))
            return
        }
        var message = transcript.messages[position]
        if !message.text.isEmpty {
            message.revisions.append(Revision(text: message.text, time: message.edited ?? message.time))
        }
        message.text = ""
        message.deleted = true
        transcript.messages[position] = message
    }

    /// One message or channel event (its `ts` and `subtype` members given, as they were looked up
    /// before); `nil` when it has no `ts`.
    private mutating func message(
        _ value: JSONValue, location: SourceLocation, time stamp: JSONValue?, subtype: String?
    )
        -> Message?
    {
        guard let ts = stamp?.scalarText, let instant = ImportJSON.unixTime(stamp) else { return nil }
        let offset = options.timeZone?.offset(at: instant) ?? 0
        let time = Timestamp(seconds: instant.seconds, nanoseconds: instant.nanoseconds, utcOffset: offset)
        var message = Message(id: ts, sender: nil, time: time, location: location)
        if let subtype, Self.eventSubtypes.contains(subtype) {
            message.kind = .system
            message.format = .plain
            message.text = eventText(value)
            if subtype == "pinned_item" { message.replyTo = Self.pinnedMessage(value) }
            return message
        }
        let sender = people.sender(of: value, subtype: subtype)
        message.sender = sender
        if !transcript.participants.contains(where: { $0.id == sender }) {
            transcript.participants.append(participant(sender))
        }
        let body = SlackMessageBody(mrkdwn: mrkdwn, localFile: localFile).read(value)
        for type in body.unshownBlocks where unshown[type] == nil { unshown[type] = location }
        message.text = subtype == "me_message" ? MarkdownText.wrap(body.text, "*") : body.text
        if let thread = value["thread_ts"]?.scalarText, thread != ts { message.replyTo = thread }
        message.pinned = !(value["pinned_to"]?.array?.isEmpty ?? true)
        if let edited = value["edited"], let when = ImportJSON.unixTime(edited["ts"]) {
            message.edited = Timestamp(seconds: when.seconds, utcOffset: offset)
        }
        if subtype == "tombstone" || value["text"]?.string == "This message was deleted." {
            message.deleted = true
            message.text = ""
        }
        message.attachments = body.attachments
        message.reactions = reactions(value)
        return message
    }

    /// A message's reactions; whoever reacted is a participant, named like everyone else.
    private mutating func reactions(_ value: JSONValue) -> [Reaction] {
        (value["reactions"]?.array ?? []).map { reaction in
            let by = reaction["users"]?.array?.compactMap(\.scalarText) ?? []
            for id in by where !transcript.participants.contains(where: { $0.id == id }) {
                transcript.participants.append(participant(id))
            }
            return Reaction(
                emoji: SlackMrkdwn.emoji(reaction["name"]?.string ?? "?"), by: by, count: reaction["count"]?.int)
        }
    }

    /// A channel event's line as plain text, naming who did it when Slack's text leaves them out.
    private func eventText(_ value: JSONValue) -> String {
        let subtype = value["subtype"]?.string ?? ""
        if subtype == "huddle_thread", let room = value["room"] { return huddleText(room, starter: value["user"]) }
        let text = mrkdwn.plain(value["text"]?.string ?? "", keepingAddresses: true).trimmingWhitespace()
        guard let actor = value["user"]?.scalarText else { return text }
        let raw = value["text"]?.string ?? ""
        let name = mrkdwn.users[actor] ?? actor
        if raw.hasPrefix("<@\(actor)") {
            // "<@U1> pinned a message to this channel.": the actor is named, not mentioned.
            return subtype == "pinned_item" && text.hasPrefix("@" + name) ? String(text.dropFirst()) : text
        }
        guard text.isEmpty else { return name + " " + text }
        // An event without words (a huddle's thread) is said by its kind.
        return name
            + (subtype == "huddle_thread"
                ? " started a huddle" : " (\(subtype.replacingOccurrences(of: "_", with: " ")))")
    }

    /// The `ts` of the message a `pinned_item` line pinned: its unfurl's `ts`, else the `item`'s.
    static func pinnedMessage(_ value: JSONValue) -> String? {
        value["attachments"]?.array?.first?["ts"]?.scalarText ?? value["item"]?["ts"]?.scalarText
            ?? value["item"]?["message"]?["ts"]?.scalarText
    }

    /// A huddle's line: who started it, how long it lasted and who took part (`room`).
    private func huddleText(_ room: JSONValue, starter: JSONValue?) -> String {
        let starterID = room["created_by"]?.scalarText ?? starter?.scalarText
        var line = (starterID.map { mrkdwn.users[$0] ?? $0 } ?? "Someone") + " started a huddle"
        if let start = room["date_start"]?.int, let end = room["date_end"]?.int, end > start {
            line += " that lasted " + Self.length(seconds: end - start)
        }
        let ids = (room["participant_history"]?.array ?? room["participants"]?.array ?? []).compactMap(\.scalarText)
        if !ids.isEmpty { line += ", with " + ids.map { mrkdwn.users[$0] ?? $0 }.joined(separator: ", ") }
        return line
    }

    /// "1 hour 5 minutes", "12 minutes", "40 seconds".
    static func length(seconds: Int) -> String {
        let hours = seconds / 3600
        let minutes = (seconds % 3600) / 60
        if hours == 0 && minutes == 0 { return counted(seconds, "second") }
        return [hours > 0 ? counted(hours, "hour") : nil, minutes > 0 ? counted(minutes, "minute") : nil]
            .compactMap { $0 }.joined(separator: " ")
    }

    /// The names `users.json` gives someone besides the one shown: their real name and handle.
    static func aliases(_ user: JSONValue?, name: String) -> [String] {
        guard let user else { return [] }
        var seen: Set<String> = [name]
        return [user["profile"]?["real_name"]?.string, user["real_name"]?.string, user["name"]?.string]
            .compactMap { $0 }.filter { !$0.trimmingWhitespace().isEmpty && seen.insert($0).inserted }
    }

    private func participant(_ id: String) -> Participant {
        if let name = mrkdwn.users[id] {
            let avatar = users[id]?["profile"]?["image_72"]?.string
            return Participant(id: id, name: name, avatar: avatar.flatMap { $0.hasPrefix("https://") ? $0 : nil })
        }
        return Participant(id: id, name: id)
    }
}

/// A message's `ts` as the index's key: Slack's usual `1709280000.000100` (ten digits, a point,
/// six digits) as one number, which hashes and compares without reading a string; any other `ts`
/// as its text. Each text has one key, and two texts share none.
private enum MessageKey: Hashable {
    case time(UInt64)
    case text(String)

    init(_ ts: String) {
        var ts = ts
        let number = ts.withUTF8 { bytes -> UInt64? in
            guard bytes.count == 17, bytes[10] == UInt8(ascii: ".") else { return nil }
            var value: UInt64 = 0
            for (index, byte) in bytes.enumerated() where index != 10 {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        self = number.map(MessageKey.time) ?? .text(ts)
    }
}
