import ScrollbackModel

/// A transcript laid out: days, chains of bubbles, and where each bubble sits.
///
/// Renderers draw this value and decide nothing about grouping themselves, so the
/// HTML page, the terminal and the layout JSON always agree.
public struct TranscriptLayout: Sendable, Hashable {
    /// The conversation's title, if any.
    public var title: String?
    /// The participant id shown on the right, if any.
    public var me: String?
    /// The zone the days were cut in.
    public var timeZone: Zone
    /// The locale labels were written in.
    public var locale: String
    /// Everyone in the conversation, with what renderers need to draw them.
    public var participants: [ParticipantStyle]
    /// Whether the chat is a group: the transcript says so (`Transcript.isGroup`), else it has
    /// three or more participants.
    public var isGroup: Bool
    /// The days, oldest first.
    public var days: [DayLayout]
    /// The log has no real times: renderers show no day headings or clock times.
    public var undated: Bool = false
    /// The channel's topic, shown under the title.
    public var topic: String?
    /// The files the log names that its input (the export's folder or zip) does not hold, by the
    /// path the log gives, as finding the media decided (`HTMLOptions.missingFiles`): each such
    /// attachment says "not in the export" in every output. Empty when that is not known.
    package var missingFiles: Set<String> = []

    /// The participant with an id, in O(1).
    public func participant(_ id: String) -> ParticipantStyle? {
        participantIndex[id].map { participants[$0] }
    }

    /// Number of messages laid out (system messages included).
    public var messageCount: Int { days.reduce(0) { $0 + $1.chains.reduce(0) { $0 + $1.bubbles.count } } }

    var participantIndex: [String: Int]

    /// Creates a layout; `participantIndex` is built from `participants`.
    package init(
        title: String?, me: String?, timeZone: Zone, locale: String, participants: [ParticipantStyle],
        isGroup: Bool, days: [DayLayout]
    ) {
        self.title = title
        self.me = me
        self.timeZone = timeZone
        self.locale = locale
        self.participants = participants
        self.isGroup = isGroup
        self.days = days
        var index: [String: Int] = [:]
        for (offset, participant) in participants.enumerated() where index[participant.id] == nil {
            index[participant.id] = offset
        }
        self.participantIndex = index
    }
}

/// A participant with what drawing them needs.
public struct ParticipantStyle: Sendable, Hashable {
    /// The participant's id.
    public var id: String
    /// The display name.
    public var name: String
    /// One or two letters for an avatar without an image.
    public var initials: String
    /// A colour slot (0..<`ParticipantStyle.paletteSize`), stable for the id.
    public var colorIndex: Int
    /// The avatar image path or URL, if the log gives one.
    public var avatar: String?
    /// Whether this is `me`.
    public var isMe: Bool
    /// The last known online state (the avatar's dot), when the log says.
    public var presence: Presence?
    /// A bot or an app: its name carries a BOT tag.
    public var isBot: Bool = false

    /// How many colours avatars and names cycle through.
    public static let paletteSize = 8

    /// Creates a style.
    package init(
        id: String, name: String, initials: String, colorIndex: Int, avatar: String?, isMe: Bool,
        presence: Presence? = nil
    ) {
        self.id = id
        self.name = name
        self.initials = initials
        self.colorIndex = colorIndex
        self.avatar = avatar
        self.isMe = isMe
        self.presence = presence
    }
}

/// One calendar day in the chosen zone.
public struct DayLayout: Sendable, Hashable {
    /// The day.
    public var date: CivilDate
    /// The heading, in the chosen locale ("Saturday, 28 November 2026"); never relative.
    public var label: String
    /// The day's chains, in time order.
    public var chains: [ChainLayout]

    /// Creates a day.
    package init(date: CivilDate, label: String, chains: [ChainLayout]) {
        self.date = date
        self.label = label
        self.chains = chains
    }
}

/// Consecutive messages of one sender, or one system message.
public struct ChainLayout: Sendable, Hashable {
    /// A chain of someone's messages, or a system line.
    public var kind: Message.Kind
    /// The sender's participant id; `nil` for system chains.
    public var sender: String?
    /// Where the chain sits in the row.
    public var alignment: BubbleAlignment
    /// Whether the sender's name shows above the first bubble.
    public var showName: Bool
    /// The bubbles, in time order.
    public var bubbles: [Bubble]

    /// Creates a chain.
    package init(kind: Message.Kind, sender: String?, alignment: BubbleAlignment, showName: Bool, bubbles: [Bubble]) {
        self.kind = kind
        self.sender = sender
        self.alignment = alignment
        self.showName = showName
        self.bubbles = bubbles
    }
}

/// Where a chain sits in its row.
public enum BubbleAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Others' messages: the left in left-to-right pages.
    case leading
    /// `me`: the right.
    case trailing
    /// System messages.
    case center
}

/// A bubble's place in its chain.
public enum BubblePosition: String, Sendable, Hashable, Codable, CaseIterable {
    case single, first, middle, last
}

/// One message as drawn.
public struct Bubble: Sendable, Hashable {
    /// The message itself.
    public var message: Message
    /// Its place in the chain.
    public var position: BubblePosition
    /// Whether it has a tail (the `single` or `last` bubble of a chain).
    public var tail: Bool
    /// Whether the sender's avatar sits beside it (the last bubble of an incoming chain).
    public var avatar: Bool
    /// The delivery status shown under it (the latest outgoing status, or a failure), if any.
    public var status: DeliveryStatus?
    /// Whether it names the service it went by (SMS, RCS, iMessage): the first bubble of a chain
    /// sent by text message, and a bubble whose service differs from the one before it in its chain.
    package var marksService = false
    /// The time of day in the chosen zone and locale ("09:14").
    public var timeLabel: String
    /// The chosen zone's offset from UTC at the message's time, in seconds.
    public var utcOffset: Int32
    /// RFC 3339 in the chosen zone, for `<time datetime>`: made when asked, since only some
    /// outputs need it and it is the one time string too long to store without the heap.
    package var isoTime: String { message.time.rfc3339(utcOffset: utcOffset) }
    /// Whether the time shows beside the bubble without hovering (a chain's end, a long pause).
    public var showTime: Bool
    /// A message of only one to three emoji, drawn large without a bubble.
    public var jumbo: Bool
    /// The quoted message, when this one replies to another.
    public var reply: ReplyPreview? {
        get { quoted?.preview }
        set { quoted = newValue.map(Quoted.init) }
    }
    /// The preview, held out of line: most bubbles quote nothing, and inline it would take 72 of
    /// a bubble's bytes (a million bubbles would carry 64 MB of empty previews).
    private var quoted: Quoted?

    /// A reply preview in a box of its own; never changed once made.
    private final class Quoted: Sendable, Hashable {
        let preview: ReplyPreview
        init(_ preview: ReplyPreview) { self.preview = preview }
        static func == (lhs: Quoted, rhs: Quoted) -> Bool { lhs === rhs || lhs.preview == rhs.preview }
        func hash(into hasher: inout Hasher) { hasher.combine(preview) }
    }
    /// How many messages before this one in the layout have the same id: 0 unless the log
    /// repeats an id. Renderers give repeats anchors of their own (`msg-m3~2`).
    package var repeatNumber = 0

    /// Creates a bubble.
    package init(
        message: Message, position: BubblePosition, tail: Bool, avatar: Bool, status: DeliveryStatus?,
        timeLabel: String, utcOffset: Int32, showTime: Bool, jumbo: Bool, reply: ReplyPreview?
    ) {
        self.message = message
        self.position = position
        self.tail = tail
        self.avatar = avatar
        self.status = status
        self.timeLabel = timeLabel
        self.utcOffset = utcOffset
        self.showTime = showTime
        self.jumbo = jumbo
        self.reply = reply
    }
}

/// What a reply shows of the message it answers.
public struct ReplyPreview: Sendable, Hashable {
    /// The replied-to message's id.
    public var id: String
    /// Whether that message is in the transcript (a reply to a missing id still shows, unlinked).
    public var found: Bool
    /// Its sender's participant id, if found.
    public var sender: String?
    /// Its sender's display name, if found.
    public var senderName: String?
    /// Its text, shortened to one line, if found.
    public var excerpt: String
    /// Whether `excerpt`'s style tags are styles (the replied-to message's `TextFormat`).
    package var readsStyleTags = false

    /// Creates a preview.
    package init(id: String, found: Bool, sender: String?, senderName: String?, excerpt: String) {
        self.id = id
        self.found = found
        self.sender = sender
        self.senderName = senderName
        self.excerpt = excerpt
    }
}
