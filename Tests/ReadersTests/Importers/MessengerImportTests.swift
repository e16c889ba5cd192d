import ScrollbackModel
import Testing

@testable import ScrollbackReaders

@Suite("Messenger and Instagram import")
struct MessengerImportTests {
    static let export = """
        {"participants": [{"name": "Ana"}, {"name": "Jos\\u00c3\\u00a9"}], "title": "Ana and Jos\\u00c3\\u00a9",
         "thread_path": "inbox/ana_123",
         "messages": [
          {"sender_name": "Jos\\u00c3\\u00a9", "timestamp_ms": 1700000060500, "content": "caf\\u00c3\\u00a9 *now*",
           "reactions": [{"reaction": "\\u00e2\\u009d\\u00a4", "actor": "Ana"}]},
          {"sender_name": "Ana", "timestamp_ms": 1700000030000, "is_unsent": true},
          {"sender_name": "Ana", "timestamp_ms": 1700000000000,
           "photos": [{"uri": "messages/inbox/ana_123/photos/1.jpg", "creation_timestamp": 1700000000}]}
         ]}
        """

    @Test("Meta's mojibake is decoded, newest-first entries get ids in time order, and text is escaped")
    func basics() throws {
        let result = try ImportTesting.read(Self.export, name: "message_1.json")
        #expect(result.format == .messenger)
        let transcript = result.conversations[0]
        #expect(transcript.title == "Ana and José" && transcript.id == "inbox/ana_123")
        #expect(transcript.participants.map(\.id) == ["Ana", "José"])
        #expect(transcript.messages.map(\.id) == ["m3", "m2", "m1"])
        #expect(transcript.messages[0].text == #"café \*now\*"#)
        #expect(transcript.messages[0].time.description == "2023-11-14T22:14:20.5Z")
        #expect(transcript.messages[0].reactions == [Reaction(emoji: "❤", by: ["Ana"])])
        #expect(transcript.messages[1].deleted)
    }

    @Test("Media URIs are made relative to the conversation's folder when they lie under it")
    func media() throws {
        #expect(
            MessengerReader.relative("messages/inbox/ana_123/photos/1.jpg", to: "/x/messages/inbox/ana_123")
                == "photos/1.jpg")
        #expect(
            MessengerReader.relative("messages/stickers_used/2.png", to: "/x/messages/inbox/ana_123")
                == "messages/stickers_used/2.png")
        let result = try ImportTesting.read(Self.export, name: "message_1.json")
        #expect(result.conversations[0].messages[2].attachments.first?.type == "image")
    }
}
