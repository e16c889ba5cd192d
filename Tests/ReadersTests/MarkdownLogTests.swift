import ScrollbackModel
import ScrollbackReaders
import TestSupport
import Testing

@Suite("Markdown log")
struct MarkdownLogTests {
    static let log = """
        ---
        title: Weekend plans   # shown as the page title
        me: Ana Lima
        timezone: Europe/Berlin
        participants:
          - id: ana
            name: Ana Lima
            avatar: avatars/ana.jpg
          - id: ben
            name: "Ben Okafor"
        ---

        ### Ben Okafor · 2026-11-28 09:14
        Still on for **Saturday**?

        ### ana · 2026-11-28 09:15:30 {#m2 status=read reply=m1}

        Yes!

        ### cara · 2026-11-28 09:16 {edited deleted .hidden format=plain}
        ### SYSTEM · 2026-11-28 09:17
        Ben renamed the group to “Hike”
        ### Ben Okafor | 2026-11-28 09:18 {.system}
        Ben left
        ### Ben - 2026-11-28T09:19 {#m6 edited="2026-11-28 09:25" reply="m2"} ###
        Back again
        """

    @Test("Front matter gives title, me, time zone and participants")
    func frontMatter() throws {
        let result = try read(Self.log, name: "plans.md")
        #expect(result.format == .markdown)
        let transcript = result.conversations[0]
        #expect(transcript.title == "Weekend plans")
        #expect(transcript.me == "ana")
        #expect(transcript.timeZone == "Europe/Berlin")
        #expect(
            transcript.participants == [
                Participant(id: "ana", name: "Ana Lima", avatar: "avatars/ana.jpg"),
                Participant(id: "ben", name: "Ben Okafor"),
                Participant(id: "cara", name: "cara"),
            ])
        #expect(!transcript.undated)
        #expect(result.report.skipped.isEmpty && result.report.warnings.isEmpty)
    }

    @Test("Headings give sender, time and attributes; bodies are trimmed")
    func headings() throws {
        let messages = try transcript(Self.log, name: "plans.md").messages
        #expect(messages.map(\.id) == ["m1", "m2", "m3", "m4", "m5", "m6"])
        #expect(messages.map(\.sender) == ["ben", "ana", "cara", nil, nil, "ben"])
        #expect(messages.map(\.kind) == [.message, .message, .message, .system, .system, .message])
        #expect(messages[0].text == "Still on for **Saturday**?")
        #expect(messages[0].time == Timestamp(rfc3339: "2026-11-28T09:14:00+01:00"))
        #expect(messages[0].time.utcOffset == 3600)
        #expect(messages[0].location == SourceLocation(file: "plans.md", line: 13, column: 1))
        #expect(messages[1].text == "Yes!" && messages[1].status == .read && messages[1].replyTo == "m1")
        #expect(messages[1].time == Timestamp(rfc3339: "2026-11-28T09:15:30+01:00"))
        let third = messages[2]
        #expect(third.text == "" && third.deleted && third.hidden && third.format == .plain)
        #expect(third.edited == third.time)
        #expect(messages[3].text == "Ben renamed the group to “Hike”")
        #expect(messages[5].text == "Back again" && messages[5].replyTo == "m2")
        #expect(messages[5].edited == Timestamp(rfc3339: "2026-11-28T09:25:00+01:00"))
    }

    @Test("Fenced code may hold lines that look like headings and front matter")
    func fences() throws {
        let messages = try transcript(
            """
            ### ana · 2026-11-28 09:00
            Look:

            ````markdown
            ```
            ### ben · 2026-11-28 09:01
            ```
            ---
            title: not front matter
            ---
            ````

              ~~~
            ## User
            ### ben · 2026-11-28 09:02
              ~~~~
            ### ben · 2026-11-28 09:03
            Nice
            """, name: "fences.md"
        ).messages
        #expect(messages.map(\.sender) == ["ana", "ben"])
        #expect(messages[0].text.hasSuffix("  ~~~~"))
        #expect(messages[0].text.contains("### ben · 2026-11-28 09:01"))
        #expect(messages[0].text.contains("### ben · 2026-11-28 09:02"))
        #expect(messages[1].text == "Nice")
    }

    @Test("Other headings, rules and role names inside a body stay body text")
    func headingsInBodies() throws {
        let body = """
            # Plan
            ## User
            ### Step 1 · 2 minutes
            #### ben · 2026-11-28 09:01
                ### ben · 2026-11-28 09:02
            ---
            Done
            """
        let messages = try transcript("### ana · 2026-11-28 09:00\n\(body)\n", name: "plan.md").messages
        #expect(messages.count == 1)
        #expect(messages[0].text == body)
    }

    @Test("A title heading before the first message titles the log; other text is reported as skipped")
    func preamble() throws {
        let result = try read(
            "# Trip notes\n\nWritten on the train.\nSecond line.\n\nAnother paragraph.\n\n### ana · 2026-11-28 09:00\nHi\n",
            name: "trip.md")
        #expect(result.conversations[0].title == "Trip notes")
        #expect(
            result.report.skipped.map(\.description) == [
                #"trip.md:3:1: text before the first message heading: "Written on the train.""#,
                #"trip.md:6:1: text before the first message heading: "Another paragraph.""#,
            ])
    }

    @Test("Front matter participants may be a flow list or an id: name map")
    func participantForms() throws {
        let flow = try transcript(
            "---\nparticipants: [ana, 'ben o''brien', \"cara, d\"]\n---\n### cara, d · 2026-11-28 09:00\nHi\n",
            name: "f.md")
        #expect(flow.participants.map(\.id) == ["ana", "ben o'brien", "cara, d"])
        #expect(flow.messages[0].sender == "cara, d")
        let map = try transcript(
            "---\nparticipants:\n  ana: Ana Lima\n  ben: Ben Okafor\ncustom:\n  - ignored: yes\n---\n### Ben Okafor · 2026-11-28 09:00\nHi\n",
            name: "m.md")
        #expect(
            map.participants == [Participant(id: "ana", name: "Ana Lima"), Participant(id: "ben", name: "Ben Okafor")])
        #expect(map.messages[0].sender == "ben")
        let list = try transcript(
            "---\nparticipants:\n- ana\n- id: ben\n  name: Ben\n  online: true\n---\n### ana · 2026-11-28 09:00\nHi\n",
            name: "l.md")
        #expect(list.participants == [Participant(id: "ana"), Participant(id: "ben", name: "Ben", online: true)])
    }

    @Test("CRLF line ends and a byte order mark are accepted")
    func crlf() throws {
        let text = "\u{FEFF}---\r\ntitle: T\r\n---\r\n### ana · 2026-11-28 09:00\r\nHi\r\nthere\r\n"
        let log = try transcript(text, name: "crlf.md")
        #expect(log.title == "T")
        #expect(log.messages[0].text == "Hi\nthere")
    }

    @Test("A fence that never closes is read to the end of the file, with a warning")
    func unclosedFence() throws {
        let result = try read(
            "### ana · 2026-11-28 09:00\n```\ncode\n### ben · 2026-11-28 09:01\nHi\n", name: "open.md")
        #expect(result.conversations[0].messages.count == 1)
        #expect(
            result.report.warnings.map(\.description) == [
                #"open.md:2:1: the code fence opened here is never closed, so the rest of the file is part of message 1 (id "m1")."#
            ])
    }

    @Test("The AI pairing example reads without warnings")
    func example() throws {
        let result = try Readers.read(ChatInput.load(Fixtures.example("ai-pairing.md").path))
        #expect(result.format == .markdown)
        #expect(result.report.skipped.isEmpty && result.report.warnings.isEmpty)
        let log = result.conversations[0]
        #expect(log.title == "Pairing on a flaky date test" && log.me == "maya" && !log.undated)
        #expect(log.messages.count == 10)
        #expect(log.messages.allSatisfy { $0.sender == "maya" || $0.sender == "assistant" })
        #expect(log.messages[0].time == Timestamp(rfc3339: "2026-03-07T16:42:00-06:00"))
    }
}
