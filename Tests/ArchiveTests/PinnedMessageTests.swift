import Foundation
import Scrollback
import Testing

/// A pinned message, end to end: marked by the exports that say so, kept by the native format and
/// its JSON Lines updates and by `merge`, and shown as a "Pinned" badge in every output.
@Suite("Pinned messages")
struct PinnedMessageTests {
    static let discord = discordExport(pinned: true)

    /// A Discord channel of two messages, the first pinned or not; `later` adds one a day after.
    static func discordExport(pinned: Bool, later: Bool = false) -> String {
        func message(_ id: String, _ author: String, _ time: String, _ text: String, pinned: Bool) -> String {
            """
            {"id": "\(id)", "type": "Default", "timestamp": "\(time)", "timestampEdited": null,
             "isPinned": \(pinned), "content": "\(text)", "author": {"id": "\(author)", "name": "n\(author)"},
             "attachments": [], "embeds": [], "stickers": [], "reactions": [], "mentions": []}
            """
        }
        var messages = [
            message("10", "1", "2024-05-01T09:00:00+02:00", "Meet at seven", pinned: pinned),
            message("11", "2", "2024-05-01T09:01:00+02:00", "ok", pinned: false),
        ]
        if later { messages.append(message("12", "2", "2024-05-02T09:00:00+02:00", "next day", pinned: false)) }
        return """
            {"guild": {"id": "1", "name": "Hikers"}, "channel": {"id": "99", "type": "GuildTextChat", "name": "general"},
             "messages": [\(messages.joined(separator: ",\n"))]}
            """
    }

    static let slack = """
        [{"type": "message", "user": "U1", "text": "Meet at seven", "ts": "1709280000.000100",
          "pinned_to": ["C1"], "user_profile": {"display_name": "Ana", "real_name": "Ana Lima"}},
         {"type": "message", "user": "U2", "text": "ok", "ts": "1709280060.000100",
          "user_profile": {"display_name": "Ben", "real_name": "Ben Okafor"}}]
        """

    static let telegram = """
        {"name": "Hikers", "type": "private_group", "id": 5, "messages": [
          {"id": 1, "type": "message", "date": "2024-05-01T09:00:00", "date_unixtime": "1714546800",
           "from": "Ana", "from_id": "user1", "text": "Meet at seven", "text_entities": []},
          {"id": 2, "type": "message", "date": "2024-05-01T09:01:00", "date_unixtime": "1714546860",
           "from": "Ben", "from_id": "user2", "text": "ok", "text_entities": []},
          {"id": 3, "type": "service", "date": "2024-05-01T09:02:00", "date_unixtime": "1714546920",
           "actor": "Ben", "actor_id": "user2", "action": "pin_message", "message_id": 1, "text": "",
           "text_entities": []}
        ]}
        """

    static let exports: [(name: String, text: String)] = [
        ("discord.json", discord), ("2024-03-01.json", slack), ("result.json", telegram),
    ]

    @Test("Discord's isPinned, Slack's pinned_to and Telegram's pin line mark the pinned message", arguments: exports)
    func importersMarkPins(name: String, text: String) throws {
        let transcript = try Transcript.load(bytes: Array(text.utf8), name: name)
        let pinned = transcript.messages.filter(\.pinned).map(\.text)
        #expect(pinned == ["Meet at seven"])
    }

    @Test("The badge shows in HTML, ANSI, text and layout JSON, and only on the pinned message", arguments: exports)
    func badgeInEveryOutput(name: String, text: String) throws {
        let transcript = try Transcript.load(bytes: Array(text.utf8), name: name)
        let html = try transcript.render(.html)
        #expect(html.components(separatedBy: "<p class=\"sb-pinned\">Pinned</p>").count == 2)
        for format in [OutputFormat.text, .ansi] {
            let drawn = try transcript.render(format)
            #expect(drawn.components(separatedBy: "Pinned").count == 2, "\(format)")
        }
        let layout = try #require(
            try JSONSerialization.jsonObject(with: Data(transcript.render(.json).utf8)) as? [String: Any])
        let messages = (layout["days"] as? [[String: Any]] ?? []).flatMap { day in
            (day["chains"] as? [[String: Any]] ?? []).flatMap { $0["messages"] as? [[String: Any]] ?? [] }
        }
        let badges = messages.compactMap { message in (message["pinned"] as? String).map { (message["text"], $0) } }
        #expect(badges.count == 1)
        #expect(badges.first?.0 as? String == "Meet at seven")
        #expect(badges.first?.1 == "Pinned")
    }

    @Test("The native format keeps a pin; a JSON Lines update unpins it")
    func nativeFormatAndUpdates() throws {
        let log = """
            {"id": "m1", "sender": "ana", "time": "2024-05-01T09:00:00Z", "text": "Meet at seven", "pinned": true}
            {"id": "m2", "sender": "ben", "time": "2024-05-01T09:01:00Z", "text": "ok"}

            """
        let transcript = try ArchiveTesting.read(log)
        #expect(transcript.messages.map(\.pinned) == [true, false])
        #expect(NativeLogWriter.string(transcript).contains(#""text":"Meet at seven","pinned":true}"#))
        let unpinned = try ArchiveTesting.read(log + #"{"id": "m1", "pinned": false}"# + "\n")
        #expect(unpinned.messages.map(\.pinned) == [false, false])
    }

    @Test("merge keeps a pin the newest export holds, and takes an unpin from a newer one")
    func mergeKeepsPins() throws {
        let pinned = try Transcript.load(bytes: Array(Self.discord.utf8), name: "discord.json")
        let archive = try ArchiveMerger.merge([MergeSource(name: "a.json", transcript: pinned)], asOne: true)
        let kept = try ArchiveTesting.read(NativeLogWriter.string(try #require(archive.first).transcript))
        #expect(kept.messages.filter(\.pinned).map(\.text) == ["Meet at seven"])

        let later = Self.discordExport(pinned: false, later: true)
        let newer = try Transcript.load(bytes: Array(later.utf8), name: "discord-2.json")
        let merged = try ArchiveMerger.merge(
            [
                MergeSource(name: "archive.jsonl", transcript: kept, isArchive: true),
                MergeSource(name: "discord-2.json", transcript: newer),
            ], asOne: true)
        #expect(try #require(merged.first).transcript.messages.filter(\.pinned).isEmpty)
    }
}
