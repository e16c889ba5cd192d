import ScrollbackModel
import Testing

@testable import ScrollbackLayout

/// A conversation laid out a message at a time, after a first pass over it (`LayoutPrepass`,
/// `LayoutStream`), is laid out as `LayoutEngine.layout` lays out the whole transcript.
@Suite("Layout: a conversation laid out as it is read")
struct LayoutStreamTests {
    /// Two hours of messages a few minutes apart over several days, with replies back, a reply to
    /// no message, repeated ids, statuses from both sides (one failed), hidden and system messages.
    static func transcript(me: String? = "ana") -> Transcript {
        var messages: [Message] = []
        for number in 0..<400 {
            let sender = ["ana", "ben", "cleo"][number % 7 % 3]
            var message = Message(
                id: number % 97 == 5 ? "m5" : "m\(number)", sender: sender,
                time: Timestamp(seconds: 1_767_225_600 + Int64(number) * 1_400), text: "message \(number)")
            if number % 11 == 3 { message.replyTo = "m\(number / 2)" }
            if number == 250 { message.replyTo = "nowhere" }
            if number % 13 == 0 { message.status = number == 52 ? .failed : .delivered }
            if number % 29 == 0 { message.hidden = true }
            if number % 53 == 0 {
                message.kind = .system
                message.sender = nil
            }
            messages.append(message)
        }
        return Transcript(
            title: "Stream", me: me, timeZone: "Europe/Lisbon",
            participants: [Participant(id: "ana", name: "Ana"), Participant(id: "ben", name: "Ben")],
            messages: messages)
    }

    /// The days a stream gives, fed the messages of `transcript` after a prepass over them.
    static func streamed(_ transcript: Transcript, options: LayoutOptions) throws -> (TranscriptLayout, Bool) {
        var prepass = LayoutPrepass()
        for message in transcript.messages { prepass.add(message) }
        var header = transcript
        header.addUnlistedSenders()
        header.messages = []
        var stream = try LayoutStream(header: header, options: options, prepass: prepass)
        var days: [DayLayout] = []
        for message in transcript.messages where !message.hidden {
            if let day = stream.add(message) { days.append(day) }
        }
        if let day = stream.finish() { days.append(day) }
        var layout = stream.layout
        layout.days = days
        return (layout, prepass.streamable)
    }

    @Test(
        "Days, chains, statuses, replies and repeats are those of the whole layout",
        arguments: [nil, "ana", "Ben"] as [String?])
    func sameAsWhole(me: String?) throws {
        var options = LayoutOptions()
        options.me = me
        let transcript = Self.transcript(me: nil)
        let (layout, streamable) = try Self.streamed(transcript, options: options)
        #expect(streamable)
        let whole = try LayoutEngine.layout(transcript, options: options)
        #expect(layout == whole)
        let bubbles = whole.days.flatMap(\.chains).flatMap(\.bubbles)
        #expect(bubbles.contains { $0.repeatNumber > 0 })
        #expect(bubbles.contains { $0.reply?.found == true } && bubbles.contains { $0.reply?.found == false })
        if me == "ana" { #expect(bubbles.contains { $0.status == .failed }) }
    }

    @Test("Only the days asked for are laid out, as in the whole layout")
    func someDays() throws {
        var options = LayoutOptions()
        options.from = CivilDate(year: 2026, month: 1, day: 2)
        options.to = CivilDate(year: 2026, month: 1, day: 4)
        let transcript = Self.transcript()
        let (layout, _) = try Self.streamed(transcript, options: options)
        let whole = try LayoutEngine.layout(transcript, options: options)
        #expect(layout == whole)
        // The first `m5` is before the first day shown: the one shown is still a repeat.
        #expect(whole.days.flatMap(\.chains).flatMap(\.bubbles).contains { $0.repeatNumber == 1 })
        #expect(layout.days.map(\.date.description) == ["2026-01-02", "2026-01-03", "2026-01-04"])
    }

    @Test("A log out of time order, or with a reply before what it answers, is not laid out as it is read")
    func notStreamable() throws {
        var unsorted = Self.transcript()
        unsorted.messages.swapAt(10, 11)
        #expect(try !Self.streamed(unsorted, options: LayoutOptions()).1)
        var early = Self.transcript()
        early.messages[20].replyTo = "m30"
        #expect(try !Self.streamed(early, options: LayoutOptions()).1)
        // A reply to an earlier message, or to none, is fine; so is a hidden message out of order.
        var fine = Self.transcript()
        fine.messages[30].replyTo = "m20"
        fine.messages[29].time = Timestamp(seconds: 0)
        #expect(fine.messages[29].hidden)
        #expect(try Self.streamed(fine, options: LayoutOptions()).1)
    }

    @Test("A long log laid out in parts, day by day on several threads, is the layout of one part")
    func inParts() throws {
        // 50k messages, a few minutes apart over about four months, with replies back over the
        // parts and statuses; the parts start on new days.
        var messages: [Message] = []
        for number in 0..<50_000 {
            var message = Message(
                id: "m\(number)", sender: number % 3 == 0 ? "ana" : "ben",
                time: Timestamp(seconds: 1_767_225_600 + Int64(number) * 211), text: "message \(number)")
            if number % 17 == 3 { message.replyTo = "m\(number / 3)" }
            if number % 101 == 0 { message.status = number == 30_603 ? .failed : .read }
            messages.append(message)
        }
        let transcript = Transcript(
            title: "Long", me: "ana", timeZone: "America/New_York",
            participants: [Participant(id: "ana", name: "Ana"), Participant(id: "ben", name: "Ben")],
            messages: messages)
        let ordered = LayoutEngine.inTimeOrder(transcript.messages)
        let parts = LayoutEngine.dayParts(ordered, zone: Zone(identifier: "America/New_York")!, count: 3)
        #expect(parts.count == 3)
        #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == ordered.count)
        let one = try LayoutEngine.layout(transcript, options: LayoutOptions(), cores: 1)
        let three = try LayoutEngine.layout(transcript, options: LayoutOptions(), cores: 3)
        #expect(three == one)
        var days = LayoutOptions()
        days.from = CivilDate(year: 2026, month: 2, day: 3)
        #expect(
            try LayoutEngine.layout(transcript, options: days, cores: 3)
                == LayoutEngine.layout(transcript, options: days, cores: 1))
        let shown = one.days.flatMap(\.chains).flatMap(\.bubbles)
        #expect(shown.contains { $0.status == .failed } && shown.contains { $0.status == .read })
    }
}
