import ScrollbackModel

/// Everything visible about one message, decided once: what every output draws.
///
/// HTML, the terminal, text and layout JSON read these values and decide nothing about
/// what to show; each only chooses how to draw a value (a terminal cannot play audio, so it
/// draws the audio's `label`). Made on demand by `TranscriptLayout.presentation(of:)` from a
/// bubble, so a layout of a million bubbles holds none of them at once.
public struct MessagePresentation: Sendable, Hashable {
    /// The message's id, as the log gives it.
    public var id: String
    /// The element id of its permalink (`msg-m3`, or `msg-m3~2` for a repeated id). Made when
    /// asked, like `time`.
    public var anchor: String { PermalinkID.message(id, repeatNumber: repeatNumber) }
    /// How many messages before this one in the layout have the same id (0 unless the log
    /// repeats an id): what makes `anchor` unique.
    public var repeatNumber: Int
    /// A message or a system line.
    public var kind: Message.Kind
    /// The sender's participant id; `nil` for system lines.
    public var sender: String?
    /// The sender's display name; `nil` for system lines.
    public var senderName: String?
    /// Who screen readers hear before the message: "You", the sender's name, or "Someone".
    public var speaker: String
    /// The body, as written (`format` says how to read it); empty when deleted.
    public var text: String
    /// How `text` is written.
    public var format: TextFormat
    /// RFC 3339 in the chosen zone; empty when undated. Made when asked: it is the one long
    /// string of a presentation, and only some outputs need it.
    public var time: String { undated ? "" : timestamp.rfc3339(utcOffset: utcOffset) }
    /// When it was sent, and the chosen zone's offset then.
    public var timestamp: Timestamp
    public var utcOffset: Int32
    /// The log has no real times: no clock time or day is shown.
    public var undated: Bool
    /// The clock time shown ("09:14"); empty when undated.
    public var timeLabel: String
    /// Whether the time shows without hovering (a chain's end, a long pause).
    public var showTime: Bool
    /// The bubble's place in its chain, its tail, and whether the avatar sits beside it.
    public var position: BubblePosition
    public var tail: Bool
    public var avatar: Bool
    /// The avatar's presence dot: online, offline, or `nil` when unknown or no avatar is shown.
    public var presence: Presence?
    /// One to three emoji only, drawn large without a bubble.
    public var jumbo: Bool
    /// Pictures and stickers with no words: drawn without a bubble around them.
    public var mediaOnly: Bool
    /// "Forwarded from Ana" when the message was forwarded.
    public var forwarded: String?
    /// The forum topic or thread it belongs to.
    public var topic: String?
    /// The quote of the message this one answers.
    public var reply: ReplyPresentation?
    /// Whether "Edited" shows (never on a deleted message).
    public var edited: Bool
    /// Earlier versions of the text, oldest first (from an archive).
    public var revisions: [RevisionPresentation]
    /// "This message was deleted" for a deleted message.
    public var deletedNotice: String?
    /// The delivery status shown under it (the latest outgoing status, or any failure), and its words.
    public var status: DeliveryStatus?
    public var statusLabel: String?
    /// "Not in the latest export" for a message an archive kept from an older export.
    public var archiveNote: String?
    /// Reactions: the emoji, how many, and who.
    public var reactions: [ReactionPresentation]
    /// Attachments by kind.
    public var attachments: [AttachmentPresentation]

    /// Whether the meta line (time, "Edited") shows without hovering.
    public var metaShown: Bool { showTime || edited }
}

/// A participant's known online state.
public enum Presence: String, Sendable, Hashable, Codable, CaseIterable {
    case online, offline

    /// The words screen readers hear and text output shows.
    public var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// What a reply shows of the message it answers.
public struct ReplyPresentation: Sendable, Hashable {
    /// The replied-to message's id.
    public var id: String
    /// Whether that message is in this transcript.
    public var found: Bool
    /// The element id the quote links to, when found.
    public var target: String?
    /// Its sender's participant id and display name, when found.
    public var sender: String?
    public var senderName: String?
    /// Its words on one line, Markdown punctuation removed; or "a message that is not in this export".
    public var excerpt: String
}

/// An earlier version of an edited message.
public struct RevisionPresentation: Sendable, Hashable {
    /// The text as it was.
    public var text: String
    /// When it was written, in the chosen zone ("2026-11-28 09:14"), when known.
    public var timeLabel: String?
}

/// One reaction.
public struct ReactionPresentation: Sendable, Hashable {
    /// The emoji, or `:name:` for a custom one.
    public var emoji: String
    /// How many reacted.
    public var count: Int
    /// Participant ids (or names) of who reacted, as the log gives them.
    public var by: [String]
    /// Display names of who reacted, when the log says.
    public var names: [String]
    /// "Ben, Ana reacted 👍" (or "2 reacted 👍").
    public var label: String
}

/// One attachment as shown.
public struct AttachmentPresentation: Sendable, Hashable {
    /// How it is drawn.
    public var kind: Attachment.Kind
    /// The name shown: the file name, a card's title, a poll's question, a contact's name.
    public var name: String
    /// Where the file is: a path inside the input's folder or archive, or a remote URL.
    public var path: String?
    public var url: String?
    /// Whether the export left the file out; `omittedNote` then says so.
    public var omitted: Bool
    public var omittedNote: String?
    /// "4.2 MB", "0:42", when known.
    public var sizeLabel: String?
    public var durationLabel: String?
    /// An image's alternative text; its pixel size when known.
    public var alt: String?
    public var width: Int?
    public var height: Int?
    /// A link card's title, description and site; an audio track's title and performer.
    public var title: String?
    public var description: String?
    public var siteName: String?
    public var performer: String?
    /// A sticker's emoji.
    public var emoji: String?
    /// A poll.
    public var poll: PollPresentation?
    /// A place: "52.52000, 13.40500", and a plain link to a map of it (a link is not a request).
    public var placeLabel: String?
    public var mapURL: String?
    /// A contact card's numbers and addresses.
    public var phones: [String]
    public var emails: [String]
    /// The kind in words ("Video", "Voice message").
    public var kindLabel: String
    /// One line for outputs that cannot draw the kind: "Video: clip.mp4 · 4.2 MB · 0:42".
    public var label: String
}

/// A poll as shown.
public struct PollPresentation: Sendable, Hashable {
    public var question: String
    public var options: [PollOptionPresentation]
    public var closed: Bool
    /// "5 votes" (or "Poll closed · 5 votes").
    public var summary: String
}

/// One answer of a poll as shown.
public struct PollOptionPresentation: Sendable, Hashable {
    public var text: String
    public var votes: Int
    /// Share of all votes, 0–100, rounded.
    public var percent: Int
    /// Display names of who chose it, when known.
    public var names: [String]
}
