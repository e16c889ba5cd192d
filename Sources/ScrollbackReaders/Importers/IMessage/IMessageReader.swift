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
        var conversations: [Transcript] = []
        var open: IMessageConversation?
        var empty = 0
        var usedIDs = Set<String>()
        func close() {
            guard let chat = open else { return }
            open = nil
            guard var transcript = chat.finish(report: &report) else {
                empty += 1
                return
            }
            // One handle can have an iMessage and an SMS chat: the second keeps its row id.
            if !usedIDs.insert(transcript.id ?? "").inserted {
                transcript.id = (transcript.id ?? "") + "-\(chat.chat.rowID)"
                usedIDs.insert(transcript.id ?? "")
            }
            conversations.append(transcript)
        }
        try database.eachMessage { row throws(ReadError) in
            if open?.chat.rowID != row.chatID {
                close()
                let chat =
                    chats[row.chatID]
                    ?? IMessageDatabase.Chat(
                        rowID: row.chatID, guid: "chat\(row.chatID)", identifier: "chat\(row.chatID)", style: 45)
                open = IMessageConversation(chat: chat, context: context)
            }
            open?.add(row, report: &report)
        }
        close()
        let orphans = try database.messagesInNoChat()
        if orphans > 0 {
            report.inferences.append("\(orphans) message\(orphans == 1 ? " is" : "s are") in no chat and left out")
        }
        report.inferences.append("`me` is the database's owner (the messages it marks is_from_me)")
        if options.timeZone == nil {
            report.inferences.append("times are stored in UTC and shown in UTC; --tz ZONE shows them in another zone")
        }
        report.inferences += context.notes()
        if conversations.count > 1 {
            report.inferences.append(
                "\(conversations.count) chats read; each is a conversation, named by its chat identifier")
        }
        return ReadResult(format: .imessage, conversations: conversations, report: report)
    }
}
