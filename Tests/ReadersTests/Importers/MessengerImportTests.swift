import Foundation
import ScrollbackModel
import TestSupport
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

@Suite("Messenger real exports and export folders")
struct MessengerFolderTests {
    static func chat(part: Int, newest: Int64, uri: String) -> String {
        """
        {"participants": [{"name": "Ana"}, {"name": "Ben"}], "title": "Ana", "thread_path": "inbox/ana_1",
         "messages": [
          {"sender_name": "Ben", "timestamp_ms": \(newest), "content": "part \(part)",
           "photos": [{"uri": "\(uri)"}]},
          {"sender_name": "Ana", "timestamp_ms": \(newest - 1000), "content": "earlier in part \(part)"}]}
        """
    }

    @Test("A media path relative to the export's root is found from the chat's own folder, wherever it is")
    func mediaFromChatFolder() throws {
        let folder = try ImportTesting.folder([
            "copy/message_1.json": Self.chat(
                part: 1, newest: 1_700_000_000_000, uri: "messages/inbox/ana_1/photos/1.jpg"),
            "copy/photos/1.jpg": "jpeg",
        ])
        let result = try Readers.read(try ChatInput.load(folder + "/copy/message_1.json"))
        #expect(result.conversations[0].messages[0].attachments.first?.path == "photos/1.jpg")
        #expect(!result.report.warnings.contains { $0.text.contains("not in the input's folder") })
    }

    @Test("The export's root folder gives every chat, its media paths relative to the root, parts joined in order")
    func exportRoot() throws {
        let root = try ImportTesting.folder([
            "messages/inbox/ana_1/message_1.json": Self.chat(
                part: 1, newest: 1_700_000_000_000, uri: "messages/inbox/ana_1/photos/1.jpg"),
            "messages/inbox/ana_1/message_2.json": Self.chat(
                part: 2, newest: 1_600_000_000_000, uri: "messages/stickers_used/2.png"),
            "messages/inbox/ana_1/photos/1.jpg": "jpeg",
            "messages/stickers_used/2.png": "png",
        ])
        let input = try ChatInput.load(root)
        #expect(try Readers.detect(input) == .messenger)
        let result = try Readers.read(input)
        let chat = try #require(result.conversations.first)
        #expect(result.conversations.count == 1)
        #expect(chat.messages.map(\.text) == ["part 1", "earlier in part 1", "part 2", "earlier in part 2"])
        #expect(chat.messages.map(\.id) == ["m4", "m3", "m2", "m1"])
        #expect(
            chat.messages.compactMap { $0.attachments.first?.path } == [
                "messages/inbox/ana_1/photos/1.jpg", "messages/stickers_used/2.png",
            ])
        #expect(result.report.warnings.isEmpty)
    }

    @Test("A chat folder is read from its message_1.json")
    func chatFolder() throws {
        let folder = try ImportTesting.folder([
            "message_1.json": Self.chat(part: 1, newest: 1_700_000_000_000, uri: "messages/inbox/ana_1/photos/1.jpg")
        ])
        let result = try Readers.read(try ChatInput.load(folder))
        #expect(result.format == .messenger && result.conversations[0].messages.count == 2)
    }

    @Test("In a two-person chat titled after one of them, the other is me", .enabled(if: Fixtures.shared != nil))
    func titledAfterTheOther() throws {
        let path = try #require(Fixtures.shared).appendingPathComponent("messenger/chat-analytics/2A_7M.json").path
        let result = try Readers.read(try ChatInput.load(path))
        #expect(result.conversations[0].me == "Bob")
        #expect(result.report.inferences.contains { $0.contains("`me` is Bob") })
        let files = result.conversations[0].messages.flatMap(\.attachments).compactMap(\.path)
        #expect(files.contains("files/blabla.docx") && files.contains("photos/123123123123123.jpg"))
    }

    @Test("A field the reader does not show is named in the report, with how many messages use it")
    func unshownFieldsReported() throws {
        let text = """
            {"participants": [{"name": "Ana"}, {"name": "Ben"}], "title": "Ana", "messages": [
              {"sender_name": "Ben", "timestamp_ms": 1700000000000, "content": "Ben called", "call_duration": 75}]}
            """
        let result = try ImportTesting.read(text, name: "message_1.json", format: .messenger)
        #expect(result.report.warnings.contains { $0.text.contains("not shown: \"call_duration\" (1 message)") })
    }

    @Test("A shared link is a link card with the words Meta shows with it (share_text)")
    func sharedLink() throws {
        let export = """
            {"participants": [{"name": "Ana"}, {"name": "Ben"}], "title": "Ben", "thread_path": "inbox/ben_1",
             "messages": [{"sender_name": "Ana", "timestamp_ms": 1700000000000, "content": "look",
                           "share": {"link": "https://example.com/trail", "share_text": "Best trails of 2023"}}]}
            """
        let message = try ImportTesting.transcript(export, name: "message_1.json").messages[0]
        #expect(message.text == "look")
        #expect(
            message.attachments == [
                Attachment(
                    url: "https://example.com/trail", type: "link", name: "https://example.com/trail",
                    description: "Best trails of 2023")
            ])
    }
}
