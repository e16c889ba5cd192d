import ScrollbackModel
import ScrollbackReaders
import TestSupport
import Testing

@Suite("Native JSON log")
struct NativeJSONReaderTests {
    static let full = """
        {
          "version": 1,
          "id": "c1",
          "title": "Weekend plans",
          "me": "ana",
          "timeZone": "Europe/Berlin",
          "participants": [
            {"id": "ana", "name": "Ana Lima", "avatar": "avatars/ana.jpg"},
            {"id": "ben", "name": "Ben Okafor", "online": true}
          ],
          "messages": [
            {"id": "m1", "sender": "ben", "time": "2026-11-28T09:14:00+01:00", "text": "Still on for **Saturday**?",
             "unknownField": [1, 2, 3]},
            {"id": "m2", "sender": "ana", "time": "2026-11-28T09:15:30.25+01:00", "text": "Yes!", "replyTo": "m1",
             "status": "read", "reactions": [{"emoji": "👍", "by": ["ben"]}, {"emoji": "🎉", "count": 3}],
             "edited": "2026-11-28T09:20:00+01:00", "format": "plain",
             "attachments": [{"path": "media/summit.jpg", "type": "image/jpeg", "name": "summit.jpg",
                              "alt": "The summit", "size": 2048, "width": 640, "height": 480},
                             {"url": "https://example.com/a.pdf"}],
             "meta": {"source": "phone", "n": 2, "ok": true, "list": [null]}},
            {"id": "m3", "kind": "system", "time": "2026-11-28T09:16:00+01:00", "text": "Ben renamed the group"},
            {"sender": "cara", "time": "2026-11-28T09:17:00Z", "deleted": true, "edited": true,
             "hidden": true, "forwardedFrom": "Dee"},
            {"id": 42, "sender": "ben", "time": "2026-11-28T09:18:00Z", "text": null, "status": null}
          ]
        }
        """

    @Test("Every conversation field of the native format is read")
    func conversationFields() throws {
        let log = try transcript(Self.full, name: "plans.json")
        #expect(log.id == "c1")
        #expect(log.title == "Weekend plans")
        #expect(log.me == "ana")
        #expect(log.timeZone == "Europe/Berlin")
        #expect(
            log.participants == [
                Participant(id: "ana", name: "Ana Lima", avatar: "avatars/ana.jpg"),
                Participant(id: "ben", name: "Ben Okafor", online: true),
                Participant(id: "cara", name: "cara"),
            ])
        #expect(log.undated == false)
    }

    @Test("Every message field of the native format is read")
    func messageFields() throws {
        let messages = try transcript(Self.full, name: "plans.json").messages
        #expect(messages.map(\.id) == ["m1", "m2", "m3", "m4", "42"])
        let first = messages[0]
        #expect(first.sender == "ben" && first.kind == .message && first.format == .markdown)
        #expect(first.time == Timestamp(rfc3339: "2026-11-28T08:14:00Z"))
        #expect(first.time.utcOffset == 3600)
        #expect(first.text == "Still on for **Saturday**?")
        #expect(first.location == SourceLocation(file: "plans.json", line: 12, column: 5))

        let second = messages[1]
        #expect(second.time.nanoseconds == 250_000_000)
        #expect(second.replyTo == "m1" && second.status == .read && second.format == .plain)
        #expect(second.reactions == [Reaction(emoji: "👍", by: ["ben"]), Reaction(emoji: "🎉", count: 3)])
        #expect(second.edited == Timestamp(rfc3339: "2026-11-28T09:20:00+01:00"))
        #expect(
            second.attachments == [
                Attachment(
                    path: "media/summit.jpg", type: "image/jpeg", name: "summit.jpg", alt: "The summit", size: 2048,
                    width: 640, height: 480),
                Attachment(url: "https://example.com/a.pdf"),
            ])
        #expect(
            second.meta
                == .object(["source": .string("phone"), "n": .number(2), "ok": .bool(true), "list": .array([.null])]))

        #expect(messages[2].kind == .system && messages[2].sender == nil)
        let fourth = messages[3]
        #expect(fourth.deleted && fourth.hidden && fourth.forwardedFrom == "Dee")
        #expect(fourth.edited == fourth.time)
        #expect(messages[4].text == "" && messages[4].status == nil)
    }

    @Test("A log without a version is read as version 1")
    func versionOptional() throws {
        let log = try transcript(#"{"messages": [{"sender": "a", "time": "2026-01-01T00:00:00Z"}]}"#, name: "v.json")
        #expect(log.messages.count == 1)
        #expect(log.participants == [Participant(id: "a")])
    }

    @Test("The example logs read")
    func examples() throws {
        for name in ["weekend-plans.json", "hiking-club.json", "tickets.json"] {
            let result = try Readers.read(ChatInput.load(Fixtures.example(name).path))
            #expect(result.format == .scrollback)
            #expect(!result.conversations[0].messages.isEmpty)
        }
    }

    @Test("A member given twice in a message counts with its last value, as in the rest of the log")
    func repeatedMemberKeepsLast() throws {
        let log = try transcript(
            """
            {"version": 1, "participants": [{"id": "ben", "name": "Ben"}], "messages": [
              {"id": "m1", "sender": "ben", "time": "2026-11-28T09:14:00Z", "text": "first", "text": "second",
               "format": "plain", "format": "markdown", "id": "m9"}
            ]}
            """, name: "twice.json")
        #expect(log.messages[0].text == "second")
        #expect(log.messages[0].format == .markdown)
        #expect(log.messages[0].id == "m9")
    }
}

@Suite("Streaming JSON parse")
struct StreamingJSONParseTests {
    @Test("Elements of the streamed member arrive in order with their offsets; the root keeps an empty array")
    func streams() throws {
        let text = #"{"title": "t", "messages": [{"id": "a"}, 2, "three"], "after": true, "inner": {"messages": [1]}}"#
        var seen: [(String, Int)] = []
        let root = try JSONParser.parse(Array(text.utf8), streaming: "messages") { value in
            seen.append((value["id"]?.string ?? value.string ?? value.int.map(String.init) ?? "?", value.offset))
            return true
        }
        #expect(seen.map(\.0) == ["a", "2", "three"])
        #expect(seen.map(\.1) == [28, 41, 44])
        #expect(root["messages"]?.array?.isEmpty == true)
        #expect(root["messages"]?.offset == 27)
        #expect(root["after"]?.bool == true)
        // Only the root's member streams: a nested one of the same name is kept.
        #expect(root["inner"]?["messages"]?.array?.count == 1)
    }

    @Test("Returning false stops the parse without reading the rest")
    func stops() throws {
        let text = #"{"messages": [1, 2, 3 this is not JSON"#
        var count = 0
        let root = try JSONParser.parse(Array(text.utf8), streaming: "messages") { _ in
            count += 1
            return count < 2
        }
        #expect(count == 2)
        #expect(root.members != nil)
    }

    @Test("Syntax errors inside the streamed array are still located")
    func syntaxError() {
        let text = "{\"messages\": [1,\n 2 3]}"
        do {
            _ = try JSONParser.parse(Array(text.utf8), streaming: "messages") { _ in true }
            Issue.record("no error")
        } catch {
            #expect(error.offset == 20)
            #expect(error.reason.contains(#"Expected "," or "]" in an array"#))
        }
    }
}
