import ScrollbackModel

/// Everything visible about one message, decided once: what every output draws.
///
/// HTML, the terminal, text and layout JSON read these values and decide nothing about
/// what to show; each only chooses how to draw a value (a terminal cannot play audio, so it
/// draws the audio's `label`). Made on demand by `TranscriptLayout.presentation(of:)` from a
/// bubble, so a layout of a million bubbles holds none of them at once.
///
/// Each value's `- Shown:` line is its declaration for every output: its key in the layout JSON
/// (`json`; `by hand` when `LayoutJSONRenderer` makes the member, `or null` when it is written as
/// `null` rather than left out), its name in `message.mustache` (`template`), the element the
/// cross-output check compares (`element`, Tests/Consistency), and `note` for words drawn in the
/// meta line after the time. `scripts/generate-message-fields.py` writes the layout JSON's
/// members, the template's names and the meta line's notes from these lines.
package struct MessagePresentation: Sendable, Hashable {
    /// The message's id, as the log gives it.
    /// - Shown: json `id`, template `id`
    package var id: String
    /// The element id of its permalink (`msg-m3`, or `msg-m3~2` for a repeated id). Made when
    /// asked, like `time`.
    /// - Shown: json `anchor`
    package var anchor: String { PermalinkID.message(id, repeatNumber: repeatNumber) }
    /// How many messages before this one in the layout have the same id (0 unless the log
    /// repeats an id): what makes `anchor` unique.
    package var repeatNumber: Int
    /// A message or a system line.
    /// - Shown: json `kind`
    package var kind: Message.Kind
    /// The sender's participant id; `nil` for system lines.
    /// - Shown: json `sender`
    package var sender: String?
    /// The sender's display name; `nil` for system lines.
    /// - Shown: json `senderName`, element `name`
    package var senderName: String?
    /// Who screen readers hear before the message: "You", the sender's name, or "Someone".
    /// - Shown: json `speaker`, template `speaker`
    package var speaker: String
    /// The body, as written (`format` says how to read it); empty when deleted.
    /// - Shown: json `text`, template `text`, element `spoilers`
    package var text: String
    /// How `text` is written.
    /// - Shown: json `format`
    package var format: TextFormat
    /// RFC 3339 in the chosen zone; empty when undated. Made when asked: it is the one long
    /// string of a presentation, and only some outputs need it.
    /// - Shown: json `time` by hand
    package var time: String { undated ? "" : timestamp.rfc3339(utcOffset: utcOffset) }
    /// When it was sent, and the chosen zone's offset then.
    package var timestamp: Timestamp
    package var utcOffset: Int32
    /// The log has no real times: no clock time or day is shown.
    package var undated: Bool
    /// The clock time shown ("09:14"); empty when undated.
    /// - Shown: json `timeLabel`, template `time`, element `time`
    package var timeLabel: String
    /// Whether the time shows without hovering (a chain's end, a long pause).
    /// - Shown: json `showTime`
    package var showTime: Bool
    /// The bubble's place in its chain, its tail, and whether the avatar sits beside it.
    /// - Shown: json `position`, template `position`
    package var position: BubblePosition
    /// - Shown: json `tail`, template `tail`
    package var tail: Bool
    /// - Shown: json `avatar`, template `avatar`
    package var avatar: Bool
    /// The avatar's presence dot: online, offline, or `nil` when unknown or no avatar is shown.
    /// - Shown: json `presence`, template `presence`, element `presence`
    package var presence: Presence?
    /// One to three emoji only, drawn large without a bubble.
    /// - Shown: json `jumbo`, template `jumbo`
    package var jumbo: Bool
    /// Pictures and stickers with no words: drawn without a bubble around them.
    /// - Shown: json `mediaOnly`, template `mediaOnly`
    package var mediaOnly: Bool
    /// "Forwarded from Ana" when the message was forwarded.
    /// - Shown: json `forwarded`, template `forwarded`, element `forwarded`
    package var forwarded: String?
    /// The forum topic or thread it belongs to.
    /// - Shown: json `topic`, template `topic`, element `topic`
    package var topic: String?
    /// The quote of the message this one answers.
    /// - Shown: json `reply` by hand, json `replyTo` by hand, element `reply`
    package var reply: ReplyPresentation?
    /// Whether "Edited" shows (never on a deleted message).
    /// - Shown: json `edited`, template `edited`, element `edited`
    package var edited: Bool
    /// Earlier versions of the text, oldest first (from an archive).
    /// - Shown: json `revisions` by hand, element `revisions`
    package var revisions: [RevisionPresentation]
    /// "This message was deleted" for a deleted message.
    /// - Shown: json `deletedNotice`, json `deleted` by hand, template `deletedNotice`, element `deleted`
    package var deletedNotice: String?
    /// The delivery status shown under it (the latest outgoing status, or any failure), and its words.
    /// - Shown: json `status` or null
    package var status: DeliveryStatus?
    /// - Shown: json `statusLabel`, template `statusLabel`, element `status`
    package var statusLabel: String?
    /// "Not in the latest export" for a message an archive kept from an older export.
    /// - Shown: json `archiveNote`, template `archiveNote`, element `archive`, note
    package var archiveNote: String?
    /// "Pinned" for a message pinned in the chat.
    /// - Shown: json `pinned`, template `pinned`, element `pinned`, note
    package var pinned: String?
    /// The service it went by, where the log says (`meta.service`): `imessage`, `sms` or `rcs`.
    /// Messages draws an outgoing SMS or RCS bubble green, an iMessage one blue.
    /// - Shown: json `service`, template `service`
    package var service: String?
    /// "SMS", "RCS" or "iMessage" where the bubble names its service (`Bubble.marksService`):
    /// every output can tell a text message from an iMessage, as Messages' colours do.
    /// - Shown: json `serviceLabel`, template `serviceLabel`, element `service`, note
    package var serviceLabel: String?
    /// Reactions: the emoji, how many, and who.
    /// - Shown: json `reactions` by hand, element `reactions`
    package var reactions: [ReactionPresentation]
    /// Attachments by kind.
    /// - Shown: json `attachments` by hand, element `attachments`
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
    /// The sender marked it a spoiler: it is covered until the reader reveals it.
    package var spoiler: Bool = false
    /// "not in the export": the log names a file that its folder or zip does not hold.
    package var missingNote: String?
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
    /// "5 votes" (or "Poll closed · 5 votes"), then the lines the app wrote under the poll.
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
