/// Something sent with a message: a file or image, or a structured item such as a link
/// preview, a poll, a shared location or a contact card.
public struct Attachment: Sendable, Hashable, Codable {
    /// A path relative to the input's folder (or a member of the input's zip archive).
    public var path: String?
    /// A remote URL (an image loads only with `--remote-media`; a link is never fetched).
    public var url: String?
    /// A MIME type (`image/jpeg`) or a kind (`image`, `video`, `audio`, `voice`, `sticker`,
    /// `file`, `link`, `poll`, `location`, `contact`).
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
    /// Length of a video, audio track or voice note, in seconds.
    public var duration: Double?
    /// A link preview's title, an audio track's title, or a place's name.
    public var title: String?
    /// A link preview's description, or a place's address.
    public var description: String?
    /// The site a link preview comes from ("YouTube").
    public var siteName: String?
    /// An audio track's performer.
    public var performer: String?
    /// The emoji a sticker stands for.
    public var emoji: String?
    /// The export says it left the file out (Telegram's "File not included", WhatsApp's
    /// "<attached: … (file omitted)>"): there is nothing to link to.
    public var omitted: Bool
    /// The sender marked it a spoiler (Discord's `SPOILER_` file names): it stays covered until
    /// the reader reveals it.
    public var spoiler: Bool = false
    /// A poll's question, options and votes.
    public var poll: Poll?
    /// A shared location.
    public var place: Place?
    /// A shared contact card.
    public var contact: ContactCard?

    /// Creates an attachment.
    public init(
        path: String? = nil, url: String? = nil, type: String? = nil, name: String? = nil,
        alt: String? = nil, size: Int? = nil, width: Int? = nil, height: Int? = nil, duration: Double? = nil,
        title: String? = nil, description: String? = nil, siteName: String? = nil, performer: String? = nil,
        emoji: String? = nil, omitted: Bool = false, poll: Poll? = nil, place: Place? = nil,
        contact: ContactCard? = nil
    ) {
        self.path = path
        self.url = url
        self.type = type
        self.name = name
        self.alt = alt
        self.size = size
        self.width = width
        self.height = height
        self.duration = duration
        self.title = title
        self.description = description
        self.siteName = siteName
        self.performer = performer
        self.emoji = emoji
        self.omitted = omitted
        self.poll = poll
        self.place = place
        self.contact = contact
    }

    /// What the attachment is, by its structured content, its type and its file extension.
    public var kind: Kind {
        if poll != nil { return .poll }
        if place != nil { return .location }
        if contact != nil { return .contact }
        let type = self.type?.lowercased() ?? ""
        if let named = Kind(rawValue: type) { return named }
        if type == "photo" { return .image }
        if type == "document" { return .file }
        if type.hasPrefix("image/") { return .image }
        if type.hasPrefix("video/") { return .video }
        if type.hasPrefix("audio/") { return .audio }
        if type.contains("/") { return .file }
        let name = (path ?? url ?? self.name ?? "").lowercased()
        let stem = name.split(separator: "?", maxSplits: 1).first.map(String.init) ?? name
        if Self.imageExtensions.contains(where: { stem.hasSuffix($0) }) { return .image }
        if Self.videoExtensions.contains(where: { stem.hasSuffix($0) }) { return .video }
        if Self.audioExtensions.contains(where: { stem.hasSuffix($0) }) { return .audio }
        return .file
    }

    /// Whether the attachment is drawn as a picture: an image, or a sticker that has one.
    public var isImage: Bool {
        switch kind {
        case .image: true
        case .sticker: path != nil || url != nil
        default: false
        }
    }

    /// The kinds of attachment, each drawn its own way.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case image, video, audio, voice, sticker, file, link, poll, location, contact
    }

    private static let imageExtensions = [
        ".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", ".bmp", ".svg", ".heic",
    ]
    private static let videoExtensions = [".mp4", ".m4v", ".mov", ".webm", ".mkv", ".avi", ".3gp"]
    private static let audioExtensions = [".mp3", ".m4a", ".aac", ".ogg", ".oga", ".opus", ".wav", ".flac"]
}

/// A poll: a question, its options, and how people voted.
public struct Poll: Sendable, Hashable, Codable {
    /// The question asked.
    public var question: String
    /// The answers offered, in order.
    public var options: [PollOption]
    /// Whether voting has ended.
    public var closed: Bool
    /// How many people voted, when the export says (one person may choose several options).
    public var voters: Int?

    /// Creates a poll.
    public init(question: String, options: [PollOption], closed: Bool = false, voters: Int? = nil) {
        self.question = question
        self.options = options
        self.closed = closed
        self.voters = voters
    }
}

/// One answer of a poll.
public struct PollOption: Sendable, Hashable, Codable {
    /// The answer's text.
    public var text: String
    /// How many chose it; at least `by.count`.
    public var votes: Int
    /// Participant ids (or names) of those who chose it, when the export says.
    public var by: [String]

    /// Creates an option; `votes` defaults to the number of voters named.
    public init(text: String, votes: Int? = nil, by: [String] = []) {
        self.text = text
        self.by = by
        self.votes = max(votes ?? by.count, by.count)
    }
}

/// A place someone shared.
public struct Place: Sendable, Hashable, Codable {
    /// Degrees north.
    public var latitude: Double
    /// Degrees east.
    public var longitude: Double

    /// Creates a place.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A contact card someone shared.
public struct ContactCard: Sendable, Hashable, Codable {
    /// The contact's name.
    public var name: String
    /// Phone numbers, as written.
    public var phones: [String]
    /// E-mail addresses.
    public var emails: [String]

    /// Creates a contact card.
    public init(name: String, phones: [String] = [], emails: [String] = []) {
        self.name = name
        self.phones = phones
        self.emails = emails
    }
}
