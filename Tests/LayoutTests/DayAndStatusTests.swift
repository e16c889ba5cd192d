import ScrollbackLayout
import ScrollbackModel
import TestSupport
import Testing

@Suite("Layout: days, status, replies, jumbo emoji (layout rules 2, 9–11)")
struct DayAndStatusTests {
    @Test("Days are cut in the log's zone, else UTC, and --tz overrides both")
    func dayZones() throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"])
        chat.say("ben", at: "2026-11-28T23:30:00Z")
        chat.say("ben", at: "2026-11-29T00:30:00Z")
        #expect(try LayoutEngine.layout(chat.transcript).days.map(\.date.description) == ["2026-11-28", "2026-11-29"])

        chat.transcript.timeZone = "Europe/Berlin"
        #expect(try LayoutEngine.layout(chat.transcript).days.map(\.date.description) == ["2026-11-29"])

        let tokyo = LayoutOptions(timeZone: Zone(identifier: "America/Los_Angeles"))
        #expect(try LayoutEngine.layout(chat.transcript, options: tokyo).days.map(\.date.description) == ["2026-11-28"])
    }

    @Test("Days follow the zone across a daylight-saving change")
    func dstChange() throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"], timeZone: "Europe/Berlin")
        // 2026-10-25: Berlin goes from +02:00 to +01:00 at 01:00Z.
        chat.say("ben", at: "2026-10-24T21:59:00Z")  // 23:59 CEST, Oct 24
        chat.say("ben", at: "2026-10-24T22:00:00Z")  // 00:00 CEST, Oct 25
        chat.say("ben", at: "2026-10-25T22:59:00Z")  // 23:59 CET, Oct 25
        chat.say("ben", at: "2026-10-25T23:00:00Z")  // 00:00 CET, Oct 26
        let layout = try LayoutEngine.layout(chat.transcript)
        #expect(layout.days.map(\.date.description) == ["2026-10-24", "2026-10-25", "2026-10-26"])
        let times = layout.days.flatMap { $0.chains.flatMap { $0.bubbles.map(\.timeLabel) } }
        #expect(times == ["23:59", "00:00", "23:59", "00:00"])
        #expect(
            layout.days[1].chains.flatMap(\.bubbles).map(\.isoTime) == [
                "2026-10-25T00:00:00+02:00", "2026-10-25T23:59:00+01:00",
            ])
    }

    @Test("Day labels are absolute and in the chosen locale, never relative")
    func dayLabels() throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"])
        chat.say("ben", at: "09:00")
        let english = try LayoutEngine.layout(chat.transcript).days[0].label
        #expect(english.contains("November") && english.contains("28") && english.contains("2026"))
        #expect(english.contains("Saturday"))
        let german = try LayoutEngine.layout(chat.transcript, options: LayoutOptions(locale: "de")).days[0].label
        #expect(german.contains("November") && german.contains("Samstag"))
    }

    @Test("--from and --to keep whole days in the chosen zone, inclusive")
    func dateRange() throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"])
        for day in 25...29 { chat.say("ben", at: "2026-11-\(day)T12:00:00Z") }
        let options = LayoutOptions(
            from: CivilDate(year: 2026, month: 11, day: 26), to: CivilDate(year: 2026, month: 11, day: 28))
        let layout = try LayoutEngine.layout(chat.transcript, options: options)
        #expect(layout.days.map(\.date.description) == ["2026-11-26", "2026-11-27", "2026-11-28"])
    }

    @Test("Status shows under the latest outgoing message that has one, and on every failed one")
    func statusPlacement() throws {
        var chat = TranscriptBuilder(me: "ana", participants: ["ana", "ben"])
        chat.say("ana", at: "09:00", status: .failed)
        chat.say("ana", at: "09:01", status: .read)
        chat.say("ana", at: "09:02", status: .delivered)
        chat.say("ben", at: "09:03", status: .read)
        chat.say("ana", at: "09:04")
        let bubbles = try LayoutEngine.layout(chat.transcript).days[0].chains.flatMap(\.bubbles)
        #expect(bubbles.map(\.status) == [.failed, nil, .delivered, nil, nil])
    }

    @Test("Without me, no status is shown")
    func statusWithoutMe() throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"])
        chat.say("ana", at: "09:00", status: .read)
        #expect(try LayoutEngine.layout(chat.transcript).days[0].chains[0].bubbles[0].status == nil)
    }

    @Test("A reply carries a preview of the original, or says it was not found")
    func replies() throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"])
        chat.say("ben", at: "09:00", "Still on for Saturday?\nBring boots")
        chat.say("ana", at: "09:01", "Yes", replyTo: "m1")
        chat.say("ana", at: "09:02", "Hm?", replyTo: "gone")
        let bubbles = try LayoutEngine.layout(chat.transcript).days[0].chains.flatMap(\.bubbles)
        #expect(
            bubbles[1].reply
                == ReplyPreview(
                    id: "m1", found: true, sender: "ben", senderName: "Ben", excerpt: "Still on for Saturday?"))
        #expect(bubbles[2].reply?.found == false)
    }

    @Test(
        "One to three emoji are jumbo; more, or any text, are not",
        arguments: [
            ("👍", true), ("🎉🎉🎉", true), ("👍 🎉", true), ("👨‍👩‍👧‍👦", true), ("🇩🇪", true), ("👍🏽", true), ("❤️", true),
            ("🎉🎉🎉🎉", false), ("ok 👍", false), ("1", false), ("#", false), ("", false), ("☺", false),
            ("1️⃣", true), ("🏴󠁧󠁢󠁥󠁮󠁧󠁿", true), ("👍a", false), ("Z🎉", false),
        ])
    func jumbo(text: String, expected: Bool) throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"])
        chat.say("ben", at: "09:00", text)
        #expect(try LayoutEngine.layout(chat.transcript).days[0].chains[0].bubbles[0].jumbo == expected)
    }

    @Test("Time shows at a chain's end and after a long pause")
    func showTime() throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"])
        chat.say("ben", at: "09:00")
        chat.say("ben", at: "09:01")
        chat.say("ben", at: "09:02")
        let bubbles = try LayoutEngine.layout(chat.transcript).days[0].chains[0].bubbles
        #expect(bubbles.map(\.showTime) == [true, false, true])
    }
}
