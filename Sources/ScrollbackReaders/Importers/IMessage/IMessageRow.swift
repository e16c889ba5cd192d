/// One row of the `message` table with the chat it is in, as the reader's query returns it.
///
/// Columns an older database lacks read as NULL (see `IMessageDatabase.messageQuery`).
struct IMessageRow {
    var rowID: Int64
    var guid: String
    var text: String?
    var attributedBody: [UInt8]?
    var handleID: Int64
    /// `date` as stored: nanoseconds (seconds in older databases) since 2001-01-01 UTC.
    var date: Int64
    var dateRead: Int64
    var dateDelivered: Int64
    var isFromMe: Bool
    var isDelivered: Bool
    var isRead: Bool
    var isSent: Bool
    var error: Int64
    var service: String?
    var itemType: Int64
    var groupActionType: Int64
    var groupTitle: String?
    var otherHandle: Int64
    var associatedGUID: String?
    var associatedType: Int64
    var associatedEmoji: String?
    var threadOriginatorGUID: String?
    var threadOriginatorPart: String?
    var dateEdited: Int64
    var dateRetracted: Int64
    var summaryInfo: [UInt8]?
    var payload: [UInt8]?
    var balloonBundleID: String?
    var sendStyle: String?
    var isAudioMessage: Bool
    var chatID: Int64

    /// The columns read, in order; `chat_id` comes from `chat_message_join`.
    static let columns = [
        "ROWID", "guid", "text", "attributedBody", "handle_id", "date", "date_read", "date_delivered", "is_from_me",
        "is_delivered", "is_read", "is_sent", "error", "service", "item_type", "group_action_type", "group_title",
        "other_handle", "associated_message_guid", "associated_message_type", "associated_message_emoji",
        "thread_originator_guid", "thread_originator_part", "date_edited", "date_retracted", "message_summary_info",
        "payload_data", "balloon_bundle_id", "expressive_send_style_id", "is_audio_message",
    ]

    /// The row the statement is on.
    init(_ row: SQLiteStatement) {
        rowID = row.int(0)
        guid = row.text(1) ?? "row\(row.int(0))"
        text = row.text(2)
        attributedBody = row.blob(3)
        handleID = row.int(4)
        date = row.int(5)
        dateRead = row.int(6)
        dateDelivered = row.int(7)
        isFromMe = row.int(8) != 0
        isDelivered = row.int(9) != 0
        isRead = row.int(10) != 0
        isSent = row.int(11) != 0
        error = row.int(12)
        service = row.text(13)
        itemType = row.int(14)
        groupActionType = row.int(15)
        groupTitle = row.text(16)
        otherHandle = row.int(17)
        associatedGUID = row.text(18)
        associatedType = row.int(19)
        associatedEmoji = row.text(20)
        threadOriginatorGUID = row.text(21)
        threadOriginatorPart = row.text(22)
        dateEdited = row.int(23)
        dateRetracted = row.int(24)
        summaryInfo = row.blob(25)
        payload = row.blob(26)
        balloonBundleID = row.text(27)
        sendStyle = row.text(28)
        isAudioMessage = row.int(29) != 0
        chatID = row.int(30)
    }
}
