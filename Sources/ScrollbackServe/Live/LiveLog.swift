import Foundation
import Scrollback

/// A JSON Lines log as it grows, line by line, and who is typing in it: what every live view
/// of a log keeps, whether it renders the page itself (one input) or the site builder does
/// (several).
package struct LiveLog: Sendable {
    /// Who is typing.
    package private(set) var typing = LiveTyping()
    /// The ids of the messages the last batch added or changed, in order.
    package private(set) var updated: [String] = []
    /// Whether the last batch changed the conversation's header or added a participant.
    package private(set) var headerChanged = false
    /// Whether the last batch had a presence line about a listed participant (the dot on their
    /// avatars).
    package private(set) var presenceChanged = false
    private var decoder: JSONLinesDecoder
    private var lineNumber = 0
    private let name: String
    /// When the last line arrived, for letting stream time run on while the stream is quiet.
    private var lastArrival = Date()

    /// An empty log read from `name` (a file name, or `-`).
    package init(name: String) {
        self.name = name
        decoder = JSONLinesDecoder(name: name)
    }

    /// The conversation as read so far.
    package var transcript: Transcript { decoder.transcript }

    /// Applies a batch of lines (each without its newline); returns the errors of the lines that
    /// were not valid and were left out, in order.
    package mutating func apply(_ lines: [[UInt8]]) -> [any Error] {
        var failures: [any Error] = []
        updated = []
        headerChanged = false
        presenceChanged = false
        if !lines.isEmpty { lastArrival = Date() }
        for line in lines {
            lineNumber += 1
            do {
                let listed = decoder.transcript.participants.count
                guard let update = try decoder.feed(line: line, lineNumber: lineNumber) else { continue }
                typing.apply(update, from: decoder)
                switch update {
                case .updated(let id), .added(let id): updated.append(id)
                case .header: headerChanged = true
                case .presence:
                    if decoder.transcript.participants.count == listed {
                        presenceChanged = true
                    } else {
                        headerChanged = true
                    }
                case .typing, .skipped: break
                }
            } catch {
                failures.append(error)
            }
        }
        return failures
    }

    /// Ends typing that has lasted ten seconds by `time`, without moving the stream's clock;
    /// whether anyone stopped.
    package mutating func expireTyping(at time: Timestamp) -> Bool {
        let before = typing
        typing.expire(at: time)
        return typing != before
    }

    /// Ends typing that has lasted ten seconds of stream time, the stream's clock run on by the
    /// wall-clock time since the last line arrived; whether anyone stopped.
    package mutating func expireQuietTyping() -> Bool {
        guard !typing.senders.isEmpty, let now = typing.clock(runOnBy: Date().timeIntervalSince(lastArrival)) else {
            return false
        }
        return expireTyping(at: now)
    }

    /// Starts again from nothing: the followed file was truncated or replaced.
    package mutating func restart() {
        decoder = JSONLinesDecoder(name: name)
        typing = LiveTyping()
        lineNumber = 0
    }

    /// The typing bubbles of `layout` (a layout of this log): one per sender typing now. Where
    /// `transformed` (people merged, names redacted or anonymized), a sender the layout no longer
    /// knows is not shown, so a bubble can never carry a name the page hides.
    package func typingHTML(in layout: TranscriptLayout, transformed: Bool) -> String {
        var senders = typing.senders
        if transformed { senders.removeAll { layout.participant($0) == nil } }
        return TypingBubble.html(senders, layout: layout)
    }
}
