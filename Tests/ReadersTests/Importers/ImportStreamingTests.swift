import ScrollbackModel
import Testing

@testable import ScrollbackReaders

/// Exports converted message by message as they are parsed read exactly as they would whole:
/// what a message needs from later in the file (the export's zone, a name written further on, the
/// chat's folder) still reaches it.
@Suite("Importers that convert as they parse")
struct ImportStreamingTests {
    static let telegramMessages = """
        [
          {"id": 1, "type": "message", "date": "2024-07-01T09:00:00", "from": "Ana", "from_id": "user1",
           "text": "local only", "edited": "2024-07-01T09:05:00"},
          {"id": 2, "type": "message", "date": "2024-07-01T10:00:00", "date_unixtime": "1719820800",
           "from": "Ben", "from_id": "user2", "text": "a pair", "reply_to_message_id": 1},
          {"id": 3, "type": "message", "date": "2024-07-01T12:00:00", "date_unixtime": "1719828000",
           "text": "no sender"}
        ]
        """

    @Test("A Telegram date without date_unixtime is read in the zone that later messages' pairs point at")
    func telegramZoneFromLaterMessages() throws {
        let text = #"{"name": "Trip", "type": "private_group", "id": 7, "messages": \#(Self.telegramMessages)}"#
        let transcript = try ImportTesting.transcript(text, name: "result.json", format: .telegram)
        // 10:00 local is 08:00Z: the exporter's clock was UTC+2, so 09:00 local is 07:00Z.
        #expect(transcript.messages[0].time.description == "2024-07-01T09:00:00+02:00")
        #expect(transcript.messages[0].edited?.description == "2024-07-01T09:05:00+02:00")
        #expect(transcript.messages[1].time.description == "2024-07-01T10:00:00+02:00")
        #expect(transcript.timeZone == "Etc/GMT-2")
    }

    @Test("A Telegram chat whose name and type follow its messages reads as when they come first")
    func telegramMembersAfterMessages() throws {
        let first = #"{"name": "Trip", "type": "private_group", "id": 7, "messages": \#(Self.telegramMessages)}"#
        let after = #"{"messages": \#(Self.telegramMessages), "id": 7, "type": "private_group", "name": "Trip"}"#
        let a = try ImportTesting.read(first, name: "result.json", format: .telegram)
        let b = try ImportTesting.read(after, name: "result.json", format: .telegram)
        #expect(a.conversations[0].messages.map(\.sender) == ["user1", "user2", "Trip"])
        #expect(a.conversations[0].messages.map(\.text) == b.conversations[0].messages.map(\.text))
        #expect(a.conversations[0].messages.map(\.sender) == b.conversations[0].messages.map(\.sender))
        #expect(a.conversations[0].participants == b.conversations[0].participants)
        #expect(a.conversations[0].title == b.conversations[0].title)
        #expect(a.report.inferences == b.report.inferences)
    }

    @Test("A Discord mention shows the name a later message writes for that person")
    func discordMentionNamedLater() throws {
        let text = """
            {"guild": {"name": "Hikers"}, "channel": {"id": "9", "name": "trips", "type": "GuildTextChat"},
             "messages": [
              {"id": "1", "type": "Default", "timestamp": "2024-05-01T10:00:00+00:00",
               "content": "ask <@22> about <#9>", "author": {"id": "11", "name": "ana"}},
              {"id": "2", "type": "Default", "timestamp": "2024-05-01T10:01:00+00:00",
               "content": "here", "author": {"id": "22", "name": "ben", "nickname": "Ben"}}
            ]}
            """
        let transcript = try ImportTesting.transcript(text, name: "export.json", format: .discord)
        #expect(transcript.messages[0].text == "ask @Ben about #trips")
        #expect(transcript.title == "#trips · Hikers")
    }

    @Test("Messenger entries keep ids in time order and find their files through the thread_path written after them")
    func messengerFilesAfterMessages() throws {
        let text = """
            {"participants": [{"name": "Ana"}, {"name": "Ben"}],
             "messages": [
              {"sender_name": "Ben", "timestamp_ms": 1700000060000, "content": "second",
               "photos": [{"uri": "messages/inbox/ben_1/photos/p.jpg"}]},
              {"sender_name": "Ana", "timestamp_ms": 1700000000000, "content": "first"}
             ],
             "title": "Ben", "thread_path": "inbox/ben_1"}
            """
        let folder = try ImportTesting.folder(["message_1.json": text, "photos/p.jpg": "jpeg"])
        let result = try ImportTesting.read(
            text, name: "message_1.json", format: .messenger, baseDirectory: folder)
        let messages = result.conversations[0].messages
        #expect(messages.map(\.id) == ["m2", "m1"])
        #expect(messages[0].attachments.map(\.path) == ["photos/p.jpg"])
        #expect(result.report.warnings.isEmpty)
    }

    @Test("Values at the ends of the paths are handed on as parsed, inner ones first, and are not kept")
    func handingOn() throws {
        let text = #"[{"title": "a", "mapping": {"n1": {"x": 1}, "n2": {"x": 2}}}, 7, {"mapping": [3]}]"#
        var seen: [String] = []
        let root = try JSONParser.parse(Array(text.utf8), handingOn: [[nil, "mapping", nil], [nil]]) {
            value, key, path in
            let inside = value["x"]?.scalarText ?? value["title"]?.string ?? value.scalarText ?? "-"
            seen.append("\(path):\(key ?? "nil"):\(inside):\(value["mapping"]?.members?.count ?? -1)")
            return true
        }
        #expect(seen == ["0:n1:1:-1", "0:n2:2:-1", "1:nil:a:0", "1:nil:7:-1", "0:nil:3:-1", "1:nil:-:-1"])
        #expect(root.array?.isEmpty == true)
    }

    @Test("A ChatGPT export read node by node numbers and names conversations as before, a bad one skipped")
    func chatGPTConversations() throws {
        func node(_ id: String, _ parent: String?, _ children: [String], _ text: String?) -> String {
            let message = text.map {
                #"{"id": "m-\#(id)", "author": {"role": "user"}, "create_time": 1704067200, "content": {"content_type": "text", "parts": ["\#($0)"]}}"#
            }
            let parentText = parent.map { "\"\($0)\"" } ?? "null"
            let childText = children.map { "\"\($0)\"" }.joined(separator: ",")
            return
                #""\#(id)": {"id": "\#(id)", "parent": \#(parentText), "children": [\#(childText)], "message": \#(message ?? "null")}"#
        }
        let text = """
            [{"title": "One", "mapping": {\(node("b", "a", [], "second")), \(node("a", nil, ["b"], "first"))}},
             {"title": "Broken"},
             {"title": "Two", "mapping": {\(node("c", nil, [], "third"))}, "current_node": "c"}]
            """
        let result = try ImportTesting.read(text, name: "conversations.json", format: .chatgpt)
        #expect(result.conversations.map(\.id) == ["conversation-1", "conversation-2"])
        #expect(result.conversations[0].messages.map(\.text) == ["first", "second"])
        #expect(result.conversations[1].messages.map(\.id) == ["m-c"])
        #expect(result.report.skipped.map(\.text) == ["conversation 2 has no \"mapping\""])
        let single = try ImportTesting.transcript(
            #"{"title": "Alone", "mapping": {\#(node("a", nil, [], "only"))}}"#, name: "conversations.json",
            format: .chatgpt)
        #expect(single.messages.map(\.text) == ["only"])
    }
}
