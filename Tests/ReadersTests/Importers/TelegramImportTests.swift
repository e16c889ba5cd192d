import ScrollbackModel
import Testing

@testable import ScrollbackReaders

@Suite("Telegram import")
struct TelegramImportTests {
    static let chat = """
        {
         "name": "Ben Okafor", "type": "personal_chat", "id": 4242,
         "messages": [
          {"id": 1, "type": "message", "date": "2024-03-01T10:00:00", "date_unixtime": "1709283600",
           "from": "Ana Lima", "from_id": "user1",
           "text": ["Math: 2*3*4 is ", {"type": "bold", "text": "24"}, " ", {"type": "spoiler", "text": "secret"}],
           "text_entities": [
             {"type": "plain", "text": "Math: 2*3*4 is "}, {"type": "bold", "text": "24"}, {"type": "plain", "text": " "},
             {"type": "spoiler", "text": "secret"}]},
          {"id": 2, "type": "message", "date": "2024-03-01T10:01:00", "date_unixtime": "1709283660",
           "edited": "2024-03-01T10:02:00", "edited_unixtime": "1709283720",
           "from": "Ben Okafor", "from_id": "user2", "reply_to_message_id": 1, "forwarded_from": "News",
           "text": [{"type": "italic", "text": "wow"}, " ", {"type": "code", "text": "x`y"}, " ",
                    {"type": "text_link", "text": "site", "href": "https://example.com/a_b"},
                    {"type": "text_link", "text": "bad", "href": "javascript:alert(1)"}],
           "reactions": [{"type": "emoji", "count": 2, "emoji": "👍", "recent": [{"from": "Ana Lima", "from_id": "user1"}]}]},
          {"id": 3, "type": "message", "date": "2024-03-02T00:30:00", "date_unixtime": "1709335800",
           "from": "Ana Lima", "from_id": "user1", "text": "",
           "photo": "photos/photo_1.jpg", "width": 800, "height": 600},
          {"id": 4, "type": "service", "date": "2024-03-02T00:31:00", "date_unixtime": "1709335860",
           "actor": "Ana Lima", "actor_id": "user1", "action": "phone_call", "duration_seconds": 125, "text": ""},
          {"id": 5, "type": "message", "date": "2024-03-02T00:32:00", "date_unixtime": "1709335920",
           "from": "Ben Okafor", "from_id": "user2", "text": "",
           "file": "(File not included. Change data exporting settings to download.)", "media_type": "voice_message"},
          {"id": 6, "type": "message", "date": "2024-03-02T00:33:00", "date_unixtime": "1709335980",
           "from": "Ben Okafor", "from_id": "user2", "text": "",
           "file": "../../secret.txt", "file_name": "secret.txt"},
          {"id": 7, "type": "message", "date": "2024-03-02T00:34:00", "date_unixtime": "1709336040",
           "from": "Ben Okafor", "from_id": "user2",
           "text": [{"type": "pre", "text": "let x = 1\\n", "language": "swift"}]}
         ]
        }
        """

    @Test("Entities become Markdown while plain text like 2*3*4 stays literal")
    func entities() throws {
        let messages = try ImportTesting.transcript(Self.chat, name: "result.json", format: .telegram).messages
        #expect(messages[0].text == #"Math: 2\*3\*4 is **24** ||secret||"#)
        #expect(messages[1].text == "*wow* ``x`y`` [site](https://example.com/a_b)bad")
        #expect(messages[6].text == "```swift\nlet x = 1\n```")
    }

    @Test("date_unixtime gives the instant and the local date gives the offset the exporter saw")
    func offsets() throws {
        let result = try ImportTesting.read(Self.chat, name: "result.json", format: .telegram)
        let transcript = result.conversations[0]
        #expect(transcript.messages[0].time.description == "2024-03-01T10:00:00+01:00")
        #expect(transcript.messages[1].edited?.description == "2024-03-01T10:02:00+01:00")
        #expect(transcript.timeZone == "Etc/GMT-1")
        #expect(result.report.inferences.contains { $0.contains("UTC+1") })
    }

    @Test("Without date_unixtime local dates are read in --tz, else UTC, and the report says so")
    func localOnly() throws {
        let text = """
            {"name": "G", "type": "private_group", "messages": [
              {"id": 1, "type": "message", "date": "2024-07-01T09:00:00", "from": "A", "text": "hi"}]}
            """
        let utc = try ImportTesting.read(text, name: "r.json", format: .telegram)
        #expect(utc.conversations[0].messages[0].time.description == "2024-07-01T09:00:00Z")
        #expect(utc.report.inferences.contains { $0.contains("read as UTC") })
        let berlin = try ImportTesting.read(
            text, name: "r.json", format: .telegram, options: ReadOptions(timeZone: Zone(identifier: "Europe/Berlin")))
        #expect(berlin.conversations[0].messages[0].time.description == "2024-07-01T09:00:00+02:00")
    }

    @Test(
        "A message's time is read from its date and date_unixtime as written",
        arguments: [
            ("pair", "2024-03-01T10:00:00", "1709283600", "2024-03-01T10:00:00+01:00"),
            ("own offset", "2024-03-01T09:00:00Z", nil, "2024-03-01T09:00:00Z"),
            ("offset and instant", "2024-03-01T10:00:00+01:00", "1709283600", "2024-03-01T09:00:00Z"),
            ("odd offset", "2024-03-01T10:00:07", "1709283600", "2024-03-01T09:00:00Z"),
            ("local only", "2024-03-01T10:00:00", nil, "2024-03-01T10:00:00Z"),
            ("instant only", nil, "1709283600", "2024-03-01T09:00:00Z"),
            ("unreadable", "yesterday", nil, nil),
        ] as [(String, String?, String?, String?)])
    func times(_ label: String, _ date: String?, _ unixtime: String?, _ expected: String?) throws {
        var members: [String] = []
        if let date { members.append("\"date\": \"\(date)\"") }
        if let unixtime { members.append("\"date_unixtime\": \"\(unixtime)\"") }
        let text = """
            {"name": "G", "type": "private_group", "messages": [
              {"id": 1, "type": "message", \(members.joined(separator: ", ")), "from": "A", "text": "hi"}]}
            """
        let result = try ImportTesting.read(text, name: "r.json", format: .telegram)
        #expect(result.conversations[0].messages.first?.time.description == expected, "\(label)")
    }

    @Test("A member written twice in a message counts with its last value, however many members the message has")
    func repeatedMembers() throws {
        // Past 254 members a message is read by name rather than through its table of places.
        for padding in [0, 300] {
            let extra = (0..<padding).map { "\"x\($0)\": \($0)" }.joined(separator: ", ")
            let text = """
                {"name": "G", "type": "private_group", "messages": [
                  {"id": 1, "type": "message", "date": "2024-03-01T10:00:00", "from": "A", "text": "first",
                   \(extra.isEmpty ? "" : extra + ", ")"from": "Ana", "text": "second"}]}
                """
            let result = try ImportTesting.read(text, name: "r.json", format: .telegram)
            let message = try #require(result.conversations[0].messages.first)
            #expect(message.text == "second", "\(padding) more members")
            #expect(result.conversations[0].participants.map(\.name) == ["Ana"], "\(padding) more members")
        }
    }

    @Test("Replies, edits, forwards, reactions, service messages and media map onto the model")
    func modelMapping() throws {
        let result = try ImportTesting.read(Self.chat, name: "result.json", format: .telegram)
        let transcript = result.conversations[0]
        let messages = transcript.messages
        #expect(messages[1].replyTo == "1")
        #expect(messages[1].forwardedFrom == "News")
        #expect(messages[1].reactions == [Reaction(emoji: "👍", by: ["user1"], count: 2)])
        #expect(messages[2].attachments.first?.path == "photos/photo_1.jpg")
        #expect(messages[2].attachments.first?.width == 800)
        #expect(messages[3].kind == .system && messages[3].text == "Ana Lima made a call (2 min)")
        #expect(messages[4].attachments.first?.type == "voice" && messages[4].attachments.first?.path == nil)
        #expect(messages[4].attachments.first?.omitted == true)
        #expect(messages[5].attachments.first?.path == nil)
        #expect(result.report.warnings.contains { $0.text.contains("outside the input's folder") })
        #expect(result.report.warnings.contains { $0.text.contains("not included in the export") })
        #expect(transcript.participants.map(\.name) == ["Ana Lima", "Ben Okafor"])
        #expect(transcript.me == "user1")
        #expect(result.report.inferences.contains { $0.contains("`me`") })
    }

    @Test("A full export gives one conversation per chat with stable ids, and personal_information names me")
    func fullExport() throws {
        let text = """
            {"about": "Here is the data you requested.",
             "personal_information": {"user_id": 7, "first_name": "Ana"},
             "chats": {"about": "", "list": [
               {"name": "Ben", "type": "personal_chat", "id": 11, "messages": [
                 {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "date_unixtime": "1704103200",
                  "from": "Ana", "from_id": "user7", "text": "hi"}]},
               {"name": "Club", "type": "private_group", "id": 12, "messages": [
                 {"id": 1, "type": "service", "date": "2024-01-02T10:00:00", "date_unixtime": "1704189600",
                  "actor": "Ana", "action": "invite_members", "members": ["Ben", "Cy"], "text": ""}]}]}}
            """
        let result = try ImportTesting.read(text, name: "result.json")
        #expect(result.format == .telegram)
        #expect(result.conversations.map(\.id) == ["11", "12"])
        #expect(result.conversations.map(\.title) == ["Ben", "Club"])
        #expect(result.conversations[0].me == "user7")
        #expect(result.conversations[1].messages[0].text == "Ana added Ben and Cy")
    }

    @Test("A reply to a message outside the chat is kept and warned about")
    func unknownReply() throws {
        let text = """
            {"name": "G", "type": "private_group", "messages": [
              {"id": 5, "type": "message", "date_unixtime": "1704103200", "from": "A", "text": "re",
               "reply_to_message_id": 2}]}
            """
        let result = try ImportTesting.read(text, name: "r.json", format: .telegram)
        #expect(result.conversations[0].messages[0].replyTo == "2")
        #expect(result.report.warnings.contains { $0.text.contains("not in this chat") })
    }
}
