import Foundation
import Scrollback
import Testing

/// A channel's topic, a bot's tag and a spoiler attachment, drawn alike in every output.
@Suite("Topics, BOT tags and spoiler attachments in every output")
struct ChannelInfoRenderTests {
    /// A group log: a bot, two people, a topic, and a message with a spoiler photo and file.
    static let log = HTMLTest.log(
        [
            HTMLTest.message(
                "m1", "results", sender: "ci", minute: 0,
                extra:
                    #", "attachments": [{"url": "https://example.com/SPOILER_a.png", "type": "image/png", "spoiler": true}, {"url": "https://example.com/SPOILER_notes.txt", "name": "SPOILER_notes.txt", "size": 2048, "spoiler": true}, {"url": "https://example.com/plain.txt", "name": "plain.txt"}]"#
            ),
            HTMLTest.message("m2", "thanks", sender: "ben", minute: 1),
        ],
        participants: #"""
            [{"id": "ana", "name": "Ana Lima"}, {"id": "ben", "name": "Ben Okafor"},
             {"id": "ci", "name": "Build Bot", "isBot": true}]
            """#,
        extra: ##""title": "#builds", "topic": "Green <b>builds</b> only", "##)

    static func layout() throws -> TranscriptLayout {
        try LayoutEngine.layout(try Transcript.load(bytes: Array(log.utf8), name: "test.json"))
    }

    @Test("HTML: the topic under the title, BOT beside the bot's name, spoiler files under a cover")
    func html() throws {
        let page = String(HTMLTest.body(try HTMLTest.page(Self.log, options: HTMLOptions(remoteMedia: true))))
        #expect(
            page.contains(
                "<p class=\"sb-channel-topic\" dir=\"auto\"><span class=\"sb-sr\">Topic: </span>Green &lt;b&gt;builds&lt;/b&gt; only</p>"
            ))
        #expect(page.contains("<bdi>Build Bot</bdi> <span class=\"sb-bot-tag\">BOT</span></p>"))
        #expect(!page.contains("<bdi>Ben Okafor</bdi> <span class=\"sb-bot-tag\">"))
        // Each spoiler file sits under its own cover, which a checkbox opens; the plain file does not.
        let covers = page.components(
            separatedBy: "<div class=\"sb-spoiler-cover\"><input type=\"checkbox\" aria-label=\"Show spoiler\">")
        #expect(covers.count == 3)
        #expect(page.contains("<img class=\"sb-image sb-spoiled\" src=\"https://example.com/SPOILER_a.png\""))
        #expect(
            page.contains("<a class=\"sb-file sb-kind-file sb-spoiled\" href=\"https://example.com/SPOILER_notes.txt\"")
        )
        #expect(page.contains("<a class=\"sb-file sb-kind-file\" href=\"https://example.com/plain.txt\""))
        #expect(page.contains("<span class=\"sb-spoiler-mark\" aria-hidden=\"true\">spoiler</span></div>"))
    }

    @Test("Text: the topic under the title, [BOT] after the name, spoiler beside the file")
    func text() throws {
        var output = ""
        TerminalRenderer.render(try Self.layout(), options: TerminalOptions(width: 120), to: &output)
        let lines = output.components(separatedBy: "\n")
        #expect(lines[0].trimmingCharacters(in: .whitespaces) == "#builds")
        #expect(lines[1].trimmingCharacters(in: .whitespaces) == "Green <b>builds</b> only")
        #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "Build Bot [BOT]" })
        #expect(!output.contains("Ben Okafor [BOT]"))
        #expect(output.contains("📎 File: SPOILER_notes.txt · 2 KB · spoiler"))
        #expect(output.contains("📎 File: plain.txt (https://example.com/plain.txt)"))
    }

    @Test("Layout JSON: the topic, the bot flag and tag, and each attachment's spoiler flag")
    func json() throws {
        let json = LayoutJSONRenderer.render(try Self.layout())
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(root["topic"] as? String == "Green <b>builds</b> only")
        let people = try #require(root["participants"] as? [[String: Any]])
        #expect(people.map { $0["isBot"] as? Bool ?? false } == [false, false, true])
        let days = try #require(root["days"] as? [[String: Any]])
        let chains = try #require(days[0]["chains"] as? [[String: Any]])
        #expect(chains.map { $0["senderTag"] as? String } == ["BOT", nil])
        let messages = try #require(chains[0]["messages"] as? [[String: Any]])
        let attachments = try #require(messages[0]["attachments"] as? [[String: Any]])
        #expect(attachments.map { $0["spoiler"] as? Bool ?? false } == [true, true, false])
    }
}
