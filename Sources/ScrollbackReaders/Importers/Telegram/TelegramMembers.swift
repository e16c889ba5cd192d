/// The members of one Telegram message that the converter reads, found in one pass.
///
/// A message has a dozen or more members and converting it asks for some forty names: looking
/// each up by name compared strings hundreds of times per message. This reads each member once
/// and keeps it by field. A repeated key keeps its last value, as `JSONValue`'s subscript does.
struct TelegramMembers {
    /// The members read, spelled in the JSON as `name` says.
    enum Field: Int, CaseIterable {
        case id, type, date, dateUnixtime, edited, editedUnixtime, from, fromID, action, messageID, title
        case text, textEntities, replyToMessageID, forwardedFrom, savedFrom, mediaType, viaBot, inlineBotButtons
        case reactions, photo, file, fileName, mimeType, width, height, fileSize, photoFileSize, durationSeconds
        case stickerEmoji, performer, poll, locationInformation, placeName, address, contactInformation, gameTitle
    }

    private var found: [JSONValue?]

    /// The members of `value`, an object (any other value has none).
    init(_ value: JSONValue) {
        found = Array(repeating: nil, count: Field.allCases.count)
        guard case .object(let members) = value.kind else { return }
        for member in members {
            if let field = Field.named(member.key) { found[field.rawValue] = member.value }
        }
    }

    /// The member for `field`, if the message has one (`null` included).
    subscript(field: Field) -> JSONValue? { found[field.rawValue] }
}

extension TelegramMembers.Field {
    /// The member's name in the export.
    var name: String {
        switch self {
        case .id: "id"
        case .type: "type"
        case .date: "date"
        case .dateUnixtime: "date_unixtime"
        case .edited: "edited"
        case .editedUnixtime: "edited_unixtime"
        case .from: "from"
        case .fromID: "from_id"
        case .action: "action"
        case .messageID: "message_id"
        case .title: "title"
        case .text: "text"
        case .textEntities: "text_entities"
        case .replyToMessageID: "reply_to_message_id"
        case .forwardedFrom: "forwarded_from"
        case .savedFrom: "saved_from"
        case .mediaType: "media_type"
        case .viaBot: "via_bot"
        case .inlineBotButtons: "inline_bot_buttons"
        case .reactions: "reactions"
        case .photo: "photo"
        case .file: "file"
        case .fileName: "file_name"
        case .mimeType: "mime_type"
        case .width: "width"
        case .height: "height"
        case .fileSize: "file_size"
        case .photoFileSize: "photo_file_size"
        case .durationSeconds: "duration_seconds"
        case .stickerEmoji: "sticker_emoji"
        case .performer: "performer"
        case .poll: "poll"
        case .locationInformation: "location_information"
        case .placeName: "place_name"
        case .address: "address"
        case .contactInformation: "contact_information"
        case .gameTitle: "game_title"
        }
    }

    /// The field named `key`, or `nil`: only the few names of the key's length are compared,
    /// byte by byte.
    static func named(_ key: String) -> Self? {
        var key = key
        return key.withUTF8 { bytes in
            guard bytes.count < byLength.count else { return nil }
            for (name, field) in byLength[bytes.count] {
                var index = 0
                while index < name.count && name[index] == bytes[index] { index += 1 }
                if index == name.count { return field }
            }
            return nil
        }
    }

    /// The names by their length in bytes.
    private static let byLength: [[(name: [UInt8], field: Self)]] = {
        let longest = allCases.map(\.name.utf8.count).max() ?? 0
        var table = Array(repeating: [(name: [UInt8], field: Self)](), count: longest + 1)
        for field in allCases { table[field.name.utf8.count].append((Array(field.name.utf8), field)) }
        return table
    }()
}
