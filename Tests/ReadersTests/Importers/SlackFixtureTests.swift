import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// The Slack exports in the shared fixtures, read as a user would read their own.
@Suite("Slack fixtures")
struct SlackFixtureTests {
    static func read(_ path: String) throws -> ReadResult {
        try Readers.read(try ChatInput.load(try #require(Fixtures.shared).appendingPathComponent(path).path))
    }

    static func archive(_ channel: String) throws -> Transcript {
        let result = try read("slack/slack-export-viewer/testarchive")
        return try #require(result.conversations.first { $0.id == channel })
    }

    static func message(_ transcript: Transcript, _ id: String) throws -> Message {
        try #require(transcript.messages.first { $0.id == id })
    }

    @Test("Bot posts are named from the integration added to the channel, not by their bot id")
    func integrationNames() throws {
        let sailor = try Self.archive("traveling-sailor")
        #expect(sailor.participants.first { $0.id == "B0JL6UFSL" }?.name == "github")
        let enrique = try Self.archive("enrique")
        #expect(enrique.participants.first { $0.id == "B0JL6RASU" }?.name == "github")
        #expect(!enrique.participants.contains { $0.name.hasPrefix("B0") })
    }

    @Test("A person's post made through an app keeps the person; an app's own user is named from its profile")
    func appPosts() throws {
        let sample = try Self.read("slack/slackdump/contrib-sample.json").conversations[0]
        let hello = try Self.message(sample, "1564023445.000100")
        #expect(hello.sender == "UHSD97ZA5")
        #expect(sample.participants.first { $0.id == "UHSD97ZA5" }?.name != "Redash Monitor")
        let polly = try Self.read("slack/slackdump/messages/polly.json").conversations[0]
        #expect(
            polly.participants.map { [$0.id, $0.name, $0.avatar ?? ""] } == [
                [
                    "U089AJ964TE", "Polly",
                    "https://avatars.slack-edge.com/2020-10-26/1466083688641_05afc842ead4d799a4fc_72.png",
                ]
            ])
    }

    @Test("A file comment is by the person who commented")
    func fileComment() throws {
        let comment = try Self.message(try Self.archive("traveling-sailor"), "1459106048.000018")
        #expect(comment.sender == "U0BMS113R")
        #expect(comment.text.hasPrefix("```\n'cities': {"))
    }

    @Test("One channel's day file finds users.json in the export folder above it")
    func dayFileInExport() throws {
        let result = try Self.read("slack/slack-export-viewer/testarchive/enrique/2016-01-14.json")
        let transcript = result.conversations[0]
        #expect(transcript.title == "#enrique")
        #expect(transcript.messages[0].text == "@hamza has joined the channel")
        #expect(transcript.participants.map(\.name) == ["hamza"])
        #expect(transcript.messages[4].text.hasPrefix("@abilinski: Created an issue"))
    }

    @Test("Shortcodes in text and reactions become emoji; a workspace's own emoji stays its name")
    func shortcodes() throws {
        let enrique = try Self.archive("enrique")
        #expect(try Self.message(enrique, "1458251659.000005").text == "👍")
        #expect(try Self.message(enrique, "1459154014.000018").reactions.map(\.emoji) == [":botman:"])
        let text = """
            [{"type": "message", "user": "U1", "text": ":wave::skin-tone-3: hi :partyparrot: `:wave:`",
              "ts": "1709280000.000100", "reactions": [{"name": "+1::skin-tone-2", "users": ["U2"], "count": 1}]}]
            """
        let message = try ImportTesting.transcript(text, name: "day.json").messages[0]
        #expect(message.text == "👋🏼 hi :partyparrot: `:wave:`")
        #expect(message.reactions.map(\.emoji) == ["👍🏻"])
    }

    @Test("Thread replies nested by slackdump are read as replies to their thread")
    func slackdumpThreadReplies() throws {
        let sample = try Self.read("slack/slackdump/contrib-sample.json").conversations[0]
        let replies = sample.messages.filter { $0.replyTo == "1577694990.000400" }
        #expect(replies.map(\.text) == ["Test thread reply", "test image", "Hello from 2022"])
        #expect(replies[1].attachments.first?.name == "Chevy.jpg")
    }

    @Test("A Simple Poll message is a poll with its options, votes and voters, not its fallback text")
    func simplePoll() throws {
        let message = try Self.read("slack/slackdump/messages/bot_message.json").conversations[0].messages[0]
        let poll = try #require(message.attachments.first?.poll)
        #expect(poll.question == "Poll title")
        #expect(poll.options.map(\.text) == ["this is one", "this is two"])
        #expect(poll.options.map(\.votes) == [8, 3])
        #expect(poll.options[1].by == ["U12345687", "U12346720", "U12345686"])
        // The context line under the poll's options stays under them (`SlackChannelInfoTests`).
        #expect(message.attachments.first?.description == "Created by @U12345678 with /poll")
    }

    @Test("A Polly message is a poll read from its option fields, with the context lines under it")
    func pollyPoll() throws {
        let message = try Self.read("slack/slackdump/messages/polly.json").conversations[0].messages[0]
        let poll = try #require(message.attachments.first?.poll)
        #expect(poll.question == "Test Poll #406")
        #expect(poll.options.map(\.text) == ["Monday", "Tuesday", "Wednesday", "Thurdsday", "Friday"])
        #expect(poll.options.map(\.votes) == [1, 0, 0, 0, 0])
        #expect(poll.options[0].by == ["UHSD97ZA5"])
        #expect(!message.text.contains("has a polly for you"))
        #expect(message.attachments.first?.description?.hasPrefix("Total Votes: 1 · ") == true)
    }

    @Test("Block Kit sections and rich_text are shown when the text is empty")
    func blockKitText() throws {
        let text = """
            [{"type": "message", "user": "U1", "text": "", "ts": "1709280000.000100", "blocks": [
              {"type": "rich_text", "elements": [
                {"type": "rich_text_section", "elements": [{"type": "text", "text": "Deploy "},
                  {"type": "text", "text": "done", "style": {"bold": true}}, {"type": "emoji", "name": "rocket"}]},
                {"type": "rich_text_list", "style": "bullet", "elements": [
                  {"type": "rich_text_section", "elements": [{"type": "text", "text": "api"}]}]}]}]},
             {"type": "message", "subtype": "bot_message", "bot_id": "B1", "username": "ci", "text": "fallback",
              "ts": "1709280060.000100", "blocks": [{"type": "header", "text": {"type": "plain_text", "text": "Build 7"}},
              {"type": "section", "text": {"type": "mrkdwn", "text": "All *green*"}},
              {"type": "context", "elements": [{"type": "mrkdwn", "text": "took 3m"}]}]}]
            """
        let messages = try ImportTesting.transcript(text, name: "day.json").messages
        #expect(messages[0].text == "Deploy **done**🚀\n\n- api")
        #expect(messages[1].text == "**Build 7**\n\nAll **green**\n\ntook 3m")
    }

    @Test("Link markup inside code shows as Slack shows it: the link's text")
    func linksInCode() throws {
        let sailor = try Self.archive("traveling-sailor")
        let output = try Self.message(sailor, "1459113341.000019").text
        #expect(output.contains("Best fitness: 28919.8689279\n"))
        #expect(!output.contains("<tel:"))
        let wget = try Self.message(try Self.archive("enrique"), "1454905089.000017").text
        #expect(
            wget.contains("wget http://downloads.mesosphere.io/master/debian/8/mesos-0.27.0-py2.7-linux-x86_64.egg\n"))
    }

    @Test("Channel events are plain lines that name who did them")
    func eventLines() throws {
        let added = try Self.message(try Self.archive("enrique"), "1452988746.000017")
        #expect(added.kind == .system && added.format == .plain)
        #expect(added.text == "hamza added an integration to this channel: github")
        let text = """
            [{"type": "message", "subtype": "channel_topic", "user": "U1", "ts": "1709280000.000100",
              "text": "<@U1|ana> set the channel topic: *Launch* on <https://example.com|the site>",
              "user_profile": {"display_name": "ana.l"}}]
            """
        let topic = try ImportTesting.transcript(text, name: "day.json").messages[0]
        #expect(
            topic.text == "@ana.l set the channel topic: Launch on the site (https://example.com)"
                && topic.format == .plain)
    }

    @Test("A line that starts with an escaped > is a quote")
    func quotes() throws {
        let reply = try Self.message(try Self.archive("enrique"), "1458228721.000002")
        #expect(reply.text.hasPrefix("> \"Essentially what I'm getting"))
        #expect(reply.text.hasSuffix("\n\nso....what now then?"))
    }

    @Test("A link unfurl is a link preview card with title, description and site")
    func unfurls() throws {
        let message = try Self.message(try Self.archive("enrique"), "1452846025.000011")
        #expect(
            message.attachments == [
                Attachment(
                    url: "https://github.com/hfaran/progressive/blob/master/setup.py", type: "link",
                    title: "hfaran/progressive",
                    description: "progressive - Colorful progress bars and trees for your terminal",
                    siteName: "GitHub")
            ])
        #expect(message.attachments[0].kind == .link)
        #expect(!message.text.contains("Colorful progress bars"))
    }

    @Test("Interactive blocks are named in the report; a legacy attachment's image is kept")
    func unshownReported() throws {
        let text = """
            [{"type": "message", "subtype": "bot_message", "bot_id": "B1", "username": "deploy", "text": "fallback",
              "ts": "1709280000.000100", "blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": "Ship it?"}},
              {"type": "actions", "elements": [{"type": "button", "text": {"type": "plain_text", "text": "Yes"}}]}],
              "attachments": [{"fallback": "chart", "image_url": "https://example.com/chart.png"}]}]
            """
        let result = try ImportTesting.read(text, name: "day.json")
        let message = result.conversations[0].messages[0]
        #expect(message.text == "Ship it?")
        #expect(message.attachments.map(\.url) == ["https://example.com/chart.png"])
        #expect(result.report.warnings.map(\.text) == [#"Block Kit "actions" blocks are not shown yet"#])
    }

    @Test("A shared message unfurls as a card with its author and its text in words")
    func sharedMessage() throws {
        let text = """
            [{"type": "message", "user": "U1", "text": "look", "ts": "1709280000.000100",
              "user_profile": {"display_name": "ana"},
              "attachments": [{"is_msg_unfurl": true, "author_name": "Ben", "text": "ask <@U1> about *it*",
                               "from_url": "https://team.slack.com/archives/C1/p1709200000000100"}]}]
            """
        let card = try #require(ImportTesting.transcript(text, name: "day.json").messages[0].attachments.first)
        #expect(card.kind == .link && card.title == "Ben" && card.description == "ask @ana about it")
        #expect(card.url == "https://team.slack.com/archives/C1/p1709200000000100")
    }

    @Test("Slackbot, which no users.json lists, is named")
    func slackbot() throws {
        let text = """
            [{"type": "message", "user": "USLACKBOT", "text": "Reminder: stand-up", "ts": "1709280000.000100"}]
            """
        let transcript = try ImportTesting.transcript(text, name: "day.json")
        #expect(transcript.participants.map(\.name) == ["Slackbot"])
    }
}
