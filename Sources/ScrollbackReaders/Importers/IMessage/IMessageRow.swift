/// One row of the `message` table with the chat it is in, as the reader's query returns it.
///
/// Columns an older database lacks read as NULL (see `IMessageDatabase.messageQuery`).
struct IMessageRow {
    var rowID: Int64
    var guid: String
    /// The columns a message's content is made from, apart from the rest: they can be handed to
    /// another core on their own (`IMessageReader`).
    var body: Body
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
    var sendStyle: String?
    var isAudioMessage: Bool
    var chatID: Int64

    /// What `IMessageConversation.content` reads of a row: its text, its `attributedBody`, its
    /// edit history and a balloon's payload.
    struct Body {
        var rowID: Int64
        var text: String?
        var attributedBody: [UInt8]?
        var summaryInfo: [UInt8]?
        var payload: [UInt8]?
        var balloonBundleID: String?

        static let empty = Body(rowID: 0)

        init(rowID: Int64) { self.rowID = rowID }
    }

    /// The columns read, in order; `chat_id` comes from `chat_message_join`.
    static let columns = [
        "ROWID", "guid", "text", "attributedBody", "handle_id", "date", "date_read", "date_delivered", "is_from_me",
        "is_delivered", "is_read", "is_sent", "error", "service", "item_type", "group_action_type", "group_title",
        "other_handle", "associated_message_guid", "associated_message_type", "associated_message_emoji",
        "thread_originator_guid", "thread_originator_part", "date_edited", "date_retracted", "message_summary_info",
        "payload_data", "balloon_bundle_id", "expressive_send_style_id", "is_audio_message",
    ]

    /// The row the statement is on. Columns only some rows use are read only for those: the
    /// delivery columns for the owner's rows, an event's for events, a tapback's target for rows
    /// of a tapback type, a reply's part for replies, the edit time beside an edit history; each
    /// reads as NULL otherwise, as no code looks at it there.
    init(_ row: SQLiteStatement) {
        rowID = row.int(0)
        guid = row.text(1) ?? "row\(row.int(0))"
        body = Body(rowID: rowID)
        body.text = row.text(2)
        body.attributedBody = row.blob(3)
        handleID = row.int(4)
        date = row.int(5)
        isFromMe = row.int(8) != 0
        (dateRead, dateDelivered, isDelivered, isRead, isSent, error) =
            isFromMe ? Self.delivery(row) : (0, 0, false, false, false, 0)
        service = row.text(13)
        itemType = row.int(14)
        (groupActionType, groupTitle, otherHandle) = (0, nil, 0)
        if itemType != 0 { (groupActionType, groupTitle, otherHandle) = (row.int(15), row.text(16), row.int(17)) }
        associatedType = row.int(19)
        (associatedGUID, associatedEmoji) = associatedType != 0 ? (row.text(18), row.text(20)) : (nil, nil)
        threadOriginatorGUID = row.text(21)
        threadOriginatorPart = threadOriginatorGUID != nil ? row.text(22) : nil
        body.summaryInfo = row.blob(25)
        dateEdited = body.summaryInfo != nil ? row.int(23) : 0
        dateRetracted = row.int(24)
        body.payload = row.blob(26)
        body.balloonBundleID = row.text(27)
        sendStyle = row.text(28)
        isAudioMessage = row.int(29) != 0
        chatID = row.int(30)
    }

    /// When the owner's message was read and delivered, whether it was delivered, read and sent,
    /// and its error.
    private static func delivery(_ row: SQLiteStatement) -> (Int64, Int64, Bool, Bool, Bool, Int64) {
        (row.int(6), row.int(7), row.int(9) != 0, row.int(10) != 0, row.int(11) != 0, row.int(12))
    }
}
