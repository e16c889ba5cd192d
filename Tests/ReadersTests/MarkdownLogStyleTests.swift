import ScrollbackModel
import ScrollbackReaders
import Testing

@Suite("Markdown log: AI chats and time zones")
struct MarkdownLogStyleTests {
    @Test("## User / ## Assistant logs are undated, with synthetic times one second apart")
    func llmStyle() throws {
        let log = try transcript(
            """
            # Sorting in Swift

            ## User
            How do I sort an array?

            ## Assistant
            Use `sorted()`:

            ## Example
            ```swift
            ## User
            let x = [3, 1].sorted()
            ```

            ## system
            Context reset.

            ## TOOL:
            {"ok": true}

            ### ana · 2026-11-28 09:00
            still the tool's text
            """, name: "ai.md")
        #expect(log.undated)
        #expect(log.title == "Sorting in Swift")
        #expect(log.me == "user")
        #expect(
            log.participants == [
                Participant(id: "user", name: "User"), Participant(id: "assistant", name: "Assistant"),
                Participant(id: "tool", name: "Tool"),
            ])
        #expect(log.messages.map(\.sender) == ["user", "assistant", nil, "tool"])
        #expect(log.messages[2].kind == .system)
        #expect(log.messages.map(\.time.seconds) == [0, 1, 2, 3])
        #expect(log.messages[1].text.hasPrefix("Use `sorted()`:\n\n## Example\n```swift\n## User\n"))
        #expect(log.messages[3].text.hasSuffix("### ana · 2026-11-28 09:00\nstill the tool's text"))
    }

    @Test("Front matter names the roles, picks me, and dates an AI chat")
    func llmFrontMatter() throws {
        let log = try transcript(
            """
            ---
            assistant: Claude
            user: Ana
            me: Ana
            timezone: Europe/Berlin
            date: 2026-11-28
            ---
            ## Human
            Hi
            ## Assistant {#a1}
            Hello!
            """, name: "ai.md")
        #expect(
            log.participants == [Participant(id: "user", name: "Ana"), Participant(id: "assistant", name: "Claude")])
        #expect(log.me == "user")
        #expect(log.messages.map(\.id) == ["m1", "a1"])
        #expect(log.messages[0].time == Timestamp(rfc3339: "2026-11-28T00:00:00+01:00"))
        #expect(log.messages[1].time == Timestamp(rfc3339: "2026-11-28T00:00:01+01:00"))
    }

    @Test("In a dated log, ## User lines are body text")
    func datedLogKeepsRoleHeadings() throws {
        let log = try transcript("### ana · 2026-11-28 09:00\n## User\nHi\n", name: "d.md")
        #expect(!log.undated)
        #expect(log.messages.count == 1 && log.messages[0].text == "## User\nHi")
    }

    @Test("Times are read in the front matter's zone, else the --tz zone, else UTC")
    func zoneChoice() throws {
        let body = "### ana · 2026-07-01 12:00\nHi\n"
        let tokyo = ReadOptions(timeZone: Zone(identifier: "Asia/Tokyo"))
        let inFrontMatter = try transcript(
            "---\ntimezone: America/New_York\n---\n" + body, name: "a.md", options: tokyo)
        #expect(inFrontMatter.messages[0].time == Timestamp(rfc3339: "2026-07-01T12:00:00-04:00"))
        #expect(inFrontMatter.timeZone == "America/New_York")
        let fromOption = try transcript(body, name: "a.md", options: tokyo)
        #expect(fromOption.messages[0].time == Timestamp(rfc3339: "2026-07-01T12:00:00+09:00"))
        let utc = try transcript(body, name: "a.md")
        #expect(utc.messages[0].time == Timestamp(rfc3339: "2026-07-01T12:00:00Z"))
        #expect(utc.timeZone == nil)
        let explicit = try transcript("### ana · 2026-07-01 12:00 +05:30\nHi\n", name: "a.md", options: tokyo)
        #expect(explicit.messages[0].time == Timestamp(rfc3339: "2026-07-01T12:00:00+05:30"))
    }

    @Test(
        "Local times on DST days: a skipped hour reads with the offset before, a repeated hour as the earlier instant",
        arguments: [
            ("2026-03-29 01:59", "2026-03-29T01:59:00+01:00"),
            ("2026-03-29 02:30", "2026-03-29T02:30:00+01:00"),
            ("2026-03-29 03:00", "2026-03-29T03:00:00+02:00"),
            ("2026-10-25 01:59", "2026-10-25T01:59:00+02:00"),
            ("2026-10-25 02:30", "2026-10-25T02:30:00+02:00"),
            ("2026-10-25 03:00", "2026-10-25T03:00:00+01:00"),
        ])
    func dstDays(_ local: String, _ instant: String) throws {
        let log = try transcript("---\ntimezone: Europe/Berlin\n---\n### ana · \(local)\nHi\n", name: "dst.md")
        #expect(log.messages[0].time == Timestamp(rfc3339: instant))
    }

    @Test("Separators, closing hashes and names that match case-insensitively")
    func headingForms() throws {
        let log = try transcript(
            """
            ---
            participants:
              - id: ben
                name: Ben Okafor
            ---
            ### ben okafor • 2026-11-28 09:00
            a
            ### Ben – 2026-11-28 09:01 ##
            b
            ### Ben — 2026-11-28 09:02:03.5
            c
            ### Jean-Luc - 2026-11-28 09:03
            d
            """, name: "forms.md")
        #expect(log.messages.map(\.sender) == ["ben", "ben", "ben", "Jean-Luc"])
        #expect(log.messages[2].time.nanoseconds == 500_000_000)
        #expect(log.messages.map(\.text) == ["a", "b", "c", "d"])
    }
}
