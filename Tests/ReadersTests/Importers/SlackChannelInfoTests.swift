import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// What Slack shows of a channel and its posters besides their words: bots tagged, the topic
/// under the title, other names people go by, and Block Kit drawn in the order of its blocks.
@Suite("Slack channels: bots, topics, Block Kit order")
struct SlackChannelInfoTests {
    static func read(_ path: String) throws -> ReadResult {
        try Readers.read(try ChatInput.load(try #require(Fixtures.shared).appendingPathComponent(path).path))
    }

    @Test("Bot users (is_bot), integrations and app posts are bots; people posting are not")
    func bots() throws {
        let enrique = try #require(
            try Self.read("slack/slack-export-viewer/testarchive").conversations.first { $0.id == "enrique" })
        let bots = Set(enrique.participants.filter(\.isBot).map(\.id))
        #expect(bots == ["B0JL6RASU", "B0VJZKVHC"])
        let dump = try Self.read("slack/slackdump/source_export_dir").conversations[0]
        // UO0EC43A4792 is a bot user in users.json ("is_bot": true) that posts with a bot_id.
        #expect(dump.participants.first { $0.id == "UO0EC43A4792" }?.isBot == true)
        #expect(dump.participants.contains { !$0.isBot })
        let polly = try Self.read("slack/slackdump/messages/polly.json").conversations[0]
        #expect(polly.participants.allSatisfy { $0.isBot })
    }

    @Test("A channel's topic is its topic, else its purpose; an empty one is none")
    func topics() throws {
        let dump = try Self.read("slack/slackdump/source_export_dir").conversations[0]
        #expect(dump.topic == "0g5UsT9gJoI0bJJIsXBWsTKEBh3sNcV4fyJeSEfkPxKiwRZ2x")
        let archive = try Self.read("slack/slack-export-viewer/testarchive").conversations
        #expect(archive.allSatisfy { $0.topic == nil })
        var files = SlackImportTests.workspace
        files["channels.json"] = """
            [{"id": "C1", "name": "general", "members": ["U1", "U2"], "topic": {"value": ""},
              "purpose": {"value": "Trips with <@U2>, see <https://example.com|the map>"}},
             {"id": "C2", "name": "random", "members": ["U1"], "topic": {"value": "Anything *goes*"},
              "purpose": {"value": "ignored"}}]
            """
        let result = try Readers.read(ChatInput(directory: try ImportTesting.folder(files)))
        #expect(result.conversations.map(\.topic) == ["Trips with @Ben Okafor, see the map", "Anything goes"])
    }

    @Test("People keep their real name and handle beside the name shown")
    func aliases() throws {
        let result = try Readers.read(ChatInput(directory: try ImportTesting.folder(SlackImportTests.workspace)))
        let ana = try #require(result.conversations[0].participants.first { $0.id == "U1" })
        #expect(ana.name == "ana.l" && ana.aliases == ["Ana Lima", "ana"])
    }

    @Test("Polly's poll: title, options, then the context lines under it, with no mrkdwn marks left")
    func pollyInBlockOrder() throws {
        let message = try Self.read("slack/slackdump/messages/polly.json").conversations[0].messages[0]
        // Every block Polly drew belongs to the poll: nothing is written above it.
        #expect(message.text == "")
        let poll = try #require(message.attachments.first { $0.kind == .poll })
        #expect(poll.poll?.question == "Test Poll #406")
        #expect(
            poll.description
                == "Total Votes: 1 · Sender: Maybe Peter | 🔓 Responses: Non-Anonymous | 🕤 Closes: Jan 25, 2025 at 00:32 AM"
        )
        #expect(!(poll.description ?? "").contains("*"))
    }

    @Test("Simple Poll's 'Created by' context comes after the options it follows")
    func simplePollContextAfter() throws {
        let message = try Self.read("slack/slackdump/messages/bot_message.json").conversations[0].messages.first {
            $0.attachments.contains { $0.kind == .poll }
        }
        let poll = try #require(message?.attachments.first { $0.kind == .poll })
        #expect(message?.text == "")
        #expect(poll.description == "Created by @U12345678 with /poll")
    }

    @Test("Blocks before a poll stay text above it")
    func blocksBeforePoll() throws {
        let day = """
            [{"type": "message", "user": "U1", "ts": "1709280000.000100", "text": "fallback",
              "blocks": [{"type": "header", "text": {"type": "plain_text", "text": "Lunch vote"}},
                         {"type": "section", "text": {"type": "mrkdwn", "text": "*Where?*"}},
                         {"type": "section", "text": {"type": "mrkdwn", "text": ":one: Pizza `2`\\n<@U2>"}},
                         {"type": "section", "text": {"type": "mrkdwn", "text": ":two: Soup `0`"}},
                         {"type": "context", "elements": [{"type": "mrkdwn", "text": "*Closes:* noon"}]}]}]
            """
        var files = SlackImportTests.workspace
        files["general/2024-03-01.json"] = day
        let message = try Readers.read(ChatInput(directory: try ImportTesting.folder(files))).conversations[0]
            .messages[0]
        #expect(message.text == "**Lunch vote**")
        let poll = try #require(message.attachments.first { $0.kind == .poll })
        #expect(poll.poll?.question == "Where?" && poll.description == "Closes: noon")
    }
}
