/// One message, or one system event ("Ben renamed the group").
///
/// A value type with copy-on-write storage: a message is copied at every stage
/// (reader → transcript → layout → bubble), and one reference count per copy is
/// far cheaper than one per field when a log holds millions of messages.
public struct Message: Sendable, Hashable, Codable {
    /// The message's id: the input's own, or one derived from its position (`m1`, `m2`, …).
    public var id: String {
        get { storage.fields.id }
        set { mutableStorage().fields.id = newValue }
    }
    /// Whether this is something someone said or an event of the chat itself.
    public var kind: Kind {
        get { storage.fields.kind }
        set { mutableStorage().fields.kind = newValue }
    }
    /// The participant id of the sender; `nil` for system messages.
    public var sender: String? {
        get { storage.fields.sender }
        set { mutableStorage().fields.sender = newValue }
    }
    /// When the message was sent, with the offset the log wrote.
    public var time: Timestamp {
        get { storage.fields.time }
        set { mutableStorage().fields.time = newValue }
    }
    /// The body: GitHub Flavored Markdown unless `format` is `.plain`.
    public var text: String {
        get { storage.fields.text }
        set { mutableStorage().fields.text = newValue }
    }
    /// How `text` is to be read.
    public var format: TextFormat {
        get { storage.fields.format }
        set { mutableStorage().fields.format = newValue }
    }
    /// The id of the message this one answers.
    public var replyTo: String? {
        get { storage.fields.replyTo }
        set { mutableStorage().fields.replyTo = newValue }
    }
    /// Delivery status of an outgoing message.
    public var status: DeliveryStatus? {
        get { storage.fields.status }
        set { mutableStorage().fields.status = newValue }
    }
    /// Reactions, in the order the log gives them.
    public var reactions: [Reaction] {
        get { storage.fields.reactions }
        set { mutableStorage().fields.reactions = newValue }
    }
    /// Files and images sent with the message.
    public var attachments: [Attachment] {
        get { storage.fields.attachments }
        set { mutableStorage().fields.attachments = newValue }
    }
    /// When the message was last edited, if it was.
    public var edited: Timestamp? {
        get { storage.fields.edited }
        set { mutableStorage().fields.edited = newValue }
    }
    /// Whether the message was deleted (its text is then usually empty).
    public var deleted: Bool {
        get { storage.fields.deleted }
        set { mutableStorage().fields.deleted = newValue }
    }
    /// Who the message was forwarded from, as the source app names them.
    public var forwardedFrom: String? {
        get { storage.fields.forwardedFrom }
        set { mutableStorage().fields.forwardedFrom = newValue }
    }
    /// The forum topic or thread the message belongs to, as the source app names it.
    public var topic: String? {
        get { storage.fields.topic }
        set { mutableStorage().fields.topic = newValue }
    }
    /// Earlier versions of an edited message's text, oldest first (an archive keeps them).
    public var revisions: [Revision] {
        get { storage.fields.revisions }
        set { mutableStorage().fields.revisions = newValue }
    }
    /// An archive kept this message from an older export; the newest export no longer holds it.
    public var missingFromLatestExport: Bool {
        get { storage.fields.missingFromLatestExport }
        set { mutableStorage().fields.missingFromLatestExport = newValue }
    }
    /// Kept from the input but not shown (tool calls in an AI chat, for example).
    public var hidden: Bool {
        get { storage.fields.hidden }
        set { mutableStorage().fields.hidden = newValue }
    }
    /// Free-form data the log attached; kept, never rendered.
    public var meta: MetaValue? {
        get { storage.fields.meta }
        set { mutableStorage().fields.meta = newValue }
    }
    /// Where the message starts in the input, for error messages.
    public var location: SourceLocation? {
        get { storage.fields.location }
        set { mutableStorage().fields.location = newValue }
    }

    /// The two kinds of entries in a chat.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case message
        case system
    }

    private var storage: Storage

    /// Creates a message.
    public init(
        id: String, kind: Kind = .message, sender: String?, time: Timestamp, text: String = "",
        format: TextFormat = .markdown, replyTo: String? = nil, status: DeliveryStatus? = nil,
        reactions: [Reaction] = [], attachments: [Attachment] = [], edited: Timestamp? = nil,
        deleted: Bool = false, forwardedFrom: String? = nil, topic: String? = nil, revisions: [Revision] = [],
        missingFromLatestExport: Bool = false, hidden: Bool = false, meta: MetaValue? = nil,
        location: SourceLocation? = nil
    ) {
        storage = Storage(
            Fields(
                id: id, kind: kind, sender: sender, time: time, text: text, format: format, replyTo: replyTo,
                status: status, reactions: reactions, attachments: attachments, edited: edited, deleted: deleted,
                forwardedFrom: forwardedFrom, topic: topic, revisions: revisions,
                missingFromLatestExport: missingFromLatestExport, hidden: hidden, meta: meta, location: location))
    }

    public static func == (lhs: Message, rhs: Message) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    public init(from decoder: Decoder) throws {
        storage = Storage(try Fields(from: decoder))
    }

    public func encode(to encoder: Encoder) throws { try storage.fields.encode(to: encoder) }

    /// The storage, copied first if another message shares it.
    private mutating func mutableStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }
}

extension Message {
    /// The stored fields, as one value.
    fileprivate struct Fields: Sendable, Hashable {
        // Declared widest first and the one-byte fields last, so that none of these is padded out
        // to eight bytes: a message's storage is 148 bytes, not 200 (a million messages are held).
        var id: String
        var sender: String?
        var time: Timestamp
        var text: String
        var replyTo: String?
        var reactions: [Reaction]
        var attachments: [Attachment]
        /// The fields most messages leave empty, held out of line (a million messages would carry
        /// about 80 MB of them inline); `nil` exactly when all of them are empty, so that equal
        /// messages have equal fields.
        private var rare: Rare?
        private var place = Place()
        var kind: Message.Kind
        var format: TextFormat
        var status: DeliveryStatus?
        var deleted: Bool

        /// Where the message starts, in 24 bytes rather than the 42 of an optional
        /// `SourceLocation`: line and column as 32-bit numbers one more than their value (0: not
        /// known), `file` `nil` when there is no location. A location whose numbers do not fit is
        /// held whole among the rare fields instead, so each location has one form.
        private struct Place: Sendable, Hashable {
            var file: String?
            var line: UInt32 = 0
            var column: UInt32 = 0

            /// `number` one up, 0 for `nil`; `nil` when it does not fit.
            static func packed(_ number: Int?) -> UInt32? {
                guard let number else { return 0 }
                guard number >= 0, number < Int(UInt32.max) else { return nil }
                return UInt32(number + 1)
            }

            static func unpacked(_ number: UInt32) -> Int? { number == 0 ? nil : Int(number) - 1 }
        }

        var location: SourceLocation? {
            get {
                guard let file = place.file else { return rare?.fields.wideLocation }
                return SourceLocation(
                    file: file, line: Place.unpacked(place.line), column: Place.unpacked(place.column))
            }
            set {
                if let newValue, let line = Place.packed(newValue.line), let column = Place.packed(newValue.column) {
                    place = Place(file: newValue.file, line: line, column: column)
                    if rare?.fields.wideLocation != nil { extra.wideLocation = nil }
                } else {
                    place = Place()
                    if rare?.fields.wideLocation != newValue { extra.wideLocation = newValue }
                }
            }
        }

        /// The fields most messages leave empty.
        private struct Extra: Sendable, Hashable {
            var edited: Timestamp?
            var forwardedFrom: String?
            var topic: String?
            var revisions: [Revision] = []
            var missingFromLatestExport = false
            var hidden = false
            var meta: MetaValue?
            /// A location whose line or column is past what `Place` holds.
            var wideLocation: SourceLocation?
        }

        /// The rare fields in a box of their own; never changed once made.
        private final class Rare: Sendable, Hashable {
            let fields: Extra
            init(_ fields: Extra) { self.fields = fields }
            static func == (lhs: Rare, rhs: Rare) -> Bool { lhs === rhs || lhs.fields == rhs.fields }
            func hash(into hasher: inout Hasher) { hasher.combine(fields) }
        }

        init(
            id: String, kind: Message.Kind, sender: String?, time: Timestamp, text: String, format: TextFormat,
            replyTo: String?, status: DeliveryStatus?, reactions: [Reaction], attachments: [Attachment],
            edited: Timestamp?, deleted: Bool, forwardedFrom: String?, topic: String?, revisions: [Revision],
            missingFromLatestExport: Bool, hidden: Bool, meta: MetaValue?, location: SourceLocation?
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
            self.deleted = deleted
            extra = Extra(
                edited: edited, forwardedFrom: forwardedFrom, topic: topic, revisions: revisions,
                missingFromLatestExport: missingFromLatestExport, hidden: hidden, meta: meta)
            self.location = location
        }

        private var extra: Extra {
            get { rare?.fields ?? Extra() }
            set { rare = newValue == Extra() ? nil : Rare(newValue) }
        }

        var edited: Timestamp? {
            get { extra.edited }
            set { extra.edited = newValue }
        }
        var forwardedFrom: String? {
            get { extra.forwardedFrom }
            set { extra.forwardedFrom = newValue }
        }
        var topic: String? {
            get { extra.topic }
            set { extra.topic = newValue }
        }
        var revisions: [Revision] {
            get { extra.revisions }
            set { extra.revisions = newValue }
        }
        var missingFromLatestExport: Bool {
            get { extra.missingFromLatestExport }
            set { extra.missingFromLatestExport = newValue }
        }
        var hidden: Bool {
            get { extra.hidden }
            set { extra.hidden = newValue }
        }
        var meta: MetaValue? {
            get { extra.meta }
            set { extra.meta = newValue }
        }
    }

    /// A class box around the fields; never mutated while shared.
    fileprivate final class Storage: @unchecked Sendable {
        /// Not checked for overlapping access at run time: every field is read or written through
        /// one short accessor of `Message`, which writes only to storage it holds alone, so no two
        /// accesses can overlap. The check cost more than reading the field (about 75
        /// instructions a read, 6% of a page's instructions).
        @exclusivity(unchecked) var fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }
}

/// The coded form is the fields by name, in the order they are declared on `Message`, the
/// optional ones only when present, as Swift writes a struct's fields by itself.
extension Message.Fields: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, kind, sender, time, text, format, replyTo, status, reactions, attachments, edited, deleted
        case forwardedFrom, topic, revisions, missingFromLatestExport, hidden, meta, location
    }

    init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            id: values.decode(String.self, forKey: .id), kind: values.decode(Message.Kind.self, forKey: .kind),
            sender: values.decodeIfPresent(String.self, forKey: .sender),
            time: values.decode(Timestamp.self, forKey: .time), text: values.decode(String.self, forKey: .text),
            format: values.decode(TextFormat.self, forKey: .format),
            replyTo: values.decodeIfPresent(String.self, forKey: .replyTo),
            status: values.decodeIfPresent(DeliveryStatus.self, forKey: .status),
            reactions: values.decode([Reaction].self, forKey: .reactions),
            attachments: values.decode([Attachment].self, forKey: .attachments),
            edited: values.decodeIfPresent(Timestamp.self, forKey: .edited),
            deleted: values.decode(Bool.self, forKey: .deleted),
            forwardedFrom: values.decodeIfPresent(String.self, forKey: .forwardedFrom),
            topic: values.decodeIfPresent(String.self, forKey: .topic),
            revisions: values.decode([Revision].self, forKey: .revisions),
            missingFromLatestExport: values.decode(Bool.self, forKey: .missingFromLatestExport),
            hidden: values.decode(Bool.self, forKey: .hidden),
            meta: values.decodeIfPresent(MetaValue.self, forKey: .meta),
            location: values.decodeIfPresent(SourceLocation.self, forKey: .location))
    }

    func encode(to encoder: Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(id, forKey: .id)
        try values.encode(kind, forKey: .kind)
        try values.encodeIfPresent(sender, forKey: .sender)
        try values.encode(time, forKey: .time)
        try values.encode(text, forKey: .text)
        try values.encode(format, forKey: .format)
        try values.encodeIfPresent(replyTo, forKey: .replyTo)
        try values.encodeIfPresent(status, forKey: .status)
        try values.encode(reactions, forKey: .reactions)
        try values.encode(attachments, forKey: .attachments)
        try values.encodeIfPresent(edited, forKey: .edited)
        try values.encode(deleted, forKey: .deleted)
        try values.encodeIfPresent(forwardedFrom, forKey: .forwardedFrom)
        try values.encodeIfPresent(topic, forKey: .topic)
        try values.encode(revisions, forKey: .revisions)
        try values.encode(missingFromLatestExport, forKey: .missingFromLatestExport)
        try values.encode(hidden, forKey: .hidden)
        try values.encodeIfPresent(meta, forKey: .meta)
        try values.encodeIfPresent(location, forKey: .location)
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

/// An earlier version of an edited message.
public struct Revision: Sendable, Hashable, Codable {
    /// The text as it was.
    public var text: String
    /// When that version was written, if known.
    public var time: Timestamp?

    /// Creates a revision.
    public init(text: String, time: Timestamp? = nil) {
        self.text = text
        self.time = time
    }
}
