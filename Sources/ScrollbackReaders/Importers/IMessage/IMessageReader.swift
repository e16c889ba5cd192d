import Foundation
import ScrollbackModel

/// Apple Messages' database: a Mac's `~/Library/Messages/chat.db` (with `Attachments/` beside it),
/// or the `sms.db` of an unencrypted iPhone backup (its files found through `Manifest.db`).
///
/// The database is opened read-only and immutable (`SQLiteDatabase`): it is never written, locked
/// or copied, even while Messages has it open. One conversation per chat.
enum IMessageReader {
    static let reader = ChatReader(
        format: .imessage,
        summary: "Apple Messages database (macOS chat.db, or an iPhone backup's sms.db): every chat",
        sniff: sniff, read: read(_:options:)
    )

    /// Makes messages' contents on a second core from their rows' bodies (`nil` for a row that
    /// is not a message), in batches, while SQLite steps on.
    typealias Worker = InOrderWorker<IMessageRow.Body?, IMessageConversation.Room, [IMessageConversation.Content?]>

    /// A SQLite file whose schema has Messages' tables.
    static func sniff(_ input: ChatInput) -> Bool {
        guard let bytes = input.bytes, bytes.withUnsafeBufferPointer({ SQLiteDatabase.hasHeader($0) }) else {
            return false
        }
        if FileManager.default.fileExists(atPath: input.name),
            let database = try? SQLiteDatabase(path: input.name), let tables = try? database.tableNames()
        {
            return tables.isSuperset(of: ["message", "chat", "handle", "chat_message_join"])
        }
        let head = FormatSniffing.head(bytes, FormatSniffing.headLength)
        return head.contains("chat_message_join") && head.contains("CREATE TABLE message")
    }

    static func read(_ input: ChatInput, options: ReadOptions) throws(ReadError) -> ReadResult {
        try read(input, options: options, decodingAhead: nil)
    }

    /// Reads every chat. With `decodingAhead` (by default when the database is big enough and a
    /// core is free: `Worker.pays`), the messages' bodies, edit histories and cards are made on a
    /// second core while the rows are stepped through; what is read is the same either way.
    static func read(_ input: ChatInput, options: ReadOptions, decodingAhead: Bool?) throws(ReadError)
        -> ReadResult
    {
        guard input.bytes != nil, input.name != "-", FileManager.default.fileExists(atPath: input.name) else {
            throw ReadError(
                location: SourceLocation(file: input.name),
                problem: .syntax(
                    "a Messages database is read from its file (chat.db or sms.db), not from standard input."))
        }
        let location = SourceLocation(file: input.name)
        let database = try IMessageDatabase(path: input.name)
        let handles = try database.handles()
        let chats = try database.chats()
        let context = IMessageContext(
            location: location, handles: handles, files: try database.attachments(),
            paths: IMessageFiles(databasePath: input.name, baseDirectory: input.baseDirectory))
        var report = ImportReport()
        let ahead = decodingAhead ?? Worker.pays(forBytes: input.bytes?.count ?? 0)
        let (transcripts, read) = try conversations(
            in: database, chats: chats, context: context, ahead: ahead, report: &report)
        let orphans = try database.messagesInNoChat(read: read)
        if orphans > 0 {
            report.inferences.append("\(orphans) message\(orphans == 1 ? " is" : "s are") in no chat and left out")
        }
        report.inferences.append("`me` is the database's owner (the messages it marks is_from_me)")
        if options.timeZone == nil {
            report.inferences.append("times are stored in UTC and shown in UTC; --tz ZONE shows them in another zone")
        }
        report.inferences += context.notes()
        if transcripts.count > 1 {
            report.inferences.append(
                "\(transcripts.count) chats read; each is a conversation, named by its chat identifier")
        }
        return ReadResult(format: .imessage, conversations: transcripts, report: report)
    }

    /// The database's conversations in the order their first messages come: one per chat, a
    /// person's SMS and iMessage chats joined (`IMessageChatGrouping`), each finished once its
    /// last chat is read; and how many messages were read.
    private static func conversations(
        in database: IMessageDatabase, chats: [Int64: IMessageDatabase.Chat], context: IMessageContext,
        ahead: Bool, report: inout ImportReport
    ) throws(ReadError) -> (conversations: [Transcript], read: Int) {
        var reading = IMessageChatGrouping(chats: chats)
        var open: [IMessageConversation?] = []
        var conversations: [Transcript?] = []
        var current = -1
        var currentChat: Int64?
        var empty = 0
        var usedIDs = Set<String>()
        var joined = 0
        func close(_ slot: Int) {
            guard let conversation = open[slot] else { return }
            open[slot] = nil
            if conversation.chatCount > 1 { joined += 1 }
            let rowID = conversation.chat.rowID
            guard var transcript = conversation.finish(report: &report) else {
                empty += 1
                return
            }
            // Two chats with one identifier that are not joined (a group's): the second keeps its row id.
            if !usedIDs.insert(transcript.id ?? "").inserted {
                transcript.id = (transcript.id ?? "") + "-\(rowID)"
                usedIDs.insert(transcript.id ?? "")
            }
            conversations[slot] = transcript
        }
        func add(_ row: IMessageRow, _ content: IMessageConversation.Content?) {
            if currentChat != row.chatID {
                if let chatID = currentChat, reading.isLast(chatID) { close(current) }
                currentChat = row.chatID
                let chat =
                    chats[row.chatID]
                    ?? IMessageDatabase.Chat(
                        rowID: row.chatID, guid: "chat\(row.chatID)", identifier: "chat\(row.chatID)", style: 45)
                if let slot = reading.slot(of: row.chatID), open[slot] != nil {
                    current = slot
                    open[slot]?.join(chat)
                } else {
                    current = open.count
                    reading.place(row.chatID, at: current)
                    open.append(IMessageConversation(chat: chat, context: context))
                    conversations.append(nil)
                }
            }
            open[current]?.add(row, content: content, report: &report)
        }
        let read = try eachMessage(of: database, files: context.files, ahead: ahead, add)
        for slot in open.indices { close(slot) }
        if joined > 0 {
            report.inferences.append(
                "\(joined) \(joined == 1 ? "person has" : "people have") both an SMS and an iMessage chat; as in Messages, each person's chats are read as one conversation, every message keeping its service"
            )
        }
        return (conversations.compactMap { $0 }, read)
    }

    /// Steps through the messages, handing each row to `add` in order with its content: made here
    /// (`nil`, for `add` to make) or, `ahead`, by the worker in batches while the rows are read on.
    /// A row handed to the worker leaves its body there and waits, without it, for its content.
    private static func eachMessage(
        of database: IMessageDatabase, files: [Int64: [IMessageDatabase.AttachmentRow]], ahead: Bool,
        _ add: (IMessageRow, IMessageConversation.Content?) -> Void
    ) throws(ReadError) -> Int {
        guard ahead else { return try database.eachMessage { (row: consuming IMessageRow) in add(row, nil) } }
        let worker = Worker(IMessageConversation.Room()) { room, bodies in
            bodies.map { body in body.map { IMessageConversation.content(of: $0, files: files, room: &room) } }
        }
        var waiting: [IMessageRow?] = []
        var next = 0
        func take(_ batches: [[IMessageConversation.Content?]]) {
            for contents in batches {
                for content in contents {
                    var row: IMessageRow?
                    swap(&row, &waiting[next])
                    next += 1
                    if let row { add(row, content) }
                }
            }
            if next >= Worker.batchSize * 8 {
                waiting.removeFirst(next)
                next = 0
            }
        }
        let read: Int
        do {
            read = try database.eachMessage { (row: consuming IMessageRow) in
                var body: IMessageRow.Body?
                if IMessageConversation.isMessage(row) {
                    body = row.body
                    row.body = .empty
                }
                waiting.append(row)
                take(worker.add(body))
            }
        } catch {
            _ = worker.finish()
            throw error
        }
        take(worker.finish().outputs)
        return read
    }
}
