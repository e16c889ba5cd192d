import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// WhatsApp exports written by others (`../shared/fixtures/whatsapp`), and lines written from WhatsApp's
/// own export format where no fixture has them.
@Suite("WhatsApp real exports", .enabled(if: Fixtures.shared != nil))
struct WhatsAppFixtureTests {
    static func read(_ path: String) throws -> ReadResult {
        let full = try #require(Fixtures.shared).appendingPathComponent("whatsapp/" + path).path
        return try Readers.read(try ChatInput.load(full))
    }

    @Test("The media of a zip export are members of the zip, readable in place")
    func zipMedia() throws {
        let path = try #require(Fixtures.shared)
            .appendingPathComponent("whatsapp/whatsapp-chat-parser-website/whatsapp-chat-parser-example.zip").path
        let input = try ChatInput.load(path)
        let result = try Readers.read(input)
        let files = result.conversations[0].messages.flatMap(\.attachments).filter { $0.kind != .poll }
        #expect(
            files.map(\.path) == [
                "00000001-PHOTO-2019-06-20-16-00-15.jpg", "00000002-VIDEO-2019-06-20-16-01-42.mp4",
                "00000003-AUDIO-2019-06-20-16-03-55.mp3", "00000004-whatsapp-chat-parser-example.zip",
            ])
        #expect(files.map(\.kind) == [.image, .video, .audio, .file])
        let photo = try #require(ExportArchive.member(files[0].path ?? "", of: input.bytes ?? []))
        #expect(photo.starts(with: [0xFF, 0xD8]))  // a JPEG
        #expect(!result.report.warnings.contains { $0.text.contains("unzip") })
    }

    @Test("POLL: and OPTION: lines become a poll with its question, options and votes")
    func poll() throws {
        let messages = try Self.read("whatsapp-chat-parser-website/_chat.txt").conversations[0].messages
        let message = try #require(messages.first { $0.attachments.contains { $0.poll != nil } })
        let poll = try #require(message.attachments.first?.poll)
        #expect(message.sender == "Loris" && message.text.isEmpty)
        #expect(poll.question == "When can we meet?")
        #expect(poll.options.first == PollOption(text: "Thursday 15 evening", votes: 2))
        #expect(poll.options.map(\.votes) == [2, 1, 2, 3, 3])
    }

    @Test("A '- item' list is a Markdown list, not escaped text")
    func lists() throws {
        let messages = try Self.read("whatsapp-chat-parser-website/_chat.txt").conversations[0].messages
        #expect(
            messages.last?.text
                == "Links:\n\n- https://github.com/Pustur/whatsapp-chat-parser\n- https://github.com/Pustur/whatsapp-chat-parser-website"
        )
    }

    @Test(
        "The group's title comes from its creation line",
        arguments: [
            ("chat-analytics/4A_11M.txt", "Some cool group chat"),
            ("whatsapp-chat-parser-website/_chat.txt", "WhatsApp Chat Parser Example"),
            ("whatsapp-chat-parser-go/default.txt", "ShortChat"),
        ])
    func groupTitle(_ path: String, _ title: String) throws {
        #expect(try Self.read(path).conversations[0].title == title)
    }

    @Test("A phone number at the start of a line keeps its '+' unescaped")
    func phoneNumbers() throws {
        let messages = try Self.read("chat-miner/test_ddmmyy_24hrs.txt").conversations[0].messages
        let created = try #require(messages.first { $0.kind == .system && $0.text.contains("created group") })
        #expect(created.text == "+12 345 578 created group \"Groupname\"")
    }

    @Test("The 'WhatsApp Chat - NAME' title line names the other person, so the other sender is me")
    func titleLineMe() throws {
        let result = try Self.read("whatsapp-export-tools/wet-two-party/000000/Chat.txt")
        #expect(result.conversations[0].title == "Person B")
        #expect(result.conversations[0].me == "Person A")
        #expect(result.report.inferences.contains { $0.contains("`me` is \"Person A\"") })
        #expect(!result.report.inferences.contains { $0.contains("--me NAME puts") })
    }

    @Test("An export named 'WhatsApp Chat with NAME' titles the chat, and in a two-person chat the other sender is me")
    func fileNameMe() throws {
        let text = "12/05/2023, 10:00 - Ana: hi\n12/05/2023, 10:01 - Ben: hello\n"
        let folder = try ImportTesting.folder(["WhatsApp Chat with Ben.txt": text])
        let result = try Readers.read(try ChatInput.load(folder + "/WhatsApp Chat with Ben.txt"))
        #expect(result.conversations[0].title == "Ben")
        #expect(result.conversations[0].me == "Ana")
        #expect(result.report.inferences.contains { $0.contains("the export's file name names the other person") })
        let other = try Readers.read(ChatInput(name: "chat.txt", bytes: Array(text.utf8)))
        #expect(other.conversations[0].me == nil && other.conversations[0].title == nil)
    }

    @Test("iOS lines marked with U+200E that a person sent (a place, a missed call) keep their sender")
    func markedMessagesKeepSender() throws {
        let text = """
            [12/05/2023, 10:00:00] Group: \u{200E}Ana created group “Hike”
            [12/05/2023, 10:01:00] Ana: \u{200E}location: https://maps.google.com/?q=52.5200,13.4050
            [12/05/2023, 10:02:00] Ben: \u{200E}Missed voice call
            [12/05/2023, 10:03:00] Ben: \u{200E}<attached: 00000007-PHOTO.jpg (file omitted)>
            [12/05/2023, 10:04:00] Ana: > the plan
            is good
            """
        let transcript = try ImportTesting.transcript(text, format: .whatsapp)
        let messages = transcript.messages
        #expect(messages[0].kind == .system && transcript.title == "Hike")
        #expect(messages[1].sender == "Ana" && messages[1].kind == .message)
        let place = try #require(messages[1].attachments.first)
        #expect(place.kind == .location && place.place == Place(latitude: 52.52, longitude: 13.405))
        #expect(messages[2].sender == "Ben" && messages[2].text == "Missed voice call")
        let photo = try #require(messages[3].attachments.first)
        #expect(photo.omitted && photo.name == "00000007-PHOTO.jpg" && photo.path == nil)
        #expect(messages[4].text == "> the plan\n\nis good")
    }
}
