import ScrollbackModel

/// One DiscordChatExporter channel being converted message by message, as its export is parsed.
struct DiscordChannel {
    private let input: ChatInput
    private let paths: AttachmentPaths
    private var transcript: Transcript
    private var report = ImportReport()
    private var seen = Set<String>()
    /// Each author's id once, the string every message of theirs shares: a Discord id has 18 or
    /// 19 digits, too many to be held inside the string value, so each copy would be a heap
    /// string of its own (about 6 MB for 100k messages).
    private var authors = Set<String>()
    /// Everyone who reacted to a message.
    private var reactors = Set<String>()
    private var names = DiscordContent(people: [:], channels: [:])
    private var unshown: [String: SourceLocation] = [:]
    /// Messages seen, converted or skipped.
    private var count = 0
    /// Bodies with mentions, converted at the end: a mention's name may first be written by a
    /// later message (the first name written for an id is the one shown).
    private var mentioning: [(index: Int, content: String)] = []

    /// A channel from the export's members before its messages (`guild`, `channel`).
    init(_ header: JSONValue, input: ChatInput, paths: AttachmentPaths) {
        self.input = input
        self.paths = paths
        let channel = header["channel"]
        let guild = header["guild"]?["name"]?.string
        let channelName = channel?["name"]?.string
        transcript = Transcript(
            id: channel?["id"]?.scalarText ?? channelName,
            title: Self.title(guild: guild, channel: channelName, type: channel?["type"]?.string),
            source: SourceLocation(file: input.name))
        transcript.isGroup = Self.isGroup(guild: guild, type: channel?["type"]?.string) ?? false
        transcript.topic = channel?["topic"]?.string.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
        if let id = channel?["id"]?.scalarText, let channelName { names.channels[id] = channelName }
    }

    /// Converts the next message of the export, found at `location`.
    mutating func add(_ value: JSONValue, at location: SourceLocation) {
        count += 1
        let index = count - 1
        learnNames(value)
        guard let timeText = value["timestamp"]?.string, let time = Timestamp(rfc3339: timeText) else {
            report.skipped.append(.init(location: location, text: "message \(index + 1) has no valid \"timestamp\""))
            return
        }
        let id = value["id"]?.scalarText ?? "m\(index + 1)"
        if seen.contains(id) {
            report.skipped.append(
                .init(location: location, text: "message \(index + 1) repeats id \(id); the repeat is skipped"))
            return
        }
        seen.insert(id)
        let (authorID, authorName) = addAuthor(value["author"])
        var message = Message(id: id, sender: authorID, time: time, location: location)
        let content = value["content"]?.string ?? ""
        let reference = value["reference"]?["messageId"]?.scalarText
        if DiscordReader.spokenTypes.contains(value["type"]?.string ?? "Default") {
            fill(&message, from: value, content: content, location: location)
            message.replyTo = reference
        } else {
            // Events are plain lines; a pin points at the message it pinned.
            message.kind = .system
            message.sender = nil
            message.format = .plain
            message.text = DiscordParts.event(content, actor: authorName)
            if value["type"]?.string == "ChannelPinnedMessage" { message.replyTo = reference }
        }
        transcript.messages.append(message)
    }

    /// The names a message gives people: its author, its mentions and its reactions' users (the
    /// first name written for an id is the one shown).
    private mutating func learnNames(_ value: JSONValue) {
        // Walked in place, without gathering the people into an array for each message.
        learnName(value["author"])
        for person in value["mentions"]?.array ?? [] { learnName(person) }
        for reaction in value["reactions"]?.array ?? [] {
            for person in reaction["users"]?.array ?? [] { learnName(person) }
        }
    }

    private mutating func learnName(_ person: JSONValue?) {
        guard let id = person?["id"]?.scalarText, names.people[id] == nil,
            let name = person?["nickname"]?.string ?? person?["name"]?.string
        else { return }
        names.people[id] = name
    }

    /// The author's id and name, listed as a participant the first time they post.
    private mutating func addAuthor(_ author: JSONValue?) -> (id: String, name: String) {
        let (newAuthor, authorID) = authors.insert(author?["id"]?.scalarText ?? "unknown")
        let authorName = author?["nickname"]?.string ?? author?["name"]?.string ?? authorID
        if newAuthor {
            let avatar = author?["avatarUrl"]?.string
            var participant = Participant(
                id: authorID, name: authorName,
                avatar: avatar.flatMap { $0.hasPrefix("https://") ? $0 : AttachmentPaths.safeRelativePath($0) })
            participant.isBot = author?["isBot"]?.bool ?? false
            // The account name (`name`) when a nickname is shown instead: `--me` accepts either.
            if let handle = author?["name"]?.string, handle != authorName, !handle.isEmpty {
                participant.aliases = [handle]
            }
            transcript.participants.append(participant)
        }
        return (authorID, authorName)
    }

    /// A spoken message's text (its content and rich embeds), edit time, attachments and reactions.
    private mutating func fill(
        _ message: inout Message, from value: JSONValue, content: String, location: SourceLocation
    ) {
        let embeds = DiscordEmbeds.markdown(of: value)
        let written = embeds.isEmpty ? content : content.isEmpty ? embeds : content + "\n\n" + embeds
        if Self.mayHoldToken(written) {
            mentioning.append((transcript.messages.count, written))
        } else {
            message.text = names.markdown(written)
        }
        if let edited = value["timestampEdited"]?.string { message.edited = Timestamp(rfc3339: edited) }
        message.pinned = value["isPinned"]?.bool ?? false
        message.attachments = DiscordParts.attachments(value, paths: paths, location: location, report: &report)
        message.reactions = DiscordParts.reactions(value)
        for reaction in message.reactions { reactors.formUnion(reaction.by) }
        for feature in DiscordParts.unshown(value) where unshown[feature] == nil { unshown[feature] = location }
    }

    /// The channel's transcript and what reading it found, once every message is in; time
    /// tokens are shown in `timeZone`, else the zone the messages' offsets give (else UTC).
    mutating func finish(timeZone: Zone?) -> (Transcript, ImportReport) {
        names.zone = timeZone ?? DiscordReader.zone(of: transcript.messages) ?? .utc
        for (index, content) in mentioning {
            transcript.messages[index].text = names.markdown(content, at: transcript.messages[index].time)
        }
        mentioning = []
        // Who reacted but never posted is a participant too, named as the export names them.
        for id in reactors.sorted() where !authors.contains(id) {
            transcript.participants.append(Participant(id: id, name: names.people[id] ?? id))
        }
        for (feature, location) in unshown.sorted(by: { $0.key < $1.key }) {
            report.warnings.append(.init(location: location, text: "\(feature) are not shown yet"))
        }
        for message in transcript.messages {
            if let target = message.replyTo, !seen.contains(target) {
                report.warnings.append(
                    .init(
                        location: message.location,
                        text: "message \(message.id) replies to \(target), which is not in this export"))
            }
        }
        return (transcript, report)
    }

    /// Whether `content` has a `<@`, `<#` or `<t` byte pair, without which no mention or time
    /// token is in it (waiting for the end is right either way; it is only slower).
    private static func mayHoldToken(_ content: String) -> Bool {
        var content = content
        return content.withUTF8 { bytes in
            var from = 0
            while let open = bytes[from...].firstIndex(of: UInt8(ascii: "<")) {
                guard open + 1 < bytes.count else { return false }
                let next = bytes[open + 1]
                if next == UInt8(ascii: "@") || next == UInt8(ascii: "#") || next == UInt8(ascii: "t") { return true }
                from = open + 1
            }
            return false
        }
    }

    /// A guild's channel or a group DM is a group however few of its people post; a DM is not
    /// (`nil`: the layout counts the participants).
    static func isGroup(guild: String?, type: String?) -> Bool? {
        if let type { return type.hasPrefix("Guild") || type == "DirectGroupTextChat" ? true : nil }
        return guild != nil && guild != "Direct Messages" ? true : nil
    }

    private static func title(guild: String?, channel: String?, type: String?) -> String? {
        guard let channel else { return guild }
        if type?.hasPrefix("Direct") == true || guild == "Direct Messages" || guild == nil { return channel }
        return "#\(channel) · \(guild!)"
    }
}
