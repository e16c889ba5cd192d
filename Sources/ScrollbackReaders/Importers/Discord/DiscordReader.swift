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
        read: read(_:options:)
    )

    /// Message types that are things people said; every other type is an event of the channel.
    static let spokenTypes: Set<String> = ["Default", "Reply", "0", "19", "ThreadStarterMessage", "ChatInputCommand"]

    static func read(_ input: ChatInput, options: ReadOptions) throws(ReadError) -> ReadResult {
        try read(
            input, options: options,
            convertingAhead: ImportJSON.StreamedWorker<DiscordChannel>.pays(forBytes: input.bytes?.count ?? 0))
    }

    /// Reads the export, with `convertingAhead` converting its messages on a second core while
    /// the parser reads on (what is read is the same either way).
    static func read(_ input: ChatInput, options: ReadOptions, convertingAhead: Bool) throws(ReadError) -> ReadResult {
        guard let bytes = input.bytes else {
            throw ReadError(location: SourceLocation(file: input.name), problem: .notAFolderFormat("discord"))
        }
        let lines = LineIndex(file: input.name, bytes: bytes)
        let paths = AttachmentPaths(baseDirectory: input.baseDirectory)
        // The channel (written before the messages) converts them as the parser reaches them.
        let streamed = try ImportJSON.convertingMessages(
            bytes, file: input.name, lines: lines, ahead: convertingAhead,
            start: { header in
                header["guild"] != nil && header["channel"] != nil
                    ? DiscordChannel(header, input: input, paths: paths) : nil
            },
            add: { channel, value, location in channel.add(value, at: location) })
        let root = streamed.root
        var channel = streamed.state
        guard root["messages"]?.array != nil else {
            throw ReadError(
                location: input.location(ofByte: root.offset),
                problem: .syntax("A DiscordChatExporter JSON export has a \"messages\" array."))
        }
        if channel == nil {
            // The channel came after the messages: they were held, and are converted now.
            channel = DiscordChannel(root, input: input, paths: paths)
            for value in streamed.held { channel!.add(value, at: lines.location(ofByte: value.offset)) }
        }
        var (transcript, report) = channel!.finish(timeZone: options.timeZone)
        channel = nil
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
}
