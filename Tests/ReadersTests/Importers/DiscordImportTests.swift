import ScrollbackModel
import Testing

@testable import ScrollbackReaders

@Suite("Discord import")
struct DiscordImportTests {
    static func message(
        _ id: String, _ author: String, _ time: String, _ content: String, extra: String = "", type: String = "Default"
    ) -> String {
        """
        {"id": "\(id)", "type": "\(type)", "timestamp": "\(time)", "timestampEdited": null, "isPinned": false,
         "content": "\(content)", "author": {"id": "\(author)", "name": "name\(author)", "nickname": "Nick \(author)",
         "isBot": false, "avatarUrl": "https://cdn.discordapp.com/embed/avatars/0.png"},
         "attachments": [], "embeds": [], "stickers": [], "reactions": [], "mentions": []\(extra)}
        """
    }

    static let export = """
        {"guild": {"id": "1", "name": "Hikers"}, "channel": {"id": "99", "type": "GuildTextChat", "name": "general"},
         "messages": [
          \(message("10", "1", "2024-05-01T09:00:00.123+02:00", "Hello **all**")),
          \(message("11", "2", "2024-05-01T09:01:00+02:00", "hi", extra: #"""
            , "reference": {"messageId": "10", "channelId": "99", "guildId": "1"},
             "reactions": [{"emoji": {"id": null, "name": "❤", "isAnimated": false}, "count": 2,
                            "users": [{"id": "1", "name": "a"}]},
                           {"emoji": {"id": "555", "name": "party", "isAnimated": false}, "count": 1}]
            """#)),
          \(message("12", "1", "2024-05-01T09:02:00+02:00", "look", extra: #"""
            , "timestampEdited": "2024-05-01T09:03:00+02:00",
             "attachments": [{"id": "7", "url": "https://cdn.discordapp.com/a/b/photo.png", "fileName": "photo.png",
                              "fileSizeBytes": 1234},
                             {"id": "8", "url": "general_files/map%20v2.pdf", "fileName": "map v2.pdf"}],
             "embeds": [{"title": "Trail guide", "url": "https://example.com/trail", "description": "Routes"}]
            """#)),
          \(message("13", "2", "2024-05-02T10:00:00+00:00", "Pinned a message.", type: "ChannelPinnedMessage")),
          \(message("13", "2", "2024-05-02T10:00:00+00:00", "Pinned a message.", type: "ChannelPinnedMessage"))
         ]}
        """

    @Test("Messages keep their offsets, nicknames name senders, and Markdown content stays Markdown")
    func basics() throws {
        let result = try ImportTesting.read(Self.export, name: "general.json", format: .discord)
        let transcript = result.conversations[0]
        #expect(transcript.id == "99")
        #expect(transcript.title == "#general · Hikers")
        #expect(transcript.participants.map(\.name) == ["Nick 1", "Nick 2"])
        #expect(transcript.messages[0].time.description == "2024-05-01T09:00:00.123+02:00")
        #expect(transcript.messages[0].text == "Hello **all**")
    }

    @Test("References become replies, reactions keep custom and standard emoji, edits keep their time")
    func repliesAndReactions() throws {
        let messages = try ImportTesting.transcript(Self.export, name: "g.json", format: .discord).messages
        #expect(messages[1].replyTo == "10")
        #expect(
            messages[1].reactions == [Reaction(emoji: "❤", by: ["1"], count: 2), Reaction(emoji: ":party:", count: 1)])
        #expect(messages[2].edited?.description == "2024-05-01T09:03:00+02:00")
    }

    @Test("Attachments are remote URLs or local paths, and embeds become link preview cards")
    func attachments() throws {
        let result = try ImportTesting.read(Self.export, name: "g.json", format: .discord)
        let attachments = result.conversations[0].messages[2].attachments
        #expect(attachments[0].url == "https://cdn.discordapp.com/a/b/photo.png" && attachments[0].size == 1234)
        #expect(attachments[1].path == "general_files/map v2.pdf" && attachments[1].name == "map v2.pdf")
        #expect(
            attachments[2]
                == Attachment(
                    url: "https://example.com/trail", type: "link", name: "Trail guide", title: "Trail guide",
                    description: "Routes"))
    }

    @Test("System message types become system messages, and a repeated id is skipped with a note")
    func systemAndDuplicates() throws {
        let result = try ImportTesting.read(Self.export, name: "g.json", format: .discord)
        let messages = result.conversations[0].messages
        #expect(messages.count == 4)
        #expect(messages[3].kind == .system && messages[3].sender == nil)
        #expect(messages[3].text == "Nick 2 pinned a message.")
        #expect(result.report.skipped.count == 1)
        #expect(result.report.skipped[0].text.contains("repeats id 13"))
    }
}

@Suite("Discord: content tokens")
struct DiscordContentTokenTests {
    @Test("Mentions, channels and emoji become names; a < joined with a mark, or none at all, stays as written")
    func tokens() {
        let content = DiscordContent(people: ["42": "Ana"], channels: ["7": "general"])
        #expect(content.markdown("hi <@42> in <#7> <:wave:99>") == "hi @Ana in #general :wave:")
        #expect(content.markdown("plain words, no tokens") == "plain words, no tokens")
        // `<` followed by a combining mark is one character that is not `<`: no token there.
        #expect(content.markdown("a <\u{301}@42> b") == "a <\u{301}@42> b")
        #expect(content.markdown("`<@42>` stays code") == "`<@42>` stays code")
    }
}
