import Scrollback

/// Who is typing, by the stream's clock.
///
/// Typing starts with a typing line and ends with the sender's next message, a typing line with
/// `"stop": true`, or ten seconds of stream time after the line. Stream time is the latest time
/// a line carried; while no line arrives, the live view lets it run on with the wall clock, so an
/// indicator whose sender went quiet still ends.
package struct LiveTyping: Sendable, Hashable {
    /// How long a typing line lasts without another.
    package static let timeout: Double = 10

    /// When each sender started typing (or last said so), in the order they started.
    package private(set) var started: [(sender: String, time: Timestamp)] = []
    /// The latest time any line carried.
    package private(set) var clock: Timestamp?

    /// Nobody typing, no time seen yet.
    package init() {}

    package static func == (lhs: LiveTyping, rhs: LiveTyping) -> Bool {
        lhs.started.map(\.sender) == rhs.started.map(\.sender) && lhs.started.map(\.time) == rhs.started.map(\.time)
            && lhs.clock == rhs.clock
    }

    package func hash(into hasher: inout Hasher) {
        for entry in started {
            hasher.combine(entry.sender)
            hasher.combine(entry.time)
        }
    }

    /// Moves the clock to `time` when it is later.
    package mutating func advance(to time: Timestamp?) {
        guard let time else { return }
        if clock.map({ time > $0 }) ?? true { clock = time }
        started.removeAll { clock!.interval(since: $0.time) >= Self.timeout }
    }

    /// The stream's clock run on by `idle` seconds of wall time in which no line arrived; `nil`
    /// before any line carried a time.
    package func clock(runOnBy idle: Double) -> Timestamp? {
        clock.map { Timestamp(seconds: $0.seconds + Int64(idle), nanoseconds: $0.nanoseconds) }
    }

    /// Ends typing that started ten seconds or more before `time`.
    package mutating func expire(at time: Timestamp) {
        started.removeAll { time.interval(since: $0.time) >= Self.timeout }
    }

    /// Applies the update `decoder` just gave for a line, looking up an added message's sender.
    package mutating func apply(_ update: JSONLinesDecoder.Update, from decoder: JSONLinesDecoder) {
        var sender: String?
        var time: Timestamp?
        if case .added(let id) = update, let message = decoder.message(id: id) {
            sender = message.sender
            time = message.time
        }
        apply(update, messageSender: sender, messageTime: time)
    }

    /// Applies one line's update; `sender` is the sender of an added or updated message.
    package mutating func apply(_ update: JSONLinesDecoder.Update, messageSender: String?, messageTime: Timestamp?) {
        switch update {
        case .typing(let sender, let time, let stop):
            started.removeAll { $0.sender == sender }
            if !stop, let begin = time ?? clock {
                started.append((sender, begin))
            }
            advance(to: time)
        case .added:
            if let messageSender { started.removeAll { $0.sender == messageSender } }
            advance(to: messageTime)
        case .presence(_, _, let time):
            advance(to: time)
        case .updated, .header, .skipped:
            break
        }
    }

    /// The senders typing now, in the order they started.
    package var senders: [String] { started.map(\.sender) }
}
