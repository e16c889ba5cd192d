import Foundation
import ScrollbackLayout
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// What DiscordChatExporter exports show in Discord, shown the same way: quotes, time tokens,
/// reactors, rich embeds, groups.
@Suite("Discord fidelity")
struct DiscordFidelityTests {
    /// A guild channel export of `messages`.
    static func export(_ messages: [String]) -> String {
        """
        {"guild": {"id": "1", "name": "Hikers"}, "channel": {"id": "99", "type": "GuildTextChat", "name": "general"},
         "messages": [\(messages.joined(separator: ",\n"))]}
        """
    }

    static func text(_ content: String, time: String = "2021-04-20T23:00:00+02:00") throws -> String {
        let json = Self.export([DiscordImportTests.message("10", "1", time, content)])
        return try ImportTesting.transcript(json, name: "general.json").messages[0].text
    }

    @Test("Only lines starting with > are quoted; the next line is not pulled in; >>> quotes the rest")
    func quotes() throws {
        #expect(try Self.text(#"> quoted\nnormal line"#) == "> quoted\n\nnormal line")
        #expect(try Self.text(#"first\n>>> all\nof this"#) == "first\n> all\n> of this")
        #expect(try Self.text(#">not a quote"#) == "\\>not a quote")
        #expect(try Self.text(#"```\n> code\nline\n```"#) == "```\n> code\nline\n```")
    }

    @Test("A -# subtext line is small text, shown as emphasis, not as raw marks")
    func subtext() throws {
        #expect(try Self.text(#"big news\n-# posted by the bot"#) == "big news\n*posted by the bot*")
    }

    @Test("Time tokens are shown in the chat's zone in the style they name, R relative to the message")
    func timeTokens() throws {
        // 1618953630 is 2021-04-20 21:20:30 UTC; the chat's offset is +02:00.
        let styles = ["t", "T", "d", "D", "f", "F", "R"].map { "<t:1618953630:\($0)>" }.joined(separator: " | ")
        let text = try Self.text(styles + " | <t:1618953630>", time: "2021-04-20T23:00:30+02:00")
        #expect(
            text.components(separatedBy: " | ") == [
                "11:20 PM", "11:20:30 PM", "04/20/2021", "April 20, 2021", "April 20, 2021 11:20 PM",
                "Tuesday, April 20, 2021 11:20 PM", "in 20 minutes", "April 20, 2021 11:20 PM",
            ])
        #expect(DiscordTime.relative(-3 * 86_400) == "3 days ago")
        // A time no calendar holds stays as written.
        #expect(try Self.text("<t:-9223372036854775808:R>") == "<t:-9223372036854775808:R>")
    }

    @Test("--tz changes the zone time tokens are shown in")
    func timeTokensInChosenZone() throws {
        let json = Self.export([DiscordImportTests.message("10", "1", "2021-04-20T23:00:00+02:00", "<t:1618953630:t>")])
        let options = ReadOptions(timeZone: Zone(identifier: "America/New_York"))
        let transcript = try ImportTesting.transcript(json, name: "general.json", options: options)
        #expect(transcript.messages[0].text == "5:20 PM")
    }

    @Test("Someone who only reacted is named as the reaction's users entry names them")
    func reactorsNamed() throws {
        let reaction = #"""
            , "reactions": [{"emoji": {"id": null, "name": "👍"}, "count": 1,
                             "users": [{"id": "7", "name": "zed_z", "nickname": "Zed"}]}]
            """#
        let json = Self.export([
            DiscordImportTests.message("10", "1", "2021-04-20T23:00:00+02:00", "hi", extra: reaction)
        ])
        let transcript = try ImportTesting.transcript(json, name: "general.json")
        #expect(transcript.participants.first { $0.id == "7" }?.name == "Zed")
        let reactions = try ImportTesting.layout(transcript).messages.first?["reactions"] as? [[String: Any]]
        #expect(reactions?.first?["names"] as? [String] == ["Zed"])
    }

    @Test("A rich embed's inline fields sit side by side as a table, its Markdown kept, its footer as subtext")
    func richEmbed() throws {
        let embed = #"""
            , "embeds": [{"title": "Status", "description": "All **green**",
               "fields": [{"name": "CPU", "value": "12%", "isInline": true},
                          {"name": "RAM", "value": "3 GB", "isInline": true},
                          {"name": "Notes", "value": "none", "isInline": false}],
               "footer": {"text": "monitor"}}]
            """#
        let json = Self.export([DiscordImportTests.message("10", "1", "2021-04-20T23:00:00+02:00", "", extra: embed)])
        let message = try ImportTesting.transcript(json, name: "general.json").messages[0]
        #expect(
            message.text
                == "**Status**\n\nAll **green**\n\n| CPU | RAM |\n| --- | --- |\n| 12% | 3 GB |\n\n**Notes**\n\nnone\n\n*monitor*"
        )
        #expect(message.attachments.isEmpty)
    }

    @Test("A guild channel is a group: with --me, the other author's name is shown above their messages")
    func guildChannelIsGroup() throws {
        let path = try #require(Fixtures.shared).appendingPathComponent("discord/chat-analytics/SV_5A_5M.json").path
        let transcript = try Readers.read(try ChatInput.load(path)).conversations[0]
        var options = LayoutOptions()
        options.me = "111111111111111111"
        let layout = try LayoutEngine.layout(transcript, options: options)
        #expect(layout.isGroup)
        let deleted = layout.days.flatMap(\.chains).filter { $0.sender == "555555555555555555" }
        #expect(!deleted.isEmpty && deleted.allSatisfy(\.showName))
        let dm = try Readers.read(
            try ChatInput.load(
                try #require(Fixtures.shared).appendingPathComponent("discord/chat-analytics/DM_2A_2M.json").path))
        #expect(dm.conversations[0].isGroup == false)
    }
}
