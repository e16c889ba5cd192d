import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// Telegram exports written by others (`../shared/fixtures/telegram`), read as a user's first render would.
@Suite("Telegram real exports", .enabled(if: Fixtures.shared != nil))
struct TelegramFixtureTests {
    static func read(_ path: String, options: ReadOptions = ReadOptions()) throws -> ReadResult {
        let full = try #require(Fixtures.shared).appendingPathComponent("telegram/" + path).path
        return try Readers.read(try ChatInput.load(full), options: options)
    }

    static func message(_ transcript: Transcript, _ id: String) throws -> Message {
        try #require(transcript.messages.first { $0.id == id })
    }

    @Test("A date without date_unixtime is the exporter's wall clock, read in the zone the other messages show")
    func localDatesInInferredZone() throws {
        let result = try Self.read("chat-analytics/DM_2A_7M.json")
        let chat = result.conversations[0]
        #expect(chat.timeZone == "Etc/GMT+3")
        #expect(try Self.message(chat, "3645").time.description == "2022-03-08T13:07:42-03:00")
        #expect(try Self.message(chat, "3674").time.description == "2023-08-10T23:11:02-03:00")
        #expect(result.report.inferences.contains { $0.contains("UTC-3") })
        #expect(
            result.report.inferences.contains { $0.contains("without date_unixtime read as local times in Etc/GMT+3") })
    }

    @Test("--tz decides the zone local dates are read in, over the inferred one")
    func tzOverridesInference() throws {
        let berlin = try #require(Zone(identifier: "Europe/Berlin"))
        let chat = try Self.read("chat-analytics/DM_2A_7M.json", options: ReadOptions(timeZone: berlin))
            .conversations[0]
        #expect(chat.timeZone == "Europe/Berlin")
        #expect(try Self.message(chat, "3645").time.description == "2022-03-08T13:07:42+01:00")
    }

    @Test("Messages written with different offsets keep each their own, and the export's zone is reported")
    func mixedOffsetsKept() throws {
        let result = try Self.read("telegram-export-md/result.json")
        let crew = try #require(result.conversations.first { $0.id == "42" })
        #expect(try Self.message(crew, "1").time.description == "2021-01-01T10:00:00+01:00")
        #expect(try Self.message(crew, "3").time.description == "2021-01-02T18:30:00+02:00")
        #expect(try Self.message(crew, "5").time.description == "2021-01-03T09:00:00Z")
        #expect(crew.timeZone != nil)
        // The page shows every time in the one zone, so the report does not claim otherwise.
        let note = try #require(result.report.inferences.first { $0.contains("other offsets") })
        #expect(note.contains("written at other offsets are shown in \(crew.timeZone ?? "")"))
        #expect(!note.contains("keep the offset"))
    }

    @Test("Across a daylight-saving change the zone whose rules give every offset is inferred")
    func daylightSavingZone() throws {
        let text = """
            {"name": "Trip", "type": "private_group", "id": 1, "messages": [
             {"id": 1, "type": "message", "date": "2024-03-30T12:00:00", "date_unixtime": "1711796400",
              "from": "A", "from_id": "user1", "text": "winter"},
             {"id": 2, "type": "message", "date": "2024-03-31T12:00:00", "date_unixtime": "1711879200",
              "from": "A", "from_id": "user1", "text": "summer"},
             {"id": 3, "type": "message", "date": "2024-04-01T08:00:00", "from": "A", "text": "no unixtime"}]}
            """
        let result = try ImportTesting.read(text, name: "result.json", format: .telegram)
        let chat = result.conversations[0]
        #expect(chat.timeZone == "Europe/Berlin")
        #expect(
            chat.messages.map(\.time.description) == [
                "2024-03-30T12:00:00+01:00", "2024-03-31T12:00:00+02:00", "2024-04-01T08:00:00+02:00",
            ])
        #expect(result.report.inferences.contains { $0.contains("Europe/Berlin") })
    }

    @Test("Stickers keep their emoji; audio its performer, title and length; round videos are videos with a length")
    func mediaKinds() throws {
        let crew = try #require(try Self.read("telegram-export-md/result.json").conversations.first { $0.id == "42" })
        let sticker = try #require(try Self.message(crew, "6").attachments.first)
        #expect(sticker.kind == .sticker && sticker.emoji == "😂")
        let song = try #require(try Self.message(crew, "12").attachments.first)
        #expect(song.kind == .audio && song.performer == "Artist" && song.title == "Song Title")
        #expect(song.duration == 213)
        let round = try #require(try Self.message(crew, "9").attachments.first)
        #expect(round.kind == .video && round.duration == 15 && round.width == 640)
    }

    @Test("A poll is a poll attachment with its question, answers and votes")
    func poll() throws {
        let crew = try #require(try Self.read("telegram-export-md/result.json").conversations.first { $0.id == "42" })
        let poll = try #require(try Self.message(crew, "8").attachments.first?.poll)
        #expect(poll.question == "Best game?")
        #expect(poll.options.map(\.text) == ["Mario", "Zelda"])
        #expect(poll.options.map(\.votes) == [5, 7])
    }

    @Test("Files the export left out are marked omitted, stickers among them keep their emoji")
    func omittedFiles() throws {
        let chat = try Self.read("chatstyle/result.json").conversations[0]
        let sticker = try #require(try Self.message(chat, "8").attachments.first)
        #expect(sticker.omitted && sticker.kind == .sticker && sticker.emoji == "😀")
        let photo = try #require(try Self.message(chat, "9").attachments.first)
        #expect(photo.omitted && photo.kind == .image && photo.path == nil)
    }

    @Test("A message with neither text nor media is skipped with a note, not shown as an empty bubble")
    func emptyMessage() throws {
        let result = try Self.read("chatstyle/result.json")
        #expect(!result.conversations[0].messages.contains { $0.id == "10" })
        #expect(result.report.skipped.contains { $0.text.contains("message 10 has neither text nor media") })
    }

    @Test("A pinned-message service line links the message it pinned")
    func pinLinksMessage() throws {
        let chat = try Self.read("chatstyle/result.json").conversations[0]
        let pin = try Self.message(chat, "6")
        #expect(pin.kind == .system && pin.replyTo == "3")
    }

    @Test("Text entities: links stay links, mentions keep the name written, placeholder entities do not hide the text")
    func entities() throws {
        let chat = try Self.read("chatstyle/result.json").conversations[0]
        #expect(try Self.message(chat, "3").text == "смотри [https://example.com/a](https://example.com/a) круто")
        #expect(try Self.message(chat, "4").text == #"ну **реально** норм, @boris\_k глянь"#)
        let crew = try #require(try Self.read("telegram-export-md/result.json").conversations.first { $0.id == "42" })
        #expect(try Self.message(crew, "1").text == "hello **everyone**?")
        #expect(try Self.message(crew, "5").text == "code: `x = 1`")
    }

    @Test("A reply to a topic_created message puts the message in that topic instead of replying to it")
    func forumTopics() throws {
        let chat = try Self.read("tg-parser/supergroup_with_topics.json").conversations[0]
        let general = try Self.message(chat, "3")
        #expect(general.topic == "General" && general.replyTo == nil)
        #expect(try Self.message(chat, "6").topic == "Finances")
        #expect(try Self.message(chat, "7").topic == nil)
    }

    @Test("In a personal chat exported by its owner, the sender who is not the chat's other person is me")
    func personalChatMe() throws {
        let result = try Self.read("chat-analytics/DM_2A_7M.json")
        #expect(result.conversations[0].me == "user300000000")
        #expect(result.report.inferences.contains { $0.contains("`me`") && $0.contains("Alice") })
    }

    @Test("In a personal chat where only the owner wrote, the owner is still me")
    func personalChatOwnerOnly() throws {
        let text = """
            {"name": "Ben", "type": "personal_chat", "id": 3, "messages": [
             {"id": 1, "type": "message", "date": "2024-05-01T10:00:00", "date_unixtime": "1714557600",
              "from": "Ana", "from_id": "user1", "text": "are you there?"}]}
            """
        #expect(try ImportTesting.transcript(text, name: "result.json", format: .telegram).me == "user1")
    }

    @Test("Saved Messages are the exporter's own, so their one sender is me")
    func savedMessagesMe() throws {
        let saved = try #require(try Self.read("telegram-export-md/result.json").conversations.first { $0.id == "7" })
        #expect(saved.me == "user100")
    }

    @Test("Shared places and contacts become location and contact attachments")
    func placesAndContacts() throws {
        let text = """
            {"name": "Ben", "type": "personal_chat", "id": 9, "messages": [
             {"id": 1, "type": "message", "date": "2024-05-01T10:00:00", "date_unixtime": "1714557600",
              "from": "Ben", "from_id": "user2", "text": "",
              "location_information": {"latitude": 52.52, "longitude": 13.405}, "place_name": "Alexanderplatz",
              "address": "Berlin"},
             {"id": 2, "type": "message", "date": "2024-05-01T10:01:00", "date_unixtime": "1714557660",
              "from": "Ben", "from_id": "user2", "text": "",
              "contact_information": {"first_name": "Cy", "last_name": "Dee", "phone_number": "+49 30 1234"}}]}
            """
        let messages = try ImportTesting.transcript(text, name: "result.json", format: .telegram).messages
        let place = try #require(messages[0].attachments.first)
        #expect(place.kind == .location && place.place == Place(latitude: 52.52, longitude: 13.405))
        #expect(place.title == "Alexanderplatz" && place.description == "Berlin")
        #expect(messages[0].text.isEmpty)
        let card = try #require(messages[1].attachments.first)
        #expect(card.kind == .contact && card.contact == ContactCard(name: "Cy Dee", phones: ["+49 30 1234"]))
    }
}
