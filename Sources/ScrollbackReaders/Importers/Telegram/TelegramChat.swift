import ScrollbackModel

/// Converts one chat of a Telegram Desktop export (`{"name", "type", "id", "messages"}`) to a transcript.
struct TelegramChat {
    var input: ChatInput
    var lines: LineIndex
    /// The export's zone and how its times are read.
    var clock: TelegramClock
    var attachments: AttachmentPaths
    /// `user…` id of the account owner, from a full export's `personal_information`.
    var ownerID: String?

    /// Tallies across the chat, reported once rather than per message.
    struct Tally {
        var localOnly = 0
        var missingFiles = 0
        /// Things the transcript cannot show as the app does, with how often they occur.
        var unsupported: [String: Int] = [:]
    }

    /// A chat being converted message by message: a streamed export's messages arrive one at a
    /// time, and only what they became is kept.
    struct Open {
        var transcript: Transcript
        var tally = Tally()
        var ids = Set<String>()
        var topics = TelegramTopics()
        /// Messages seen, converted or skipped.
        var count = 0
        /// Times that wait for the export's zone (inferred from every message, so known only at
        /// the end): where they go and what was written.
        var waiting: [(index: Int, edited: Bool, reading: TelegramClock.Reading)] = []
        /// What the chat's messages report, kept apart until the chat is finished.
        var report = ImportReport()
        /// What the times of messages added without a known zone say about it.
        var inference = ZoneInference()
        /// Messages handed on as they were converted (`TelegramReader.stream`), and the replies
        /// among them: id, the id answered, where.
        var handedOn = 0
        var replies: [(id: String, target: String, location: SourceLocation?)] = []
        /// The ids of messages a `pin_message` service line pinned.
        var pinned = Set<String>()
    }

    func convert(_ chat: JSONValue, number: Int, report: inout ImportReport) -> Transcript {
        var open = start(chat, number: number)
        for value in chat["messages"]?.array ?? [] {
            add(value, at: lines.location(ofByte: value.offset), to: &open, zoneKnown: true)
        }
        return finish(open, chat: chat, report: &report)
    }

    /// The chat of a streamed export's members before its messages, when they are one chat's
    /// (`name` and `type`, no list of chats); `nil` otherwise.
    func startIfOneChat(_ header: JSONValue) -> Open? {
        guard header["name"] != nil, header["type"] != nil, header["chats"] == nil, header["left_chats"] == nil
        else { return nil }
        return start(header, number: 1)
    }

    /// A chat from its own members (`name`, `type`, `id`); its messages come with `add`.
    func start(_ chat: JSONValue, number: Int) -> Open {
        let name = chat["name"]?.string
        let type = chat["type"]?.string ?? ""
        var transcript = Transcript(
            id: chat["id"]?.scalarText ?? name ?? "chat\(number)",
            title: name ?? (type == "saved_messages" ? "Saved Messages" : nil),
            source: SourceLocation(file: input.name))
        transcript.isGroup = Self.groupTypes.contains(type)
        return Open(transcript: transcript)
    }

    /// The chat `type`s of groups and channels: chats with more members than those who wrote.
    static let groupTypes: Set<String> = [
        "private_group", "private_supergroup", "public_supergroup", "private_channel", "public_channel",
    ]

    /// Converts one message, found at `location`, into `open`. Without `zoneKnown`, what its time
    /// says about the zone goes into `open.inference`, and times the zone decides are kept to be
    /// settled by `finish`, whose clock has seen every message.
    func add(_ value: JSONValue, at location: SourceLocation, to open: inout Open, zoneKnown: Bool) {
        open.count += 1
        let index = open.count - 1
        let members = TelegramMembers(value)
        let date = TelegramClock.written(members[.date], unixtime: members[.dateUnixtime])
        if !zoneKnown { date?.observe(into: &open.inference) }
        guard let date else {
            open.report.skipped.append(.init(location: location, text: "message \(index + 1) has no date"))
            return
        }
        let reading = date.reading
        let time = clock.resolve(reading)
        if date.localOnly { open.tally.localOnly += 1 }
        let id = members[.id]?.scalarText ?? "m\(index + 1)"
        open.ids.insert(id)
        var message = Message(id: id, sender: nil, time: time, location: location)
        var editedReading: TelegramClock.Reading?
        if members[.type]?.string == "service" {
            message.kind = .system
            message.text = MarkdownText.escape(TelegramText.service(value))
            // A pin links the message it pinned, as the app's "pinned «…»" line does.
            if members[.action]?.string == "pin_message" { message.replyTo = members[.messageID]?.scalarText }
            if let pinned = message.replyTo, members[.action]?.string == "pin_message" { open.pinned.insert(pinned) }
        } else {
            let sender = Self.sender(members, chatTitle: open.transcript.title)
            message.sender = sender.id
            if !open.transcript.participants.contains(where: { $0.id == sender.id }) {
                open.transcript.participants.append(Participant(id: sender.id, name: sender.name))
            }
            fill(&message, from: members, location: location, tally: &open.tally, report: &open.report)
            if members[.edited] != nil || members[.editedUnixtime] != nil {
                // An edit without a readable time takes the message's own.
                editedReading =
                    TelegramClock.written(members[.edited], unixtime: members[.editedUnixtime])?.reading ?? reading
                message.edited = clock.resolve(editedReading!)
            }
            if message.text.isEmpty && message.attachments.isEmpty {
                open.report.skipped.append(
                    .init(location: location, text: "message \(id) has neither text nor media in the export"))
                return
            }
        }
        open.topics.place(&message, service: members)
        if !zoneKnown {
            let place = open.transcript.messages.count
            if case .fixed = reading {} else { open.waiting.append((place, false, reading)) }
            if let editedReading {
                if case .fixed = editedReading {} else { open.waiting.append((place, true, editedReading)) }
            }
        }
        open.transcript.messages.append(message)
    }

    /// The chat's transcript once every message is in; `chat` holds its members (the messages
    /// may have been let go).
    func finish(_ open: Open, chat: JSONValue, report: inout ImportReport) -> Transcript {
        var transcript = open.transcript
        for (index, edited, reading) in open.waiting {
            if edited {
                transcript.messages[index].edited = clock.resolve(reading)
            } else {
                transcript.messages[index].time = clock.resolve(reading)
            }
        }
        for index in transcript.messages.indices where open.pinned.contains(transcript.messages[index].id) {
            transcript.messages[index].pinned = true
        }
        report.skipped += open.report.skipped
        report.warnings += open.report.warnings
        report.inferences += open.report.inferences
        // Replies among the messages held here, or (streamed) among those handed on.
        func checkReply(id: String, target: String, location: SourceLocation?) {
            guard !open.ids.contains(target) else { return }
            report.warnings.append(
                .init(location: location, text: "message \(id) replies to message \(target), which is not in this chat")
            )
        }
        for message in transcript.messages {
            if let target = message.replyTo { checkReply(id: message.id, target: target, location: message.location) }
        }
        for reply in open.replies { checkReply(id: reply.id, target: reply.target, location: reply.location) }
        transcript.me = me(of: transcript, type: chat["type"]?.string ?? "", report: &report)
        settle(&transcript, tally: open.tally, report: &report)
        report.messagesRead += transcript.messages.count + open.handedOn
        return transcript
    }

    /// Who sent a message: `from_id`, else the name, else the chat's title. A deleted account's
    /// name is written `null`; Telegram calls it "Deleted Account".
    static func sender(_ members: TelegramMembers, chatTitle: String?) -> (id: String, name: String) {
        let from = members[.from]
        let name = from?.isNull == true ? TelegramText.deletedAccount : from?.string.flatMap { $0.isEmpty ? nil : $0 }
        let id = members[.fromID]?.scalarText.flatMap { $0.isEmpty ? nil : $0 } ?? name ?? chatTitle ?? "unknown"
        return (id, name ?? id)
    }

    private func fill(
        _ message: inout Message, from value: TelegramMembers, location: SourceLocation, tally: inout Tally,
        report: inout ImportReport
    ) {
        var unshown: [String] = []
        message.text = TelegramText.markdown(text: value[.text], entities: value[.textEntities], unshown: &unshown)
        for kind in unshown { tally.unsupported[kind, default: 0] += 1 }
        message.replyTo = value[.replyToMessageID]?.scalarText
        message.forwardedFrom = value[.forwardedFrom]?.string ?? value[.savedFrom]?.string
        message.attachments = TelegramMedia.attachments(
            value, paths: attachments, location: location, missing: &tally.missingFiles, report: &report)
        for extra in [TelegramMedia.text(value), Self.signature(value)].compactMap({ $0 }) {
            message.text = message.text.isEmpty ? extra : message.text + "\n\n" + extra
        }
        if let media = value[.mediaType]?.string, !Self.knownMedia.contains(media) {
            tally.unsupported["media of type \(media), shown as a file", default: 0] += 1
        }
        if let via = value[.viaBot]?.string { tally.unsupported["sent via a bot (\(via))", default: 0] += 1 }
        if value[.inlineBotButtons] != nil { tally.unsupported["bot buttons", default: 0] += 1 }
        for reaction in value[.reactions]?.array ?? [] {
            let paid = reaction["type"]?.string == "paid"
            let emoji = reaction["emoji"]?.string ?? (paid ? "⭐" : "custom emoji")
            // A paid reaction is Telegram's star, shown as one; only custom emoji are not shown.
            if reaction["emoji"] == nil && !paid { tally.unsupported["custom-emoji reactions", default: 0] += 1 }
            let by = reaction["recent"]?.array?.compactMap { $0["from_id"]?.scalarText ?? $0["from"]?.string } ?? []
            message.reactions.append(Reaction(emoji: emoji, by: by, count: reaction["count"]?.int))
        }
    }

    /// A channel post's signature (`author`), as Telegram shows it at the foot of the post.
    private static func signature(_ value: TelegramMembers) -> String? {
        guard let author = value[.author]?.string, !author.isEmpty else { return nil }
        return "— *" + MarkdownText.escape(author) + "*"
    }

    /// `media_type`s read as their own kind (others become plain files, and the report says so).
    private static let knownMedia: Set<String> = [
        "sticker", "video_file", "video_message", "animation", "voice_message", "audio_file", "photo", "document",
        "poll",
    ]

    private func me(of transcript: Transcript, type: String, report: inout ImportReport) -> String? {
        if let ownerID, transcript.participants.contains(where: { $0.id == ownerID }) || type == "saved_messages" {
            return ownerID
        }
        if type == "saved_messages", transcript.participants.count == 1, let owner = transcript.participants.first {
            report.inferences.append("`me` in Saved Messages is \(owner.name) (the account that saved them)")
            return owner.id
        }
        guard type == "personal_chat", let title = transcript.title else { return nil }
        let others = transcript.participants.filter { $0.name != title }
        // The other person may never have written: then the one sender is the owner.
        guard others.count == 1, transcript.participants.count <= 2 else { return nil }
        report.inferences.append(
            "`me` in “\(title)” is \(others[0].name) (the sender who is not the chat's other person)")
        return others[0].id
    }

    private func settle(_ transcript: inout Transcript, tally: Tally, report: inout ImportReport) {
        let label = transcript.title.map { "“\($0)”: " } ?? ""
        if tally.localOnly > 0 {
            report.inferences.append(label + clock.localNote(tally.localOnly))
        }
        transcript.timeZone = clock.zone?.identifier
        if tally.missingFiles > 0 {
            report.warnings.append(
                .init(location: nil, text: "\(label)not included in the export: \(counted(tally.missingFiles, "file"))")
            )
        }
        for (thing, count) in tally.unsupported.sorted(by: { $0.key < $1.key }) {
            report.warnings.append(
                .init(
                    location: nil,
                    text: "\(label)not shown as Telegram shows it: \(thing) (\(counted(count, "message")))"))
        }
    }
}
