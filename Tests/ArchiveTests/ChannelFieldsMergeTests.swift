import Foundation
import Scrollback
import Testing

/// A channel's topic, bots and other names, and spoiler attachments, through the native format
/// and through a merge of two exports.
@Suite("Merging exports: topics, bots and spoilers")
struct ChannelFieldsMergeTests {
    static func merge(_ exports: [String]) throws -> Transcript {
        let sources = try exports.enumerated().map { number, text in
            MergeSource(name: "e\(number).json", transcript: try Transcript.load(bytes: Array(text.utf8)))
        }
        return try #require(try ArchiveMerger.merge(sources, asOne: true).first).transcript
    }

    static func export(topic: String?, bot: Bool, aliases: [String], spoiler: Bool) -> String {
        let topicMember = topic.map { "\"topic\": \"\($0)\"," } ?? ""
        let names = aliases.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            {"version": 1, \(topicMember) "participants": [
              {"id": "B1", "name": "github", "isBot": \(bot), "aliases": [\(names)]}, {"id": "U1", "name": "Ana"}],
             "messages": [
              {"id": "m1", "sender": "B1", "time": "2026-03-01T10:00:00Z", "text": "build passed",
               "attachments": [{"path": "SPOILER_result.png", "spoiler": \(spoiler)}]},
              {"id": "m2", "sender": "U1", "time": "2026-03-01T10:01:00Z", "text": "nice"}]}
            """
    }

    @Test("The newest export's topic wins; one without a topic keeps the older one")
    func topicNewestWins() throws {
        let older = Self.export(topic: "old plans", bot: true, aliases: [], spoiler: true)
        let newer = Self.export(topic: "trail talk", bot: true, aliases: [], spoiler: true)
        #expect(try Self.merge([older, newer]).topic == "trail talk")
        let silent = Self.export(topic: nil, bot: true, aliases: [], spoiler: true)
        #expect(try Self.merge([older, silent]).topic == "old plans")
    }

    @Test("A bot stays a bot, and its other names and spoiler files survive a merge and a rewrite")
    func botAliasesAndSpoilerSurvive() throws {
        let older = Self.export(topic: nil, bot: true, aliases: ["github-app"], spoiler: true)
        let newer = Self.export(topic: nil, bot: false, aliases: [], spoiler: true)
        let merged = try Self.merge([older, newer])
        let bot = try #require(merged.participants.first { $0.id == "B1" })
        #expect(bot.isBot && bot.aliases == ["github-app"])
        #expect(merged.messages[0].attachments[0].spoiler)
        // Written as the native log and read back, nothing is lost.
        let text = NativeLogWriter.string(merged)
        #expect(text.contains("\"isBot\":true") && text.contains("\"spoiler\":true"))
        let read = try Transcript.load(bytes: Array(text.utf8))
        #expect(read.participants.first { $0.id == "B1" }?.aliases == ["github-app"])
        #expect(read.messages[0].attachments[0].spoiler)
    }
}
