import ScrollbackModel

/// The tables of a Messages database that the reader uses, read through one read-only connection.
///
/// Handles, chats, members and attachments are small and read first; messages are then stepped
/// through once, in chat and time order, never all held as rows.
struct IMessageDatabase {
    let database: SQLiteDatabase
    private let messageColumns: Set<String>

    /// A chat (`chat` table).
    struct Chat {
        var rowID: Int64
        var guid: String
        var identifier: String
        var displayName: String?
        /// 43 for a group chat, 45 for one with one other person.
        var style: Int64
        var service: String?
        var members: [Int64] = []
        var isGroup: Bool { style == 43 }
    }

    /// A file row (`attachment` table), with the message it belongs to.
    struct AttachmentRow {
        var rowID: Int64
        var guid: String?
        var filename: String?
        var mimeType: String?
        var transferName: String?
        var totalBytes: Int64
        var isSticker: Bool
        var uti: String?
    }

    /// Opens `path`; a file without Messages' tables fails saying so.
    init(path: String) throws(ReadError) {
        database = try SQLiteDatabase(path: path)
        let tables = try database.tableNames()
        for table in ["message", "handle", "chat", "chat_message_join"] where !tables.contains(table) {
            throw SQLiteDatabase.error(path, "is a SQLite database but not a Messages one (it has no \(table) table).")
        }
        messageColumns = try database.columns(of: "message")
        hasAttachments = tables.contains("attachment") && tables.contains("message_attachment_join")
        hasMembers = tables.contains("chat_handle_join")
    }

    private let hasAttachments: Bool
    private let hasMembers: Bool

    /// Handle row id → the handle (a phone number or an e-mail address).
    func handles() throws(ReadError) -> [Int64: String] {
        let statement = try database.prepare("SELECT ROWID, id FROM handle")
        var handles: [Int64: String] = [:]
        while try statement.step() { handles[statement.int(0)] = statement.text(1) ?? "unknown" }
        return handles
    }

    /// The chats, with their members, by row id.
    func chats() throws(ReadError) -> [Int64: Chat] {
        let columns = try database.columns(of: "chat")
        let pick = { (name: String) in columns.contains(name) ? name : "NULL" }
        let statement = try database.prepare(
            "SELECT ROWID, \(pick("guid")), \(pick("chat_identifier")), \(pick("display_name")), \(pick("style")), \(pick("service_name")) FROM chat"
        )
        var chats: [Int64: Chat] = [:]
        while try statement.step() {
            let rowID = statement.int(0)
            chats[rowID] = Chat(
                rowID: rowID, guid: statement.text(1) ?? "chat\(rowID)",
                identifier: statement.text(2) ?? statement.text(1) ?? "chat\(rowID)", displayName: statement.text(3),
                style: statement.int(4), service: statement.text(5))
        }
        if hasMembers {
            let members = try database.prepare(
                "SELECT chat_id, handle_id FROM chat_handle_join ORDER BY chat_id, handle_id")
            while try members.step() { chats[members.int(0)]?.members.append(members.int(1)) }
        }
        return chats
    }

    /// Message row id → its files, in the order they were attached.
    func attachments() throws(ReadError) -> [Int64: [AttachmentRow]] {
        guard hasAttachments else { return [:] }
        let columns = try database.columns(of: "attachment")
        let pick = { (name: String) in columns.contains(name) ? "a." + name : "NULL" }
        let statement = try database.prepare(
            """
            SELECT j.message_id, a.ROWID, \(pick("guid")), \(pick("filename")), \(pick("mime_type")), \
            \(pick("transfer_name")), \(pick("total_bytes")), \(pick("is_sticker")), \(pick("uti")) \
            FROM message_attachment_join j JOIN attachment a ON a.ROWID = j.attachment_id ORDER BY j.message_id, j.ROWID
            """)
        var files: [Int64: [AttachmentRow]] = [:]
        while try statement.step() {
            files[statement.int(0), default: []].append(
                AttachmentRow(
                    rowID: statement.int(1), guid: statement.text(2), filename: statement.text(3),
                    mimeType: statement.text(4), transferName: statement.text(5), totalBytes: statement.int(6),
                    isSticker: statement.int(7) != 0, uti: statement.text(8)))
        }
        return files
    }

    /// Steps through every message of every chat, chat by chat, each chat's in the order they were
    /// stored (the chat and message key, no sort of the whole table); how many messages it read (one
    /// in two chats counts once). Each row is given to `body`, not copied.
    func eachMessage(_ body: (consuming IMessageRow) throws(ReadError) -> Void) throws(ReadError) -> Int {
        let columns = IMessageRow.columns.map { messageColumns.contains($0) ? "m." + $0 : "NULL" }
        let statement = try database.prepare(
            "SELECT \(columns.joined(separator: ", ")), j.chat_id FROM chat_message_join j "
                + "JOIN message m ON m.ROWID = j.message_id ORDER BY j.chat_id, j.message_id")
        let largest = try database.prepare("SELECT max(ROWID) FROM message")
        var read = RowIDSet(largest: try largest.step() && !largest.isNull(0) ? largest.int(0) : -1)
        while try statement.step() {
            let row = IMessageRow(statement)
            read.insert(row.rowID)
            try body(row)
        }
        return read.count
    }

    /// How many messages are in no chat (the reader cannot place them), when `read` were read from
    /// chats: the others, or none when a chat's row names no message (`NOT IN` a list that holds
    /// NULL is never true). Counted, not looked up message by message.
    func messagesInNoChat(read: Int) throws(ReadError) -> Int {
        let unnamed = try database.prepare("SELECT EXISTS (SELECT 1 FROM chat_message_join WHERE message_id IS NULL)")
        guard try unnamed.step(), unnamed.int(0) == 0 else { return 0 }
        let all = try database.prepare("SELECT count(*) FROM message")
        return try all.step() ? max(0, Int(all.int(0)) - read) : 0
    }
}

/// The distinct row ids of the messages read: a bit for each id from 0 to the table's largest
/// (rows are numbered from 1 up, so a few kilobytes for a real database, at most 8 MB), a set
/// for any other id. Cheaper than a set of every id: no hashing, no growing.
struct RowIDSet {
    private var bits: [UInt64]
    private var others = Set<Int64>()
    /// How many distinct ids were inserted.
    private(set) var count = 0

    /// A set for ids up to `largest` in bits (none when it is negative or over 2^26).
    init(largest: Int64) {
        bits = Array(repeating: 0, count: largest >= 0 && largest < 1 << 26 ? Int(largest >> 6) + 1 : 0)
    }

    mutating func insert(_ id: Int64) {
        if id >= 0, id >> 6 < Int64(bits.count) {
            let word = Int(id >> 6)
            let mask: UInt64 = 1 << UInt64(id & 63)
            guard bits[word] & mask == 0 else { return }
            bits[word] |= mask
            count += 1
        } else if others.insert(id).inserted {
            count += 1
        }
    }
}
