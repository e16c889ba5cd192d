/// The members of one Telegram message that the converter reads, found in one pass.
///
/// A message has a dozen or more members and converting it asks for some forty names: looking
/// each up by name compared strings hundreds of times per message. This reads each member's name
/// once and keeps where it is by field. A repeated key keeps its last value, as `JSONValue`'s
/// subscript does.
struct TelegramMembers {
    /// The members read, spelled in the JSON as `name` says.
    enum Field: Int, CaseIterable {
        case id, type, date, dateUnixtime, edited, editedUnixtime, from, fromID, action, messageID, title
        case text, textEntities, replyToMessageID, forwardedFrom, savedFrom, mediaType, viaBot, inlineBotButtons
        case reactions, photo, file, fileName, mimeType, width, height, fileSize, photoFileSize, durationSeconds
        case stickerEmoji, performer, poll, locationInformation, placeName, address, contactInformation, gameTitle
        case author
    }

    private let value: JSONValue
    private let members: [(key: String, value: JSONValue)]
    /// One past the position in `members` of each field's member, 0 for none: a table of bytes on
    /// the stack (room for 64 fields), so finding the members allocates nothing.
    private var places = SIMD64<UInt8>()

    /// The members of `value`, an object (any other value has none).
    init(_ value: JSONValue) {
        self.value = value
        guard case .object(let members) = value.kind else {
            self.members = []
            return
        }
        self.members = members
        // A message with more members than a byte counts (none the app writes) is looked up by name.
        guard members.count < Int(UInt8.max) else { return }
        let byLength = Field.byLength
        for index in members.indices {
            let key = members[index].key
            let length = key.utf8.count
            guard length < byLength.count else { continue }
            for (name, field) in byLength[length] where name == key {
                places[field.rawValue] = UInt8(index + 1)
                break
            }
        }
    }

    /// The member for `field`, if the message has one (`null` included).
    @inline(__always)
    subscript(field: Field) -> JSONValue? {
        guard members.count < Int(UInt8.max) else { return value[field.name] }
        let place = Int(places[field.rawValue])
        return place == 0 ? nil : members[place - 1].value
    }
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
        case .author: "author"
        }
    }

    /// The names by their length in bytes: a key is compared only with the few of its length.
    fileprivate static let byLength: [[(name: String, field: Self)]] = {
        let longest = allCases.map(\.name.utf8.count).max() ?? 0
        var table = Array(repeating: [(name: String, field: Self)](), count: longest + 1)
        for field in allCases { table[field.name.utf8.count].append((field.name, field)) }
        return table
    }()
}
