import ScrollbackModel

/// Telegram Desktop's "Export chat history" JSON: one chat's `result.json`, or a full export (`chats.list`).
enum TelegramReader {
    static let reader = ChatReader(
        format: .telegram,
        summary: "Telegram Desktop JSON export (result.json): one chat, or every chat of a full export",
        sniff: sniff, read: read(_:options:)
    )

    static let chatTypes = [
        "personal_chat", "private_group", "private_supergroup", "public_supergroup", "private_channel",
        "public_channel", "bot_chat", "saved_messages", "private_chat", "group_chat",
    ]

    static func sniff(_ input: ChatInput) -> Bool {
        guard let bytes = input.bytes, FormatSniffing.firstNonSpace(bytes) == UInt8(ascii: "{") else { return false }
        let head = FormatSniffing.head(bytes, 65_536)
        if ImportSniffing.hasMember(head, "date_unixtime") || ImportSniffing.hasMember(head, "text_entities") {
            return true
        }
        if ImportSniffing.hasMember(head, "chats") && ImportSniffing.hasMember(head, "messages") {
            return ImportSniffing.hasMember(head, "type", "\"message\"") || head.contains("Telegram")
        }
        let hasChatType = chatTypes.contains { ImportSniffing.hasMember(head, "type", "\"\($0)\"") }
        return hasChatType && ImportSniffing.hasMember(head, "messages")
            && (ImportSniffing.hasMember(head, "from") || ImportSniffing.hasMember(head, "type", "\"service\""))
    }

    static func read(_ input: ChatInput, options: ReadOptions) throws(ReadError) -> ReadResult {
        try read(
            input, options: options,
            convertingAhead: ImportJSON.StreamedWorker<TelegramChat.Open>.pays(forBytes: input.bytes?.count ?? 0))
    }

    /// Reads the export, with `convertingAhead` converting a streamed chat's messages on a second
    /// core while the parser reads on (what is read is the same either way).
    static func read(_ input: ChatInput, options: ReadOptions, convertingAhead: Bool) throws(ReadError) -> ReadResult {
        guard let bytes = input.bytes else {
            throw ReadError(location: SourceLocation(file: input.name), problem: .notAFolderFormat("telegram"))
        }
        let lines = LineIndex(file: input.name, bytes: bytes)
        let paths = AttachmentPaths(baseDirectory: input.baseDirectory)
        // One chat's `messages` are converted as the parser reaches them, once the chat's own
        // members before them are known (the app writes them first).
        // The converter as it is while messages stream (its clock and owner are set at the end).
        let converting = TelegramChat(
            input: input, lines: lines, clock: TelegramClock(inference: ZoneInference(), override: options.timeZone),
            attachments: paths, ownerID: nil)
        let zoneKnown = options.timeZone != nil
        var (root, open, held): (JSONValue?, TelegramChat.Open?, [JSONValue]) = try ImportJSON.convertingMessages(
            bytes, file: input.name, lines: lines, ahead: convertingAhead,
            start: { header in converting.startIfOneChat(header) },
            add: { open, value, location in converting.add(value, at: location, to: &open, zoneKnown: zoneKnown) })
        if let chat = open, chatList(root!) == nil {
            open = nil
            return finishStreamed(chat, converter: converting, root: root!, options: options)
        }
        var report = ImportReport()
        let owner = owner(of: root!)
        if open == nil, case .object(var members)? = root?.kind,
            let index = members.lastIndex(where: { $0.key == "messages" }), members[index].value.array != nil
        {
            // The chat's members came after its messages: those were held, and are converted now.
            members[index].value = JSONValue(.array(held), offset: members[index].value.offset)
            held = []
            root = JSONValue(.object(members), offset: root!.offset)
        }
        open = nil
        var chats = chatList(root!)
        if chats == nil, root?["messages"] != nil { chats = [root!] }
        guard var pending = chats else {
            throw ReadError(
                location: input.location(ofByte: root!.offset),
                problem: .syntax(
                    "A Telegram export has \"messages\" (one chat) or \"chats\": {\"list\": […]} (all chats)."))
        }
        // Convert chat by chat, letting each chat's JSON go once it is converted.
        root = nil
        pending.reverse()
        let clock = TelegramClock(chats: pending, override: options.timeZone)
        if let note = clock.zoneNote { report.inferences.append(note) }
        let converter = TelegramChat(input: input, lines: lines, clock: clock, attachments: paths, ownerID: owner)
        var conversations: [Transcript] = []
        var used = Set<String>()
        while let chat = pending.popLast() {
            var transcript = converter.convert(chat, number: conversations.count + 1, report: &report)
            if used.contains(transcript.id ?? "") {
                transcript.id = (transcript.id ?? "") + "-\(conversations.count + 1)"
            }
            used.insert(transcript.id ?? "")
            conversations.append(transcript)
        }
        return result(conversations, owner: owner, report: report)
    }

    /// Reads a one-chat export message by message (`MessageStream`): each message goes to `each`
    /// as it is converted, and the result holds the chat without its messages. `nil`, having
    /// handed on nothing, for a full export or a chat whose own members come after its messages.
    /// Throws `MessageStream.UpdatesEarlierMessage` when a time waits for the zone the whole
    /// export points at (a `date` without `date_unixtime`, and no `--tz`): the messages after it
    /// are not handed on.
    static func stream(
        _ input: ChatInput, options: ReadOptions, reporting: Bool, each: (consuming Message) -> Void
    ) throws -> ReadResult? {
        guard let bytes = input.bytes else { return nil }
        let head = FormatSniffing.head(bytes, 65_536)
        // A full export's chats are read whole; so is a chat whose head is not yet its own.
        guard !ImportSniffing.hasMember(head, "chats"), !ImportSniffing.hasMember(head, "left_chats") else {
            return nil
        }
        let lines = LineIndex(file: input.name, bytes: bytes)
        let converting = TelegramChat(
            input: input, lines: lines, clock: TelegramClock(inference: ZoneInference(), override: options.timeZone),
            attachments: AttachmentPaths(baseDirectory: input.baseDirectory), ownerID: nil)
        let zoneKnown = options.timeZone != nil
        var unsettled = false
        // A pin names a message handed on before it: the ids pins name are found ahead, and each
        // mark put on that way must be confirmed by the pin line itself, else the chat is read whole.
        let pinnedAhead = TelegramPins.ids(in: bytes)
        var markedAhead = Set<String>()
        var confirmed = Set<String>()
        let outcome = try withoutActuallyEscaping(each) { each in
            try ImportJSON.convertingMessages(
                bytes, file: input.name, lines: lines,
                ahead: ImportJSON.StreamedWorker<TelegramChat.Open>.pays(forBytes: bytes.count),
                start: { header in converting.startIfOneChat(header) },
                add: { open, value, location in
                    guard open.waiting.isEmpty, open.pinned.isEmpty else { return }
                    converting.add(value, at: location, to: &open, zoneKnown: zoneKnown)
                    confirmed.formUnion(open.pinned.intersection(pinnedAhead))
                    open.pinned.subtract(pinnedAhead)
                    guard open.waiting.isEmpty, open.pinned.isEmpty else {
                        unsettled = true
                        return
                    }
                    guard var message = open.transcript.messages.popLast() else { return }
                    if pinnedAhead.contains(message.id) {
                        message.pinned = true
                        markedAhead.insert(message.id)
                    }
                    open.handedOn += 1
                    if reporting, let target = message.replyTo {
                        open.replies.append((message.id, target, message.location))
                    }
                    each(message)
                })
        }
        if unsettled || !markedAhead.isSubset(of: confirmed) { throw MessageStream.UpdatesEarlierMessage() }
        guard let open = outcome.state, outcome.held.isEmpty, chatList(outcome.root) == nil else { return nil }
        var result = finishStreamed(open, converter: converting, root: outcome.root, options: options)
        if !reporting { result.report = ImportReport() }
        return result
    }

    /// A chat whose messages were converted as the parser reached them, once all are in: the
    /// converter's clock set from what they said of the zone, its owner from the root.
    private static func finishStreamed(
        _ chat: TelegramChat.Open, converter: TelegramChat, root: JSONValue, options: ReadOptions
    ) -> ReadResult {
        var converter = converter
        var report = ImportReport()
        let owner = owner(of: root)
        converter.clock = TelegramClock(inference: chat.inference, override: options.timeZone)
        converter.ownerID = owner
        if let note = converter.clock.zoneNote { report.inferences.append(note) }
        let transcript = converter.finish(chat, chat: root, report: &report)
        return result([transcript], owner: owner, report: report)
    }

    /// The account owner a full export names (`personal_information.user_id`), as a sender id.
    private static func owner(of root: JSONValue) -> String? {
        root["personal_information"]?["user_id"]?.scalarText.map { "user" + $0 }
    }

    /// The chats read, with the report lines about all of them.
    private static func result(_ conversations: [Transcript], owner: String?, report: ImportReport) -> ReadResult {
        var report = report
        if conversations.count > 1 {
            // A chat without an id is known by its name (else its place in the export: `chat3`).
            report.inferences.append(
                "\(conversations.count) chats read; each is a conversation, known by its id, else by its name")
        }
        if let owner, conversations.contains(where: { $0.me == owner }) {
            report.inferences.append("`me` is \(owner) (personal_information in the export)")
        }
        return ReadResult(format: .telegram, conversations: conversations, report: report)
    }

    /// The chats of a full export: `chats.list` and `left_chats.list` (or bare lists, as some tools write).
    private static func chatList(_ root: JSONValue) -> [JSONValue]? {
        var found: [JSONValue]?
        for key in ["chats", "left_chats"] {
            guard let value = root[key] else { continue }
            if let list = value["list"]?.array ?? value.array { found = (found ?? []) + list }
        }
        return found
    }
}
