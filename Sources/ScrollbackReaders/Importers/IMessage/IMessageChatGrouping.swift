/// Which chats of a database are read as one conversation. Messages shows one conversation with
/// a person even when the database holds an SMS chat and an iMessage chat for the same handle
/// (one `chat_identifier`, another service): those are joined. Group chats never are.
///
/// Messages come chat by chat (in chat row id order), so a conversation is complete once the
/// last of its chats has been read.
struct IMessageChatGrouping {
    private var keys: [Int64: String] = [:]
    private var lastChat: [String: Int64] = [:]
    private var slots: [String: Int] = [:]

    init(chats: [Int64: IMessageDatabase.Chat]) {
        for chat in chats.values {
            let key = chat.isGroup ? "group \(chat.rowID)" : "person " + chat.identifier
            keys[chat.rowID] = key
            lastChat[key] = max(lastChat[key] ?? chat.rowID, chat.rowID)
        }
    }

    /// The place of the conversation a chat joins, when one of its chats was read before.
    func slot(of chatID: Int64) -> Int? { keys[chatID].flatMap { slots[$0] } }

    /// Records where the conversation of a chat is kept.
    mutating func place(_ chatID: Int64, at slot: Int) {
        if let key = keys[chatID] { slots[key] = slot }
    }

    /// Whether no later chat joins the conversation of `chatID`.
    func isLast(_ chatID: Int64) -> Bool {
        guard let key = keys[chatID] else { return true }
        return lastChat[key] == chatID
    }
}
