import Foundation
import ScrollbackModel
import Testing

@testable import ScrollbackReaders

@Suite("Slack import")
struct SlackImportTests {
    static let mrkdwn = SlackMrkdwn(users: ["U1": "Ana Lima"], channels: ["C1": "general"])

    @Test(
        "mrkdwn becomes Markdown",
        arguments: [
            ("*bold* _it_ ~strike~", "**bold** *it* ~~strike~~"),
            ("hi <@U1>, see <#C1|general> and <#C2|random>", "hi @Ana Lima, see #general and #random"),
            (
                "<https://example.com/a_b|the docs> and <https://x.org>",
                "[the docs](https://example.com/a_b) and [https://x.org](https://x.org)"
            ),
            ("1 &lt; 2 &amp;&amp; 3 &gt; 2", #"1 \< 2 \&\& 3 \> 2"#),
            ("<!here> `a*b` ```let x = 1\nlet y = 2```", "@here `a*b`\n\n```\nlet x = 1\nlet y = 2\n```"),
            ("<javascript:alert(1)|click>", "click"),
            ("2*3*4 and snake_case_name", #"2\*3\*4 and snake\_case\_name"#),
        ])
    func mrkdwnToMarkdown(_ pair: (String, String)) {
        #expect(Self.mrkdwn.markdown(pair.0) == pair.1)
    }

    static let workspace: [String: String] = [
        "users.json": """
        [{"id": "U1", "name": "ana", "real_name": "Ana Lima", "profile": {"display_name": "ana.l", "real_name": "Ana Lima"}},
         {"id": "U2", "name": "ben", "profile": {"display_name": "", "real_name": "Ben Okafor"}}]
        """,
        "channels.json": """
        [{"id": "C1", "name": "general", "members": ["U1", "U2"]}, {"id": "C2", "name": "random", "members": ["U1"]}]
        """,
        "general/2024-03-01.json": """
        [{"type": "message", "subtype": "channel_join", "user": "U2", "text": "<@U2> has joined the channel", "ts": "1709280000.000100"},
         {"type": "message", "user": "U1", "text": "Plan for *Saturday*?", "ts": "1709280060.000200",
          "thread_ts": "1709280060.000200", "reply_count": 1,
          "reactions": [{"name": "+1", "users": ["U2"], "count": 1}, {"name": "partyparrot", "users": ["U1", "U2"], "count": 2}]},
         {"type": "message", "user": "U2", "text": "Yes", "ts": "1709280120.000300", "thread_ts": "1709280060.000200",
          "parent_user_id": "U1", "edited": {"user": "U2", "ts": "1709280130.000000"}}]
        """,
        "general/2024-03-02.json": """
        [{"type": "message", "subtype": "bot_message", "bot_id": "B1", "username": "deploybot", "text": "",
          "ts": "1709366400.000100", "attachments": [{"pretext": "Deployed", "title": "v2", "title_link": "https://ci.example.com/2"}]},
         {"type": "message", "user": "U1", "text": "photo", "ts": "1709366460.000200",
          "files": [{"id": "F1", "name": "trail.jpg", "mimetype": "image/jpeg", "url_private": "https://files.slack.com/F1/trail.jpg"}]},
         {"type": "message", "subtype": "message_deleted", "ts": "1709366470.000000", "deleted_ts": "1709366460.000200"}]
        """,
        "random/2024-03-01.json": """
        [{"type": "message", "user": "U1", "text": "anyone?", "ts": "1709290000.000100"}]
        """,
    ]

    @Test("A workspace folder gives one conversation per channel, named by the channel")
    func workspaceFolder() throws {
        let folder = try ImportTesting.folder(Self.workspace)
        let input = ChatInput(directory: folder)
        #expect(try Readers.detect(input) == .slack)
        let result = try Readers.read(input)
        #expect(result.conversations.map(\.id) == ["general", "random"])
        #expect(result.conversations.map(\.title) == ["#general", "#random"])
        #expect(result.report.messagesRead == 6)
        #expect(result.report.skipped.isEmpty)
    }

    @Test("Threads become replies; joins become system messages; reactions, edits, bots and files map")
    func mapping() throws {
        let folder = try ImportTesting.folder(Self.workspace)
        let general = try Readers.read(ChatInput(directory: folder)).conversations[0]
        let messages = general.messages
        #expect(messages[0].kind == .system && messages[0].text == "@Ben Okafor has joined the channel")
        #expect(messages[1].replyTo == nil && messages[1].text == "Plan for **Saturday**?")
        #expect(messages[1].reactions.map(\.emoji) == ["👍", ":partyparrot:"])
        #expect(messages[2].replyTo == "1709280060.000200")
        #expect(messages[2].edited?.seconds == 1_709_280_130)
        #expect(messages[3].sender == "B1" && messages[3].text == "Deployed\n\n[v2](https://ci.example.com/2)")
        #expect(
            messages[4].attachments == [
                Attachment(url: "https://files.slack.com/F1/trail.jpg", type: "image/jpeg", name: "trail.jpg")
            ])
        #expect(general.participants.map(\.name) == ["ana.l", "Ben Okafor", "deploybot"])
        #expect(messages[1].time.description == "2024-03-01T08:01:00.0002Z")
    }

    @Test("A message_deleted event marks its message deleted; a message_changed event edits it, keeping the old text")
    func changesAndDeletions() throws {
        var files = Self.workspace
        files["random/2024-03-02.json"] = """
            [{"type": "message", "subtype": "message_changed", "ts": "1709370000.000100",
              "message": {"type": "message", "user": "U1", "text": "anyone around?", "ts": "1709290000.000100",
                          "edited": {"user": "U1", "ts": "1709370000.000000"}},
              "previous_message": {"type": "message", "user": "U1", "text": "anyone?", "ts": "1709290000.000100"}},
             {"type": "message", "subtype": "message_deleted", "ts": "1709370001.000000", "deleted_ts": "1709000000.000000"}]
            """
        let result = try Readers.read(ChatInput(directory: try ImportTesting.folder(files)))
        let photo = result.conversations[0].messages[4]
        #expect(photo.deleted && photo.text == "" && photo.revisions.map(\.text) == ["photo"])
        let random = result.conversations[1].messages
        #expect(random.count == 1 && random[0].text == "anyone around?")
        #expect(random[0].revisions.map(\.text) == ["anyone?"] && random[0].edited?.seconds == 1_709_370_000)
        #expect(result.report.skipped.map(\.text) == ["a message_deleted event for a message not in the export"])
    }

    @Test("Thread replies to messages not in the export are counted in one warning, at the first of them")
    func repliesToMissingParents() throws {
        let folder = try ImportTesting.folder([
            "users.json": #"[{"id": "U1", "name": "ana"}]"#,
            "channels.json": #"[{"id": "C1", "name": "general"}]"#,
            "general/2024-03-01.json": """
            [{"type": "message", "user": "U1", "text": "parent", "ts": "1709280000.000100"},
             {"type": "message", "user": "U1", "text": "reply", "ts": "1709280060.000200", "thread_ts": "1709280000.000100"},
             {"type": "message", "user": "U1", "text": "lost", "ts": "1709280120.000300", "thread_ts": "1709200000.000100"},
             {"type": "message", "user": "U1", "text": "again", "ts": "1709280130.000300", "thread_ts": "1709280000.000100"},
             {"type": "message", "user": "U1", "text": "lost too", "ts": "1709280180.000400", "thread_ts": "1709200000.000200"}]
            """,
        ])
        let result = try Readers.read(ChatInput(directory: folder), format: .slack)
        let warnings = result.report.warnings.filter { $0.text.hasSuffix("not in the export") }
        #expect(warnings.map(\.text) == ["#general: 2 thread replies to messages not in the export"])
        #expect(warnings.first?.location?.line == 3)
        #expect(result.conversations[0].messages.map(\.text) == ["parent", "reply", "lost", "again", "lost too"])
    }

    @Test("Messages are told apart by their ts as written, in Slack's usual form or any other")
    func timestampsAsWritten() throws {
        let folder = try ImportTesting.folder([
            "users.json": #"[{"id": "U1", "name": "ana"}]"#,
            "channels.json": #"[{"id": "C1", "name": "general"}]"#,
            "general/2024-03-01.json": """
            [{"type": "message", "user": "U1", "text": "usual", "ts": "1709280000.000100"},
             {"type": "message", "user": "U1", "text": "short", "ts": "1709280000.0001"},
             {"type": "message", "user": "U1", "text": "number", "ts": 1709280001},
             {"type": "message", "user": "U1", "text": "repeat", "ts": "1709280000.000100"},
             {"type": "message", "subtype": "message_changed", "ts": "1709280100.000000",
              "message": {"type": "message", "user": "U1", "text": "short, edited", "ts": "1709280000.0001"}},
             {"type": "message", "subtype": "message_deleted", "ts": "1709280200.000000", "deleted_ts": "1709280001"}]
            """,
        ])
        let messages = try Readers.read(ChatInput(directory: folder), format: .slack).conversations[0].messages
        #expect(messages.map(\.id) == ["1709280000.000100", "1709280000.0001", "1709280001"])
        #expect(messages.map(\.text) == ["usual", "short, edited", ""])
        #expect(messages.map(\.deleted) == [false, false, true])
    }

    @Test("The same workspace as a .zip (wrapped in a folder) reads the same")
    func zip() throws {
        let members = Self.workspace.sorted { $0.key < $1.key }.map { ("Export Mar 2024/" + $0.key, $0.value) }
        let input = ChatInput(name: "export.zip", bytes: StoredZip.make(members))
        #expect(try Readers.detect(input) == .slack)
        let result = try Readers.read(input)
        #expect(result.conversations.map(\.id) == ["general", "random"])
        #expect(result.conversations[0].messages.count == 5)
    }

    @Test("One channel's JSON on its own is read, naming people from their messages")
    func singleFile() throws {
        let text = """
            [{"type": "message", "user": "U9", "text": "hi", "ts": "1709280000.000100",
              "user_profile": {"display_name": "Cy", "real_name": "Cy Ng"}}]
            """
        let result = try ImportTesting.read(text, name: "2024-03-01.json")
        #expect(result.format == .slack)
        #expect(result.conversations[0].participants == [Participant(id: "U9", name: "Cy")])
    }
}
