/// One message, or one system event ("Ben renamed the group").
public struct Message: Sendable, Hashable, Codable {
    /// The message's id: the input's own, or one derived from its position (`m1`, `m2`, …).
    public var id: String
    /// Whether this is something someone said or an event of the chat itself.
    public var kind: Kind
    /// The participant id of the sender; `nil` for system messages.
    public var sender: String?
    /// When the message was sent, with the offset the log wrote.
    public var time: Timestamp
    /// The body: GitHub Flavored Markdown unless `format` is `.plain`.
    public var text: String
    /// How `text` is to be read.
    public var format: TextFormat
    /// The id of the message this one answers.
    public var replyTo: String?
    /// Delivery status of an outgoing message.
    public var status: DeliveryStatus?
    /// Reactions, in the order the log gives them.
    public var reactions: [Reaction]
    /// Files and images sent with the message.
    public var attachments: [Attachment]
    /// When the message was last edited, if it was.
    public var edited: Timestamp?
    /// Whether the message was deleted (its text is then usually empty).
    public var deleted: Bool
    /// Who the message was forwarded from, as the source app names them.
    public var forwardedFrom: String?
    /// Kept from the input but not shown (tool calls in an AI chat, for example).
    public var hidden: Bool
    /// Free-form data the log attached; kept, never rendered.
    public var meta: MetaValue?
    /// Where the message starts in the input, for error messages.
    public var location: SourceLocation?

    /// The two kinds of entries in a chat.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case message
        case system
    }

    /// Creates a message.
    public init(
        id: String, kind: Kind = .message, sender: String?, time: Timestamp, text: String = "",
        format: TextFormat = .markdown, replyTo: String? = nil, status: DeliveryStatus? = nil,
        reactions: [Reaction] = [], attachments: [Attachment] = [], edited: Timestamp? = nil,
        deleted: Bool = false, forwardedFrom: String? = nil, hidden: Bool = false,
        meta: MetaValue? = nil, location: SourceLocation? = nil
    ) {
        self.id = id
        self.kind = kind
        self.sender = sender
        self.time = time
        self.text = text
        self.format = format
        self.replyTo = replyTo
        self.status = status
        self.reactions = reactions
        self.attachments = attachments
        self.edited = edited
        self.deleted = deleted
        self.forwardedFrom = forwardedFrom
        self.hidden = hidden
        self.meta = meta
        self.location = location
    }
}

/// How a message body is written.
public enum TextFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// GitHub Flavored Markdown (the default).
    case markdown
    /// Text shown as it is, with no Markdown.
    case plain
}

/// Where an outgoing message is on its way to the other side.
public enum DeliveryStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case sending, sent, delivered, read, failed
}

/// One emoji reaction and who gave it.
public struct Reaction: Sendable, Hashable, Codable {
    /// The emoji (or short name, for apps that use custom emoji).
    public var emoji: String
    /// Participant ids (or names) of those who reacted.
    public var by: [String]
    /// How many reacted; at least `by.count` (some exports give only a count).
    public var count: Int

    /// Creates a reaction; `count` defaults to the number of reactors.
    public init(emoji: String, by: [String] = [], count: Int? = nil) {
        self.emoji = emoji
        self.by = by
        self.count = max(count ?? by.count, by.count)
    }
}

/// A file or image sent with a message.
public struct Attachment: Sendable, Hashable, Codable {
    /// A path relative to the input's folder.
    public var path: String?
    /// A remote URL (loaded only with `--remote-media`).
    public var url: String?
    /// A MIME type (`image/jpeg`) or a broad kind (`image`, `video`, `audio`, `file`).
    public var type: String?
    /// The file name to show.
    public var name: String?
    /// Alternative text for images.
    public var alt: String?
    /// The size in bytes.
    public var size: Int?
    /// Pixel dimensions, when known, for a fixed aspect ratio.
    public var width: Int?
    public var height: Int?

    /// Creates an attachment.
    public init(
        path: String? = nil, url: String? = nil, type: String? = nil, name: String? = nil,
        alt: String? = nil, size: Int? = nil, width: Int? = nil, height: Int? = nil
    ) {
        self.path = path
        self.url = url
        self.type = type
        self.name = name
        self.alt = alt
        self.size = size
        self.width = width
        self.height = height
    }

    /// Whether the attachment is an image, by its type or its file extension.
    public var isImage: Bool {
        if let type = type?.lowercased() {
            if type == "image" || type.hasPrefix("image/") { return true }
            if type.contains("/") || ["video", "audio", "file", "document", "sticker"].contains(type) {
                return type == "sticker"
            }
        }
        let name = (path ?? url ?? self.name ?? "").lowercased()
        return [".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", ".bmp", ".svg", ".heic"]
            .contains { name.hasSuffix($0) }
    }
}
