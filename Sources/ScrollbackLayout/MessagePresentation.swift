import ScrollbackModel

/// Everything visible about one message, decided once: what every output draws.
///
/// HTML, the terminal, text and layout JSON read these values and decide nothing about
/// what to show; each only chooses how to draw a value (a terminal cannot play audio, so it
/// draws the audio's `label`). Made on demand by `TranscriptLayout.presentation(of:)` from a
/// bubble, so a layout of a million bubbles holds none of them at once.
package struct MessagePresentation: Sendable, Hashable {
    /// The message's id, as the log gives it.
    package var id: String
    /// The element id of its permalink (`msg-m3`, or `msg-m3~2` for a repeated id). Made when
    /// asked, like `time`.
    package var anchor: String { PermalinkID.message(id, repeatNumber: repeatNumber) }
    /// How many messages before this one in the layout have the same id (0 unless the log
    /// repeats an id): what makes `anchor` unique.
    package var repeatNumber: Int
    /// A message or a system line.
    package var kind: Message.Kind
    /// The sender's participant id; `nil` for system lines.
    package var sender: String?
    /// The sender's display name; `nil` for system lines.
    package var senderName: String?
    /// Who screen readers hear before the message: "You", the sender's name, or "Someone".
    package var speaker: String
    /// The body, as written (`format` says how to read it); empty when deleted.
    package var text: String
    /// How `text` is written.
    package var format: TextFormat
    /// RFC 3339 in the chosen zone; empty when undated. Made when asked: it is the one long
    /// string of a presentation, and only some outputs need it.
    package var time: String { undated ? "" : timestamp.rfc3339(utcOffset: utcOffset) }
    /// When it was sent, and the chosen zone's offset then.
    package var timestamp: Timestamp
    package var utcOffset: Int32
    /// The log has no real times: no clock time or day is shown.
    package var undated: Bool
    /// The clock time shown ("09:14"); empty when undated.
    package var timeLabel: String
    /// Whether the time shows without hovering (a chain's end, a long pause).
    package var showTime: Bool
    /// The bubble's place in its chain, its tail, and whether the avatar sits beside it.
    package var position: BubblePosition
    package var tail: Bool
    package var avatar: Bool
    /// The avatar's presence dot: online, offline, or `nil` when unknown or no avatar is shown.
    package var presence: Presence?
    /// One to three emoji only, drawn large without a bubble.
    package var jumbo: Bool
    /// Pictures and stickers with no words: drawn without a bubble around them.
    package var mediaOnly: Bool
    /// "Forwarded from Ana" when the message was forwarded.
    package var forwarded: String?
    /// The forum topic or thread it belongs to.
    package var topic: String?
    /// The quote of the message this one answers.
    package var reply: ReplyPresentation?
    /// Whether "Edited" shows (never on a deleted message).
    package var edited: Bool
    /// Earlier versions of the text, oldest first (from an archive).
    package var revisions: [RevisionPresentation]
    /// "This message was deleted" for a deleted message.
    package var deletedNotice: String?
    /// The delivery status shown under it (the latest outgoing status, or any failure), and its words.
    package var status: DeliveryStatus?
    package var statusLabel: String?
    /// "Not in the latest export" for a message an archive kept from an older export.
    package var archiveNote: String?
    /// Reactions: the emoji, how many, and who.
    package var reactions: [ReactionPresentation]
    /// Attachments by kind.
    package var attachments: [AttachmentPresentation]

    /// Whether the meta line (time, "Edited") shows without hovering.
    package var metaShown: Bool { showTime || edited }
}

/// A participant's known online state.
public enum Presence: String, Sendable, Hashable, Codable, CaseIterable {
    case online, offline

    /// The words screen readers hear and text output shows.
    public var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// What a reply shows of the message it answers.
package struct ReplyPresentation: Sendable, Hashable {
    /// The replied-to message's id.
    package var id: String
    /// Whether that message is in this transcript.
    package var found: Bool
    /// The element id the quote links to, when found.
    package var target: String?
    /// Its sender's participant id and display name, when found.
    package var sender: String?
    package var senderName: String?
    /// Its words on one line, Markdown punctuation removed; or "a message that is not in this export".
    package var excerpt: String
}

/// An earlier version of an edited message.
package struct RevisionPresentation: Sendable, Hashable {
    /// The text as it was.
    package var text: String
    /// When it was written, in the chosen zone ("2026-11-28 09:14"), when known.
    package var timeLabel: String?
}

/// One reaction.
package struct ReactionPresentation: Sendable, Hashable {
    /// The emoji, or `:name:` for a custom one.
    package var emoji: String
    /// How many reacted.
    package var count: Int
    /// Participant ids (or names) of who reacted, as the log gives them.
    package var by: [String]
    /// Display names of who reacted, when the log says.
    package var names: [String]
    /// "Ben, Ana reacted 👍" (or "2 reacted 👍").
    package var label: String
}

/// One attachment as shown.
package struct AttachmentPresentation: Sendable, Hashable {
    /// How it is drawn.
    package var kind: Attachment.Kind
    /// The name shown: the file name, a card's title, a poll's question, a contact's name.
    package var name: String
    /// Where the file is: a path inside the input's folder or archive, or a remote URL.
    package var path: String?
    package var url: String?
    /// Whether the export left the file out; `omittedNote` then says so.
    package var omitted: Bool
    package var omittedNote: String?
    /// "4.2 MB", "0:42", when known.
    package var sizeLabel: String?
    package var durationLabel: String?
    /// An image's alternative text; its pixel size when known.
    package var alt: String?
    package var width: Int?
    package var height: Int?
    /// A link card's title, description and site; an audio track's title and performer.
    package var title: String?
    package var description: String?
    package var siteName: String?
    package var performer: String?
    /// A sticker's emoji.
    package var emoji: String?
    /// A poll.
    package var poll: PollPresentation?
    /// A place: "52.52000, 13.40500", and a plain link to a map of it (a link is not a request).
    package var placeLabel: String?
    package var mapURL: String?
    /// A contact card's numbers and addresses.
    package var phones: [String]
    package var emails: [String]
    /// The kind in words ("Video", "Voice message").
    package var kindLabel: String
    /// One line for outputs that cannot draw the kind: "Video: clip.mp4 · 4.2 MB · 0:42".
    package var label: String
}

/// A poll as shown.
package struct PollPresentation: Sendable, Hashable {
    package var question: String
    package var options: [PollOptionPresentation]
    package var closed: Bool
    /// "5 votes" (or "Poll closed · 5 votes").
    package var summary: String
}

/// One answer of a poll as shown.
package struct PollOptionPresentation: Sendable, Hashable {
    package var text: String
    package var votes: Int
    /// Share of all votes, 0–100, rounded.
    package var percent: Int
    /// Display names of who chose it, when known.
    package var names: [String]
}
