import Scrollback

/// A JSON Lines conversation as it grows, rendered as `render` renders it after every batch of
/// lines.
///
/// Each batch is applied by the JSON Lines decoder, the whole transcript is laid out and rendered
/// again with the same options, and the new page is compared with the last one
/// (`LiveDocument`), so the live page always equals a one-shot render of the lines so far.
package struct LiveConversation: Sendable {
    /// The options every rendering uses.
    package let options: RenderOptions
    /// The page so far.
    package private(set) var document: LiveDocument
    /// Who is typing.
    package var typing: LiveTyping { log.typing }
    private var log: LiveLog
    /// `--people`, `--redact`, `--anonymize`: applied to the transcript before every layout, as
    /// `render` applies them, so the live page shows what a one-shot render would.
    private let transform: TranscriptTransform?
    /// The transform followed along the log: only the new and updated messages are changed,
    /// unless what the others' changes depend on changed too (`TranscriptFollower`).
    private var follower: (any TranscriptFollower)?
    /// The conversation as last shown, without its messages: what typing bubbles are drawn with.
    private var header = Transcript()
    /// Where each sender's messages start, for presence lines.
    private var presence = LivePresence()
    /// What lets an update lay out only the end of the conversation.
    private var suffix = LiveSuffixLayout()
    /// How many updates were laid out whole, and how many from a chain near the end.
    package private(set) var wholeLayouts = 0
    package private(set) var suffixLayouts = 0

    /// An empty conversation read from `name` (a file name, or `-`), shown through `transform`.
    package init(name: String, options: RenderOptions, transform: TranscriptTransform? = nil) throws {
        self.options = options
        self.transform = transform
        log = LiveLog(name: name)
        document = LiveDocument(page: "")
        _ = try rerender()
    }

    /// The conversation as read so far.
    package var transcript: Transcript { log.transcript }

    /// Applies a batch of lines (each without its newline) and returns what changed on the page.
    /// A line that is not valid is left out; the batch ends with a `LiveBatchError` that holds
    /// every such line's error and what the other lines changed.
    package mutating func apply(_ lines: [[UInt8]]) throws -> LiveChange {
        let before = log.transcript.messages.count
        let failures = log.apply(lines)
        let change = try rerender(changedFrom: before)
        if !failures.isEmpty { throw LiveBatchError(change: change, errors: failures) }
        return change
    }

    /// Ends typing that has lasted ten seconds by `time` (stream time run on while no line arrived),
    /// without moving the stream's clock.
    package mutating func expireTyping(at time: Timestamp) throws -> LiveChange {
        guard log.expireTyping(at: time) else { return LiveChange() }
        return try retype()
    }

    /// Ends typing that has lasted ten seconds of stream time, run on with the wall clock while no
    /// line arrived.
    package mutating func expireQuietTyping() throws -> LiveChange {
        guard log.expireQuietTyping() else { return LiveChange() }
        return try retype()
    }

    /// Starts again from nothing: the followed file was truncated or replaced.
    package mutating func restart() throws -> LiveChange {
        log.restart()
        suffix = LiveSuffixLayout()
        return try rerender()
    }

    /// Draws the typing bubbles again (someone stopped), the page as it is.
    private mutating func retype() throws -> LiveChange {
        document.update(typing: try typingHTML(header))
    }

    /// The typing bubbles, drawn with the participants of `transcript` (already transformed).
    private func typingHTML(_ transcript: Transcript) throws -> String {
        var header = transcript
        header.messages = []
        let layout = try LayoutEngine.layout(header, options: options.layout)
        return log.typingHTML(in: layout, transformed: transform != nil)
    }

    /// Lays out and renders again: only the chains that can change when the messages from
    /// `changedFrom` on and those the last batch updated are all that changed, else whole.
    private mutating func rerender(changedFrom added: Int? = nil) throws -> LiveChange {
        var (transcript, updated, changedAll) = shown(changedFrom: added)
        presence.note(transcript, added: changedAll ? nil : added, updated: updated)
        if log.presenceChanged, !changedAll {
            // The dot is on each of the participant's avatars: their chains are laid out again.
            if let redrawn = presence.redrawn(from: header.participants, in: transcript) {
                updated += redrawn
            } else {
                changedAll = true
            }
        }
        header = transcript
        header.messages = []
        let me = try LayoutEngine.me(of: transcript, options: options.layout)
        if let added, !changedAll, let parts = document.parts, !log.headerChanged, options.layout.from == nil,
            options.layout.to == nil,
            let (next, operations) = try suffix.update(
                parts, transcript: transcript, options: options, me: me, oldCount: added, updated: updated)
        {
            suffixLayouts += 1
            return document.update(parts: next, operations: operations, typing: try typingHTML(transcript))
        }
        wholeLayouts += 1
        var layout = try LayoutEngine.layout(transcript, options: options.layout)
        layout.missingFiles = options.html.missingFiles(in: transcript.messages)
        suffix = LiveSuffixLayout(whole: layout, of: transcript, me: me)
        let typing = log.typingHTML(in: layout, transformed: transform != nil)
        return try document.update(rendering: layout, options: options.html, typing: typing)
    }
}

extension LiveConversation {
    /// The log as the page shows it (transformed, and with the title the options give), the ids
    /// there of the messages the last batch added or changed (those from `added` on are new), and
    /// whether any other message may differ from the last time too.
    private mutating func shown(changedFrom added: Int?) -> (transcript: Transcript, updated: [String], whole: Bool) {
        var shown = (transcript: log.transcript, updated: log.updated, whole: false)
        if let transform {
            if added == nil { follower = transform.follower?() }
            if var kept = follower {
                // Taken out while it changes, so what it keeps is changed in place, not copied.
                follower = nil
                let followed = kept.follow(shown.transcript, added: added ?? 0, updated: shown.updated)
                follower = kept
                shown = (followed.transcript, followed.updated, followed.whole || added == nil)
            } else {
                shown = (transform.apply(shown.transcript), [], true)
            }
        }
        if let title = options.title { shown.transcript.title = title }
        return shown
    }
}

/// A batch of lines with bad lines in it: what the good lines changed, and each bad line's error.
package struct LiveBatchError: Error {
    /// The change the good lines made.
    package var change: LiveChange
    /// The bad lines' errors, in order.
    package var errors: [any Error]
}
