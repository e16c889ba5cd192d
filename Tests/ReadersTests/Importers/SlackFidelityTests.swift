import Foundation
import ScrollbackLayout
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// What a Slack export shows in Slack, shown the same way: its wall clock, everyone's names,
/// edits, pins, huddles, snippets and Block Kit.
@Suite("Slack fidelity")
struct SlackFidelityTests {
    static let users = """
        [{"id": "U1", "name": "ana", "tz": "Europe/Berlin", "profile": {"display_name": "ana.l", "real_name": "Ana Lima"}},
         {"id": "U2", "name": "ben", "tz": "Europe/Berlin", "profile": {"display_name": "", "real_name": "Ben Okafor"}},
         {"id": "U3", "name": "cy", "tz": "America/New_York", "profile": {"display_name": "Cy", "real_name": "Cy Ng"}}]
        """

    /// A workspace of one channel, `general`, whose day file `2024-03-01.json` holds `messages`.
    static func general(_ messages: String, day: String = "2024-03-01") throws -> Transcript {
        let folder = try ImportTesting.folder([
            "users.json": users,
            "channels.json": #"[{"id": "C1", "name": "general", "members": ["U1", "U2", "U3"]}]"#,
            "general/\(day).json": messages,
        ])
        return try Readers.read(ChatInput(directory: folder), format: .slack).conversations[0]
    }

    @Test("Every message of the export falls on its day file's date, in the zone most people's tz names")
    func wallClockOfTheExport() throws {
        let path = try #require(Fixtures.shared).appendingPathComponent("slack/slack-export-viewer/testarchive").path
        let result = try Readers.read(try ChatInput.load(path))
        #expect(result.report.inferences.contains { $0.hasPrefix("times are shown in America/Los_Angeles") })
        var checked = 0
        for transcript in result.conversations {
            let zone = try #require(transcript.timeZone.flatMap(Zone.init(identifier:)))
            for message in transcript.messages {
                let file = try #require(message.location?.file.split(separator: "/").last)
                #expect(zone.date(of: message.time).description == String(file.prefix(10)), "\(message.id)")
                checked += 1
            }
        }
        #expect(checked == 158)
        let chosen = try Readers.read(try ChatInput.load(path), options: ReadOptions(timeZone: .utc))
        #expect(chosen.conversations.allSatisfy { $0.timeZone == "UTC" })
    }

    @Test("A day file whose messages are UTC days (slackdump's) stays in UTC, and the note says why")
    func utcDayFiles() throws {
        let path = try #require(Fixtures.shared).appendingPathComponent("slack/slackdump/source_export_dir").path
        let result = try Readers.read(try ChatInput.load(path))
        #expect(result.conversations[0].timeZone == nil)
        #expect(
            result.report.inferences.contains { $0.hasPrefix("times are shown in UTC: the day files hold UTC days") })
    }

    @Test("Someone who only reacted is named from users.json, not shown by id")
    func reactorsNamed() throws {
        let transcript = try Self.general(
            """
            [{"type": "message", "user": "U1", "text": "hi", "ts": "1709280000.000100",
              "reactions": [{"name": "wave", "users": ["U3"], "count": 1}]}]
            """)
        let reactions = try ImportTesting.layout(transcript).messages.first?["reactions"] as? [[String: Any]]
        #expect(reactions?.first?["names"] as? [String] == ["Cy"])
    }

    @Test("The version a message_changed event replaces is dated with its own ts, not the edit's")
    func changedVersionTimes() throws {
        let event = """
            {"type": "message", "subtype": "message_changed", "ts": "1709290000.000000",
             "message": {"type": "message", "user": "U1", "text": "v2", "ts": "1709280000.000100",
                         "edited": {"user": "U1", "ts": "1709290000.000000"}},
             "previous_message": {"type": "message", "user": "U1", "text": "v1", "ts": "1709280000.000100"}}
            """
        let alone = try Self.general("[\(event)]").messages[0]
        #expect(alone.revisions.map(\.text) == ["v1"] && alone.revisions[0].time?.seconds == 1_709_280_000)
        let edited = try Self.general(
            """
            [{"type": "message", "user": "U1", "text": "v1", "ts": "1709280000.000100",
              "edited": {"user": "U1", "ts": "1709285000.000000"}}, \(event)]
            """
        ).messages[0]
        #expect(edited.text == "v2" && edited.revisions.map(\.time?.seconds) == [1_709_280_000])
    }

    @Test("A pinned_item line names who pinned without an @ and links the pinned message")
    func pinnedItem() throws {
        let transcript = try Self.general(
            """
            [{"type": "message", "user": "U1", "text": "the plan", "ts": "1709280000.000100"},
             {"type": "message", "subtype": "pinned_item", "user": "U2", "item_type": "C",
              "text": "<@U2|ben> pinned a message to this channel.", "ts": "1709280100.000200",
              "attachments": [{"fallback": "the plan", "ts": "1709280000.000100", "author_id": "U1",
                               "channel_id": "C1", "is_msg_unfurl": true, "text": "the plan"}]}]
            """)
        let pin = transcript.messages[1]
        #expect(pin.kind == .system && pin.text == "Ben Okafor pinned a message to this channel.")
        #expect(pin.replyTo == "1709280000.000100")
        #expect(try ImportTesting.layout(transcript).replies["1709280100.000200"] == "1709280000.000100")
    }

    @Test("A huddle says how long it lasted and who took part")
    func huddle() throws {
        let transcript = try Self.general(
            """
            [{"type": "message", "subtype": "huddle_thread", "user": "U1", "text": "", "ts": "1709280000.000100",
              "channel": "C1", "no_notifications": true,
              "room": {"id": "R1", "name": "", "created_by": "U1", "date_start": 1709280000, "date_end": 1709283900,
                       "participants": [], "participant_history": ["U1", "U2", "U3"], "has_ended": true,
                       "call_family": "huddle"}}]
            """)
        #expect(
            transcript.messages[0].text
                == "ana.l started a huddle that lasted 1 hour 5 minutes, with ana.l, Ben Okafor, Cy")
    }

    @Test("A snippet's preview is shown as code, with how many lines it leaves out")
    func snippetPreview() throws {
        let path = try #require(Fixtures.shared).appendingPathComponent("slack/slack-export-viewer/testarchive").path
        let sailor = try #require(
            try Readers.read(try ChatInput.load(path)).conversations.first { $0.id == "traveling-sailor" })
        let shared = try #require(sailor.messages.first { $0.id == "1459052866.000012" })
        #expect(shared.text.contains("```javascript\n{\n\"cities\": {\n   \"Holmesville\": [31.7036111, -82.3208333],"))
        #expect(shared.text.hasSuffix("… 101 more lines"))
        #expect(!shared.text.contains("\r"))
    }

    @Test("Block Kit bold that ends in a space before a date token is bold, not literal stars")
    func boldBeforeToken() throws {
        let path = try #require(Fixtures.shared).appendingPathComponent("slack/slackdump/messages/polly.json").path
        // The context line is under the poll (its plain words), as Polly draws it.
        let poll = try #require(Readers.read(try ChatInput.load(path)).conversations[0].messages[0].attachments.first)
        #expect(poll.description?.hasSuffix("🕤 Closes: Jan 25, 2025 at 00:32 AM") == true)
        #expect(!(poll.description ?? "").contains("*"))
        #expect(
            SlackMrkdwn(users: [:], channels: [:]).markdown("*🕤 Closes: *<!date^1|Jan 25>") == "**🕤 Closes:** Jan 25")
    }

    @Test("A channel is a group: with --me, the one other poster's name is shown")
    func channelIsGroup() throws {
        let transcript = try Self.general(
            """
            [{"type": "message", "user": "U1", "text": "hi", "ts": "1709280000.000100"},
             {"type": "message", "user": "U2", "text": "hey", "ts": "1709280060.000200"}]
            """)
        #expect(transcript.isGroup == true)
        var options = LayoutOptions()
        options.me = "U1"
        let layout = try LayoutEngine.layout(transcript, options: options)
        #expect(layout.days.flatMap(\.chains).first { $0.sender == "U2" }?.showName == true)
    }
}

@Suite("--me by the name people see")
struct MeByNameTests {
    @Test("--me takes the name or @handle shown in the chat, and an unknown one lists names with their ids")
    func meByShownName() throws {
        let path = try #require(Fixtures.shared).appendingPathComponent("slack/slack-export-viewer/testarchive").path
        let sailor = try #require(
            try Readers.read(try ChatInput.load(path)).conversations.first { $0.id == "traveling-sailor" })
        #expect(try LayoutEngine.layout(sailor, options: LayoutOptions(me: "@hamza")).me == "U0BMQB6JE")
        #expect(try LayoutEngine.layout(sailor, options: LayoutOptions(me: "Hamza")).me == "U0BMQB6JE")
        #expect {
            try LayoutEngine.layout(sailor, options: LayoutOptions(me: "nobody"))
        } throws: { error in
            String(describing: error).contains("\"hamza\" (U0BMQB6JE, Hamza Faran)")
        }
    }
}
