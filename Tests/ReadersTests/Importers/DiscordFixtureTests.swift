import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// The DiscordChatExporter exports in the shared fixtures, and an export written from the
/// exporter's documented JSON for what those small samples do not hold.
@Suite("Discord fixtures")
struct DiscordFixtureTests {
    static func read(_ path: String) throws -> ReadResult {
        try Readers.read(try ChatInput.load(try #require(Fixtures.shared).appendingPathComponent(path).path))
    }

    @Test("A standard emoji reaction with an empty id is the emoji itself, not a custom :name:")
    func emptyIDReaction() throws {
        let message = try Self.read("discord/chat-analytics/DM_2A_2M.json").conversations[0].messages[0]
        #expect(message.reactions == [Reaction(emoji: "👆", count: 42)])
        let server = try Self.read("discord/chat-analytics/SV_5A_5M.json").conversations[0]
        let reacted = try #require(server.messages.first { $0.id == "447793085255123006" })
        #expect(reacted.reactions.map(\.emoji) == [":paul:", "❤"])
    }

    @Test("A sticker is named, and channel events are plain lines naming who did them")
    func stickersAndEvents() throws {
        let server = try Self.read("discord/chat-analytics/SV_5A_5M.json").conversations[0]
        let stickered = try #require(server.messages.first { $0.id == "447793085255123005" })
        let sticker = try #require(stickered.attachments.first { $0.kind == .sticker })
        #expect(sticker.name == "Laugh" && sticker.title == "Laugh")
        let group = try Self.read("discord/chat-analytics/GC_3A_5M.json").conversations[0]
        #expect(group.messages[0].kind == .system && group.messages[0].format == .plain)
        #expect(group.messages[0].text == "lombi changed the channel name.")
    }

    static let export = """
        {"guild": {"id": "1", "name": "Hikers"}, "channel": {"id": "99", "type": "GuildTextChat", "name": "general"},
         "messages": [
          {"id": "10", "type": "Default", "timestamp": "2024-03-01T09:00:00.123+01:00", "content":
            "hi <@2>, <@!3> and <@&77>: see <#99> <:party_blob:123456> <a:dance:654321> ||the ending|| `<@2>`",
           "author": {"id": "1", "name": "ana", "nickname": "Ana"},
           "mentions": [{"id": "2", "name": "ben_o", "nickname": "Ben"}, {"id": "3", "name": "cy"}],
           "embeds": [{"title": "Weekly report", "description": "All good", "fields": [{"name": "Builds", "value": "12"}],
                       "footer": {"text": "CI"}},
                      {"title": "Trail", "url": "https://example.com/t", "description": "Routes",
                       "author": {"name": "Example"}, "thumbnail": {"url": "https://example.com/t.png"}}],
           "poll": null,
           "stickers": [{"id": "5", "name": "Wave", "format": "Lottie", "sourceUrl": "https://discord.com/stickers/5.json"}]},
          {"id": "11", "type": "ChannelPinnedMessage", "timestamp": "2024-03-01T09:05:00+01:00",
           "content": "Pinned a message.", "author": {"id": "2", "name": "ben_o", "nickname": "Ben"},
           "reference": {"messageId": "10", "channelId": "99", "guildId": "1"}}
         ]}
        """

    @Test("Mentions show as names, custom emoji as :name:, spoilers and code stay as written")
    func content() throws {
        let message = try ImportTesting.transcript(Self.export, name: "general.json").messages[0]
        #expect(
            message.text
                == "hi @Ben, @cy and @role: see #general :party\\_blob: :dance: ||the ending|| `<@2>`"
                + "\n\n**Weekly report**\n\nAll good\n\n**Builds**\n\n12\n\n*CI*")
    }

    @Test("An embed that previews a link is a card; a rich embed is text; a Lottie sticker is named, not drawn")
    func embeds() throws {
        let attachments = try ImportTesting.transcript(Self.export, name: "general.json").messages[0].attachments
        #expect(attachments.count == 2)
        #expect(attachments[0] == Attachment(type: "sticker", name: "Wave", alt: "Wave", title: "Wave"))
        #expect(attachments[1].url == "https://example.com/t" && attachments[1].siteName == "Example")
    }

    @Test("A pin is a system line that points at the pinned message")
    func pins() throws {
        let pin = try ImportTesting.transcript(Self.export, name: "general.json").messages[1]
        #expect(pin.kind == .system && pin.replyTo == "10" && pin.text == "Ben pinned a message.")
    }

    @Test("Timestamps keep their offset, and the days and times are shown at it")
    func offsets() throws {
        let result = try ImportTesting.read(Self.export, name: "general.json")
        let transcript = result.conversations[0]
        #expect(transcript.messages[0].time.description == "2024-03-01T09:00:00.123+01:00")
        #expect(transcript.timeZone == "Etc/GMT-1")
        #expect(result.report.inferences.contains { $0.contains("Etc/GMT-1") })
        let layout = try ImportTesting.layout(transcript)
        #expect(layout.messages.first?["timeLabel"] as? String == "09:00")
    }

    @Test("What the transcript cannot show yet is named in the report")
    func unshownReported() throws {
        let report = try ImportTesting.read(Self.export, name: "general.json").report
        #expect(report.warnings.map(\.text) == ["embed images and videos are not shown yet"])
        #expect(report.warnings[0].location?.line == 3)
    }

    @Test("A reaction given only by its short name shows the emoji")
    func reactionByCode() throws {
        let export = """
            {"guild": {"id": "0", "name": "Direct Messages"}, "channel": {"id": "5", "type": "DirectTextChat", "name": "ana"},
             "messages": [{"id": "1", "type": "Default", "timestamp": "2024-03-01T09:00:00+00:00", "content": "hi",
               "author": {"id": "1", "name": "ana"},
               "reactions": [{"emoji": {"id": "", "name": "", "code": "thumbsup"}, "count": 1}]}]}
            """
        let message = try ImportTesting.transcript(export, name: "dm.json").messages[0]
        #expect(message.reactions.map(\.emoji) == ["👍"])
    }
}
