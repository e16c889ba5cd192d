import ScrollbackModel

/// One conversation being read: the rows of its chat (or of the SMS and iMessage chats Messages
/// shows as one) become messages (one per part), system lines and tapbacks, and `finish` makes
/// the transcript.
struct IMessageConversation {
    /// The first chat read; the members of every chat joined to it.
    private(set) var chat: IMessageDatabase.Chat
    /// How many chats of the database it holds.
    private(set) var chatCount = 1
    let context: IMessageContext
    private(set) var messages: [Message] = []
    private var tapbacks = IMessageTapbacks()
    private var senders: [String] = []
    private var seenSenders: Set<String> = []
    /// The last meta given and a message holding nothing else: the bubbles of rows with the same
    /// meta (most of a chat's: its service alone) are made from it and so share one copy of it,
    /// instead of one each (about 300 bytes a message).
    private var metaCarrier: (key: MetaKey, message: Message)?
    /// The last row's meta: a row with the same columns has it too.
    private var lastMeta: RowMeta?
    /// What making the contents of rows read here (not ahead) keeps from one to the next.
    private var room = Room()

    /// The columns a row's meta is made of.
    private struct MetaKey: Equatable {
        var service: String?
        var sendStyle: String?
        var readAt: Int64?
    }

    /// A row's meta and the columns it was made of (rows with equal columns have equal meta).
    private struct RowMeta {
        var key: MetaKey
        var meta: [String: MetaValue]
    }

    /// The participant id of the database's owner.
    static let me = "me"

    init(chat: IMessageDatabase.Chat, context: IMessageContext) {
        self.chat = chat
        self.context = context
    }

    /// Joins another chat with the same person (SMS beside iMessage): its rows are added as this
    /// chat's, each keeping its service, and its members join this chat's.
    mutating func join(_ other: IMessageDatabase.Chat) {
        for member in other.members where !chat.members.contains(member) { chat.members.append(member) }
        chatCount += 1
    }

    /// What a message row shows that needs nothing but the row and its files: its parts (from the
    /// decoded `attributedBody`), its edit history and its cards. Made from the row alone, so that
    /// a second core can make it ahead of the rows before it (`IMessageReader`).
    struct Content {
        var parts: IMessageParts
        var summary: IMessagePayload.Summary?
        var cards: [Attachment]
        /// Whether the row's `attributedBody` neither decodes nor leaves any text.
        var undecodable: Bool
    }

    /// Whether `row` is a message (not a tapback or an event): the rows that have a `Content`.
    static func isMessage(_ row: IMessageRow) -> Bool {
        !(IMessageTapbacks.isTapback(row.associatedType) && row.associatedGUID != nil) && row.itemType == 0
    }

    /// What making a message's content needs besides its result, kept from one row to the next
    /// (by each thread that makes contents).
    struct Room {
        var body = AttributedBody.Room()
        var parts = IMessageParts.Room()
    }

    /// The content of a message row, its files taken from `files` (the attachment table by message).
    static func content(
        of row: IMessageRow.Body, files: [Int64: [IMessageDatabase.AttachmentRow]], room: inout Room
    ) -> Content {
        let body = row.attributedBody.flatMap { AttributedBody(blob: $0, room: &room.body) }
        // The plain text is for a card's check (`removeShownByCards`), and only a balloon has cards.
        var parts = IMessageParts(
            text: row.text, body: body, files: files[row.rowID] ?? [],
            withPlain: row.balloonBundleID?.isEmpty == false, room: &room.parts)
        let undecodable = row.attributedBody != nil && body == nil && row.text == nil && parts.parts.isEmpty
        let cards = Self.cards(of: row)
        if !cards.isEmpty { Self.removeShownByCards(&parts, cards: cards) }
        return Content(
            parts: parts, summary: row.summaryInfo.flatMap(IMessagePayload.summary), cards: cards,
            undecodable: undecodable)
    }

    /// Adds one row of the chat: a tapback, an event, or a message of one or more parts. A
    /// message's `content` is made here unless it is given (made ahead on another core).
    mutating func add(_ row: IMessageRow, content: Content? = nil, report: inout ImportReport) {
        guard let time = IMessageClock.time(row.date) else {
            skip(row, "(guid \"\(row.guid)\") has no valid date", report: &report)
            return
        }
        let sender = sender(of: row)
        if IMessageTapbacks.isTapback(row.associatedType), let associated = row.associatedGUID {
            let (guid, part) = IMessageTapbacks.target(associated)
            tapbacks.record(
                type: row.associatedType,
                emoji: IMessageTapbacks.emoji(row.associatedType, custom: row.associatedEmoji),
                by: sender, on: Self.partID(guid, part))
            report.messagesRead += 1
        } else if Self.isMessage(row) {
            addMessage(
                row, content: content ?? Self.content(of: row.body, files: context.files, room: &room), sender: sender,
                time: time, report: &report)
        } else {
            addEvent(row, sender: sender, time: time, report: &report)
        }
    }

    /// A Messages event (`item_type` ≠ 0) as a system line, or skipped when its kind is unknown.
    private mutating func addEvent(_ row: IMessageRow, sender: String, time: Timestamp, report: inout ImportReport) {
        if let text = IMessageEvents.text(row, actor: name(sender), other: context.handles[row.otherHandle]) {
            append(Message(id: row.guid, kind: .system, sender: nil, time: time, text: text, format: .plain))
        } else {
            skip(row, "is a Messages event of type \(row.itemType), which is not shown", report: &report)
        }
    }

    /// A message: one bubble per part, its cards on the last one, or a line where it was unsent.
    private mutating func addMessage(
        _ row: IMessageRow, content: Content, sender: String, time: Timestamp, report: inout ImportReport
    ) {
        let (parts, summary, cards) = (content.parts, content.summary, content.cards)
        if content.undecodable {
            report.warnings.append(
                .init(location: context.location, text: "message \(row.rowID): its attributedBody could not be decoded")
            )
        }
        if parts.parts.isEmpty && cards.isEmpty {
            if row.dateRetracted != 0 || !(summary?.retractedParts.isEmpty ?? true) {
                append(unsent(row, sender: sender, time: time, id: row.guid))
            } else {
                skip(row, "(guid \"\(row.guid)\") has no content", report: &report)
            }
            return
        }
        report.messagesRead += 1
        let first = messages.count
        let meta = meta(of: row)
        for (offset, part) in parts.parts.enumerated() {
            let id = Self.partID(row.guid, part.index)
            if summary?.retractedParts.contains(part.index) == true {
                append(unsent(row, sender: sender, time: time, id: id))
                continue
            }
            var message = bubble(id: id, sender: sender, time: time, meta: meta)
            fill(&message, with: part, row: row, summary: summary, report: &report)
            if offset == 0 { message.replyTo = replyTarget(row) }
            append(message)
        }
        if !cards.isEmpty { appendCards(cards, row: row, sender: sender, time: time, meta: meta, from: first) }
        finishRow(row, from: first)
    }

    /// A new bubble with the row's `meta` (service, send style, when it was read).
    private mutating func bubble(id: String, sender: String, time: Timestamp, meta: RowMeta) -> Message {
        guard !meta.meta.isEmpty else { return Message(id: id, sender: sender, time: time) }
        let carrier: Message
        if let last = metaCarrier, last.key == meta.key {
            carrier = last.message
        } else {
            carrier = Message(id: "", sender: nil, time: time, meta: .object(meta.meta))
            metaCarrier = (meta.key, carrier)
        }
        var message = carrier
        message.id = id
        message.sender = sender
        message.time = time
        return message
    }

    /// What a row's bubbles say beside their text, made again only when its columns differ
    /// from the last row's.
    private mutating func meta(of row: IMessageRow) -> RowMeta {
        let key = MetaKey(service: row.service, sendStyle: row.sendStyle, readAt: row.isFromMe ? row.dateRead : nil)
        if let last = lastMeta, last.key == key { return last }
        let meta = RowMeta(key: key, meta: Self.makeMeta(of: row))
        lastMeta = meta
        return meta
    }

    /// What a row's bubbles say beside their text: its service, send style, and when it was read.
    private static func makeMeta(of row: IMessageRow) -> [String: MetaValue] {
        var meta: [String: MetaValue] = [:]
        if let service = row.service { meta["service"] = .string(service) }
        if let style = row.sendStyle.flatMap(IMessageEvents.sendStyle) { meta["sendStyle"] = .string(style) }
        if row.isFromMe, let read = IMessageClock.time(row.dateRead) { meta["readAt"] = .string(read.description) }
        return meta
    }

    /// The cards a balloon row shows: a link preview, or an iMessage app's card.
    private static func cards(of row: IMessageRow.Body) -> [Attachment] {
        guard let bundle = row.balloonBundleID, !bundle.isEmpty else { return [] }
        if bundle.hasSuffix(IMessagePayload.urlBalloon) {
            return row.payload.flatMap(IMessagePayload.linkCard).map { [$0] } ?? []
        }
        return [IMessagePayload.appCard(row.payload, bundleID: bundle)]
    }

    /// The placeholder of a balloon is the card itself; a link whose card is shown is not also
    /// shown as text (Messages draws only the card).
    private static func removeShownByCards(_ parts: inout IMessageParts, cards: [Attachment]) {
        let addresses = Set(cards.compactMap(\.url).map(withoutFinalSlash))
        let linked = cards.first?.url != nil
        parts.parts.removeAll {
            switch $0.content {
            case .missingFile: return true
            case .text(_, let plain, _, _):
                return linked && addresses.contains(withoutFinalSlash(Substring(plain).trimmingCharacters()))
            case .file: return false
            }
        }
    }

    /// A part's content on its message: text (with invisible ink and earlier versions), or a file.
    private func fill(
        _ message: inout Message, with part: IMessageParts.Part, row: IMessageRow,
        summary: IMessagePayload.Summary?, report: inout ImportReport
    ) {
        switch part.content {
        case .text(let markdown, _, let effects, let styled):
            message.text = row.sendStyle?.hasSuffix("invisibleink") == true ? "||" + markdown + "||" : markdown
            if !effects.isEmpty { context.noteEffects() }
            // Its underline and effects are tags only this reader writes (the text's own `<` is
            // escaped): the format says to read them as styles.
            if styled { message.format = .styledMarkdown }
            if let versions = summary?.edits[part.index], versions.count > 1 {
                message.revisions = versions.dropLast().map {
                    Revision(text: MarkdownText.escape($0.text), time: $0.time)
                }
                message.edited = IMessageClock.time(row.dateEdited) ?? versions.last?.time ?? message.time
            }
        case .file(let file):
            message.attachments = [context.attachment(file, row: row, report: &report)]
        case .missingFile:
            message.attachments = [Attachment(type: "file", name: "attachment", omitted: true)]
            report.warnings.append(
                .init(
                    location: context.location,
                    text: "message \(row.rowID) names an attachment the database does not list"))
        }
    }

    /// Cards go on the row's last bubble, or make one of their own.
    private mutating func appendCards(
        _ cards: [Attachment], row: IMessageRow, sender: String, time: Timestamp, meta: RowMeta,
        from first: Int
    ) {
        if messages.count > first, messages[messages.count - 1].kind == .message {
            messages[messages.count - 1].attachments += cards
        } else {
            var message = bubble(id: row.guid, sender: sender, time: time, meta: meta)
            message.attachments = cards
            message.replyTo = replyTarget(row)
            append(message)
        }
    }

    /// Reports a row that is not shown.
    private func skip(_ row: IMessageRow, _ reason: String, report: inout ImportReport) {
        report.skipped.append(.init(location: context.location, text: "message \(row.rowID) \(reason)"))
    }

    /// The status goes on the row's last part.
    private mutating func finishRow(_ row: IMessageRow, from first: Int) {
        guard messages.count > first, let last = messages.indices.last else { return }
        if row.isFromMe, messages[last].kind == .message { messages[last].status = Self.status(row) }
    }

    /// The transcript of the chat, tapbacks put on their parts; `nil` when the chat has no messages.
    /// The messages are moved into it, not copied.
    consuming func finish(report: inout ImportReport) -> Transcript? {
        guard !messages.isEmpty else { return nil }
        var messages = self.messages
        self.messages = []
        let unmatched = placeTapbacks(on: &messages)
        if unmatched > 0 {
            report.warnings.append(
                .init(
                    location: context.location,
                    text:
                        "\(unmatched) tapback\(unmatched == 1 ? "" : "s") in \(title) name a message that is not in the database"
                ))
        }
        // Rows come in the order they were stored; Messages shows them by time (most often their order).
        if !messages.indices.dropFirst().allSatisfy({ messages[$0 - 1].time <= messages[$0].time }) {
            messages = messages.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
                .map(\.element)
        }
        var participants = [Participant(id: Self.me, name: "Me")]
        for member in chat.members.compactMap({ context.handles[$0] }) + senders
        where !participants.contains(where: { $0.id == member }) {
            participants.append(Participant(id: member, name: member))
        }
        return Transcript(
            id: chat.identifier, title: title, me: Self.me, participants: participants, messages: messages,
            source: context.location)
    }

    /// Puts each tapback on the first message with its part's id, else on the first with its
    /// message's; how many name neither. Only the ids tapbacks name are indexed, not every message.
    private func placeTapbacks(on messages: inout [Message]) -> Int {
        guard !tapbacks.targets.isEmpty else { return 0 }
        var index: [String: Int] = [:]
        func find(_ ids: Set<String>) {
            for (position, message) in messages.enumerated() where ids.contains(message.id) {
                _ = index.insertIfAbsent(message.id, position)
            }
        }
        find(Set(tapbacks.targets))
        let wholes = Set(tapbacks.targets.lazy.filter { index[$0] == nil }.map(Self.wholeMessage))
        if !wholes.isEmpty { find(wholes) }
        var unmatched = 0
        for target in tapbacks.targets {
            guard let position = index[target] ?? index[Self.wholeMessage(target)] else {
                unmatched += 1
                continue
            }
            messages[position].reactions += tapbacks.reactions(on: target)
        }
        return unmatched
    }

    /// The chat's name: its display name, else the other person's handle, else its members'.
    var title: String {
        if let name = chat.displayName.map({ Substring($0).trimmingCharacters() }), !name.isEmpty { return name }
        let members = chat.members.compactMap { context.handles[$0] }
        if !chat.isGroup { return members.first ?? chat.identifier }
        return members.isEmpty ? chat.identifier : members.joined(separator: ", ")
    }

    /// The id of part `part` of the message `guid`: the GUID itself for part 0.
    static func partID(_ guid: String, _ part: Int) -> String { part == 0 ? guid : guid + "-p\(part)" }

    private static func wholeMessage(_ partID: String) -> String {
        guard let range = partID.range(of: "-p", options: .backwards) else { return partID }
        return String(partID[..<range.lowerBound])
    }

    private static func withoutFinalSlash(_ url: String) -> String { url.hasSuffix("/") ? String(url.dropLast()) : url }

    private static func status(_ row: IMessageRow) -> DeliveryStatus {
        if row.error != 0 { return .failed }
        if row.isRead || row.dateRead != 0 { return .read }
        if row.isDelivered || row.dateDelivered != 0 { return .delivered }
        return row.isSent ? .sent : .sending
    }

    private func replyTarget(_ row: IMessageRow) -> String? {
        guard let guid = row.threadOriginatorGUID, !guid.isEmpty else { return nil }
        let part = row.threadOriginatorPart.flatMap { $0.split(separator: ":").first.flatMap { Int($0) } } ?? 0
        return Self.partID(guid, max(0, min(part, 1 << 16)))
    }

    private func unsent(_ row: IMessageRow, sender: String, time: Timestamp, id: String) -> Message {
        Message(
            id: id, kind: .system, sender: nil, time: time, text: "\(name(sender)) unsent a message", format: .plain)
    }

    private mutating func sender(of row: IMessageRow) -> String {
        let sender: String
        if row.isFromMe {
            sender = Self.me
        } else if let handle = context.handles[row.handleID] {
            sender = handle
        } else if !chat.isGroup, let only = chat.members.first.flatMap({ context.handles[$0] }) {
            sender = only
        } else {
            sender = "unknown"
        }
        if sender != Self.me, seenSenders.insert(sender).inserted { senders.append(sender) }
        return sender
    }

    private func name(_ sender: String) -> String { sender == Self.me ? "You" : sender }

    /// Adds `message` with its place in the input: taken, not copied, so that the caller's last
    /// use of it leaves its storage to this one write.
    private mutating func append(_ message: consuming Message) {
        message.location = context.location
        messages.append(message)
    }
}
