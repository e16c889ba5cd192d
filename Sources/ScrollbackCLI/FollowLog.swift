import Foundation
import Scrollback
import ScrollbackServe

/// The conversation so far: every line of the stream applied in order by the JSON Lines
/// decoder, so `follow` reads exactly what `render` reads (updates replace messages by id).
struct FollowLog {
    private var decoder: JSONLinesDecoder
    private var lineNumber = 0
    /// Who is typing, by the stream's clock (typing lines, ended by messages, stop lines or ten seconds).
    private(set) var typing = LiveTyping()
    /// When the last line arrived, for letting stream time run on while the stream is quiet.
    private var lastArrival = Date()

    init(name: String) { decoder = JSONLinesDecoder(name: name) }

    /// The transcript built from the lines applied so far.
    var transcript: Transcript { decoder.transcript }

    /// Applies the next line of the stream.
    mutating func apply(_ line: [UInt8]) throws {
        lineNumber += 1
        lastArrival = Date()
        guard let update = try decoder.feed(line: line, lineNumber: lineNumber) else { return }
        typing.apply(update, from: decoder)
    }

    /// Ends typing that has run ten seconds, counting the quiet time since the last line.
    mutating func expireTyping() {
        guard let clock = typing.clock, !typing.senders.isEmpty else { return }
        let idle = Date().timeIntervalSince(lastArrival)
        typing.expire(at: Timestamp(seconds: clock.seconds + Int64(idle), nanoseconds: clock.nanoseconds))
    }
}
