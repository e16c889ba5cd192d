import ScrollbackModel

/// DiscordChatExporter's JSON export of one channel (`guild`, `channel`, `messages`).
enum DiscordReader {
    static let reader = ChatReader(
        format: .discord,
        summary: "DiscordChatExporter JSON (one channel or DM: replies, reactions, attachments, embeds)",
        sniff: { input in
            guard let bytes = input.bytes, FormatSniffing.firstNonSpace(bytes) == UInt8(ascii: "{") else {
                return false
            }
            let head = FormatSniffing.head(bytes, 16_384)
            return ImportSniffing.hasMember(head, "guild") && ImportSniffing.hasMember(head, "channel")
                && ImportSniffing.hasMember(head, "messages")
        },
        read: { input, options in try read(input, options: options) }
    )

    /// Message types that are things people said; every other type is an event of the channel.
    static let spokenTypes: Set<String> = ["Default", "Reply", "0", "19", "ThreadStarterMessage", "ChatInputCommand"]

    static func read(_ input: ChatInput, options: ReadOptions) throws(ReadError) -> ReadResult {
        guard let bytes = input.bytes else {
            throw ReadError(location: SourceLocation(file: input.name), problem: .notAFolderFormat("discord"))
        }
        let root = try ImportJSON.parse(bytes, file: input.name)
        guard let list = root["messages"]?.array else {
            throw ReadError(
                location: input.location(ofByte: root.offset),
                problem: .syntax("A DiscordChatExporter JSON export has a \"messages\" array."))
        }
        let channel = root["channel"]
        let guild = root["guild"]?["name"]?.string
        let channelName = channel?["name"]?.string
        var transcript = Transcript(
            id: channel?["id"]?.scalarText ?? channelName,
            title: title(guild: guild, channel: channelName, type: channel?["type"]?.string),
            source: SourceLocation(file: input.name))
        var report = ImportReport()
        let paths = AttachmentPaths(baseDirectory: input.baseDirectory)
        var seen = Set<String>()
        let lines = LineIndex(file: input.name, bytes: bytes)
        var names = DiscordContent(people: [:], channels: [:])
        if let id = channel?["id"]?.scalarText, let channelName { names.channels[id] = channelName }
        for value in list {
            for person in [value["author"]] + (value["mentions"]?.array ?? []) {
                if let id = person?["id"]?.scalarText, let name = person?["nickname"]?.string ?? person?["name"]?.string
                {
                    names.people[id] = names.people[id] ?? name
                }
            }
        }
        var unshown: [String: SourceLocation] = [:]
        for (index, value) in list.enumerated() {
            let location = lines.location(ofByte: value.offset)
            guard let timeText = value["timestamp"]?.string, let time = Timestamp(rfc3339: timeText) else {
                report.skipped.append(
                    .init(location: location, text: "message \(index + 1) has no valid \"timestamp\""))
                continue
            }
            let id = value["id"]?.scalarText ?? "m\(index + 1)"
            if seen.contains(id) {
                report.skipped.append(
                    .init(location: location, text: "message \(index + 1) repeats id \(id); the repeat is skipped"))
                continue
            }
            seen.insert(id)
            let author = value["author"]
            let authorID = author?["id"]?.scalarText ?? "unknown"
            let authorName = author?["nickname"]?.string ?? author?["name"]?.string ?? authorID
            if !transcript.participants.contains(where: { $0.id == authorID }) {
                let avatar = author?["avatarUrl"]?.string
                transcript.participants.append(
                    Participant(
                        id: authorID, name: authorName,
                        avatar: avatar.flatMap { $0.hasPrefix("https://") ? $0 : AttachmentPaths.safeRelativePath($0) })
                )
            }
            var message = Message(id: id, sender: authorID, time: time, location: location)
            let content = value["content"]?.string ?? ""
            let reference = value["reference"]?["messageId"]?.scalarText
            if spokenTypes.contains(value["type"]?.string ?? "Default") {
                message.text = names.markdown(content)
                message.replyTo = reference
                if let edited = value["timestampEdited"]?.string { message.edited = Timestamp(rfc3339: edited) }
                message.attachments = DiscordParts.attachments(value, paths: paths, location: location, report: &report)
                message.reactions = DiscordParts.reactions(value)
                for feature in DiscordParts.unshown(value) where unshown[feature] == nil { unshown[feature] = location }
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
        if options.timeZone == nil, let zone = DiscordReader.zone(of: transcript.messages) {
            transcript.timeZone = zone.identifier
            report.inferences.append(
                "times are shown at the export's UTC offset (\(zone.identifier)); --tz ZONE changes it")
        } else if let zone = options.timeZone {
            transcript.timeZone = zone.identifier
        } else if Set(transcript.messages.map(\.time.utcOffset)).count > 1 {
            report.inferences.append(
                "the export's times carry more than one UTC offset (a daylight-saving change); they are shown in UTC unless --tz ZONE names the zone"
            )
        }
        report.messagesRead = transcript.messages.count
        report.inferences.append("the export does not say who exported it; --me NAME puts one person on the right")
        return ReadResult(format: .discord, conversations: [transcript], report: report)
    }

    /// The fixed-offset zone every message's timestamp was written in, when they agree and it is not UTC.
    static func zone(of messages: [Message]) -> Zone? {
        guard let offset = messages.first?.time.utcOffset, offset != 0, offset % 3600 == 0,
            messages.allSatisfy({ $0.time.utcOffset == offset })
        else { return nil }
        // Etc/GMT names count westwards: UTC+01:00 is Etc/GMT-1.
        let hours = -offset / 3600
        return Zone(identifier: "Etc/GMT" + (hours > 0 ? "+\(hours)" : "\(hours)"))
    }

    private static func title(guild: String?, channel: String?, type: String?) -> String? {
        guard let channel else { return guild }
        if type?.hasPrefix("Direct") == true || guild == "Direct Messages" || guild == nil { return channel }
        return "#\(channel) · \(guild!)"
    }
}
