import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// What Discord shows of a channel and its posters besides their words: `SPOILER_` files
/// covered, bots tagged, the topic under the title, and the account name beside a nickname.
@Suite("Discord channels: spoiler files, bots, topics")
struct DiscordChannelInfoTests {
    static func read(_ path: String) throws -> ReadResult {
        try Readers.read(try ChatInput.load(try #require(Fixtures.shared).appendingPathComponent(path).path))
    }

    @Test("Files whose names start with SPOILER_ are spoilers, remote or exported beside the JSON")
    func spoilerFiles() throws {
        let attachments = """
            , "attachments": [
              {"id": "1", "url": "https://cdn.discordapp.com/attachments/1/2/SPOILER_ending.png", "fileName": "SPOILER_ending.png", "fileSizeBytes": 2048},
              {"id": "2", "url": "media/SPOILER_clip.mp4", "fileName": "SPOILER_clip.mp4", "fileSizeBytes": 4096},
              {"id": "3", "url": "https://cdn.discordapp.com/attachments/1/2/map.png", "fileName": "map.png"}]
            """
        let message = DiscordImportTests.message("10", "1", "2024-03-01T09:00:00+00:00", "look", extra: attachments)
            .replacingOccurrences(of: "\"attachments\": [], ", with: "")
        let transcript = try ImportTesting.transcript(DiscordFidelityTests.export([message]), name: "general.json")
        #expect(transcript.messages[0].attachments.map(\.spoiler) == [true, true, false])
    }

    @Test("author.isBot makes a participant a bot")
    func bots() throws {
        let dm = try Self.read("discord/chat-analytics/DM_2A_2M.json").conversations[0]
        #expect(dm.participants.map(\.isBot) == [false, true])
    }

    @Test("The channel's topic is the transcript's; a DM's null topic is none")
    func topic() throws {
        #expect(
            try Self.read("discord/chat-analytics/SV_5A_5M.json").conversations[0].topic
                == "discuss chiptune stuff here")
        #expect(try Self.read("discord/chat-analytics/DM_2A_2M.json").conversations[0].topic == nil)
    }

    @Test("A nickname is shown; the account name is kept as another name")
    func accountName() throws {
        let dm = try Self.read("discord/chat-analytics/DM_2A_2M.json").conversations[0]
        let other = try #require(dm.participants.first { $0.id == "444444444444444444" })
        #expect(other.name == "Someones nickname" && other.aliases == ["Someones name"])
    }
}
