import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// Big imports have their messages converted on a second core while the parser reads on; what
/// is read (messages, their places, participants, every line of the report, the first error)
/// must be what the one-thread reader gives.
@Suite("Importers: messages converted on a second core")
struct ConvertAheadTests {
    typealias Read = @Sendable (ChatInput, Bool) throws(ReadError) -> ReadResult

    static let discord: Read = { input, ahead throws(ReadError) in
        try DiscordReader.read(input, options: ReadOptions(), convertingAhead: ahead)
    }
    static let telegram: Read = { input, ahead throws(ReadError) in
        try TelegramReader.read(input, options: ReadOptions(), convertingAhead: ahead)
    }

    static let whatsApp: Read = { input, ahead throws(ReadError) in
        try WhatsAppReader.read(input, options: ReadOptions(), convertingAhead: ahead)
    }

    static let slack: Read = { input, ahead throws(ReadError) in
        try SlackReader.read(input, options: ReadOptions(), convertingAhead: ahead)
    }

    static let claudeCode: Read = { input, ahead throws(ReadError) in
        try ClaudeCodeReader.read(input, convertingAhead: ahead)
    }

    /// Reads `input` both ways, expects the same, and returns what was read.
    @discardableResult
    static func expectSame(_ input: ChatInput, _ read: Read) throws -> ReadResult {
        let serial = try read(input, false)
        let ahead = try read(input, true)
        #expect(ahead.conversations == serial.conversations, "\(input.name)")
        #expect(
            ahead.conversations.map { $0.messages.map(\.location) }
                == serial.conversations.map { $0.messages.map(\.location) }, "\(input.name)")
        #expect(ahead.report == serial.report, "\(input.name)")
        return serial
    }

    /// The error reading `input` gives, both ways, expected to be the same.
    static func expectSameError(_ input: ChatInput, _ read: Read) throws -> ReadError {
        var errors: [ReadError] = []
        for ahead in [false, true] {
            do { _ = try read(input, ahead) } catch { errors.append(error) }
        }
        #expect(errors.count == 2)
        #expect(errors.first == errors.last)
        return try #require(errors.first)
    }

    /// The shared fixtures of one format (`nil` when they are absent, as outside the project).
    static func fixtures(_ folder: String, ending: String) -> [ChatInput] {
        guard let root = Fixtures.shared?.appendingPathComponent(folder).path,
            let paths = FileManager.default.enumerator(atPath: root)?.allObjects as? [String]
        else { return [] }
        return paths.filter { $0.hasSuffix(ending) }.sorted().compactMap {
            try? ChatInput.load((root as NSString).appendingPathComponent($0))
        }
    }

    @Test("Discord fixtures read the same with the worker")
    func discordFixtures() throws {
        for input in Self.fixtures("discord", ending: ".json") { try Self.expectSame(input, Self.discord) }
    }

    @Test("Telegram fixtures read the same with the worker")
    func telegramFixtures() throws {
        for input in Self.fixtures("telegram", ending: ".json") { try Self.expectSame(input, Self.telegram) }
    }

    @Test("WhatsApp fixtures (text files and zips) read the same with the worker")
    func whatsAppFixtures() throws {
        for input in Self.fixtures("whatsapp", ending: ".txt") + Self.fixtures("whatsapp", ending: ".zip") {
            try Self.expectSame(input, Self.whatsApp)
        }
    }

    @Test("A WhatsApp chat over 1 MB reads the same with the worker, names only later lines use included")
    func bigWhatsApp() throws {
        let input = ChatInput(name: "_chat.txt", bytes: Array(Generated.whatsApp(count: 18000).utf8))
        #expect(input.bytes!.count > 1 << 20)
        let result = try Self.expectSame(input, Self.whatsApp)
        let messages = result.conversations[0].messages
        #expect(messages.count > 17000)
        // `Eve:` with no space after it is a message only because a later line names Eve.
        #expect(messages.contains { $0.sender == "Eve" && $0.text == "no space" })
        #expect(result.conversations[0].title == "Trip: Rome")
        #expect(result.report.skipped.count > 50 && result.report.warnings.count > 50)
    }

    @Test("Slack export folders and zips read the same with the worker")
    func slackFixtures() throws {
        guard let root = Fixtures.shared?.appendingPathComponent("slack").path else { return }
        for path in [
            "slackdump/source_export_dir", "slack-export-viewer/testarchive", "slack-export-viewer/testarchive.zip",
        ] {
            try Self.expectSame(try ChatInput.load((root as NSString).appendingPathComponent(path)), Self.slack)
        }
    }

    @Test("A Slack conversation over 1 MB reads the same with the worker, skips and thread warnings included")
    func bigSlack() throws {
        let files = Generated.slack(days: 50, perDay: 150)
        #expect(files.values.reduce(0) { $0 + $1.utf8.count } > 1 << 20)
        let folder = try ImportTesting.folder(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Self.expectSame(try ChatInput.load(folder), Self.slack)
        #expect(result.conversations[0].messages.count > 6000)
        #expect(result.report.skipped.count > 50 && !result.report.warnings.isEmpty)
    }

    @Test("A Discord export over 1 MB reads the same with the worker, skips and warnings in order")
    func bigDiscord() throws {
        let input = ChatInput(name: "big.json", bytes: Array(Generated.discord(count: 6000).utf8))
        #expect(input.bytes!.count > 1 << 20)
        let result = try Self.expectSame(input, Self.discord)
        #expect(result.conversations[0].messages.count > 5000)
        #expect(result.report.skipped.count > 50 && result.report.warnings.count > 50)
    }

    @Test("A Telegram export over 1 MB reads the same with the worker, zone and skips included")
    func bigTelegram() throws {
        let input = ChatInput(name: "result.json", bytes: Array(Generated.telegram(count: 5000).utf8))
        #expect(input.bytes!.count > 1 << 20)
        let result = try Self.expectSame(input, Self.telegram)
        #expect(result.conversations[0].messages.count > 4000)
        #expect(result.conversations[0].timeZone != nil)
        #expect(result.report.skipped.count > 50 && result.report.warnings.count > 50)
    }

    @Test("Claude Code fixtures read the same with the worker")
    func claudeCodeFixtures() throws {
        let inputs = Self.fixtures("claude-code", ending: ".jsonl") + Self.fixtures("claude-code", ending: ".json")
        for input in inputs where ClaudeCodeReader.reader.sniff(input) { try Self.expectSame(input, Self.claudeCode) }
    }

    @Test("A Claude Code session over 1 MB reads the same with the worker, skipped lines and titles included")
    func bigClaudeCode() throws {
        let input = ChatInput(name: "session.jsonl", bytes: Array(Generated.claudeCode(count: 6000).utf8))
        #expect(input.bytes!.count > 1 << 20)
        let result = try Self.expectSame(input, Self.claudeCode)
        #expect(result.conversations[0].messages.count > 5000)
        #expect(result.conversations[0].title == "Fixing the build")
        #expect(result.conversations[0].id == "s-1")
        #expect(result.report.skipped.count > 100)
        #expect(result.conversations[0].messages.contains { $0.attachments.contains { $0.kind == .image } })
    }

    @Test("A big export that breaks late fails with the same error with the worker")
    func lateFailure() throws {
        for (text, read) in [
            (Generated.discord(count: 6000), Self.discord), (Generated.telegram(count: 5000), Self.telegram),
        ] {
            let cut = Array(text.utf8.dropLast(text.utf8.count / 10))
            let error = try Self.expectSameError(ChatInput(name: "cut.json", bytes: cut), read)
            #expect((error.location?.line ?? 0) > 1000)
        }
    }
}

/// Exports written in the test, big enough for the worker, with what each reader reports.
enum Generated {
    static func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    /// A Claude Code session: user and assistant records with text, code, tool calls and their
    /// results, thinking and pictures, a summary that names it, and lines that are not messages
    /// (other record types, no type, no valid time, no content, not JSON at all).
    static func claudeCode(count: Int) -> String {
        var lines: [String] = []
        for index in 0..<count {
            let time = "2026-03-01T\(two(index / 3600 % 24)):\(two(index / 60 % 60)):\(two(index % 60)).000Z"
            let head = #""sessionId": "s-1", "uuid": "u\#(index)", "timestamp": "\#(time)""#
            switch index % 29 {
            case 3: lines.append(#"{"type": "summary", "summary": "Fixing the build", "leafUuid": "u1"}"#)
            case 5: lines.append(#"{"type": "file-history-snapshot", "messageId": "m\#(index)"}"#)
            case 7: lines.append(#"{"sessionId": "s-1", "message": {"role": "user", "content": "no type"}}"#)
            case 11: lines.append("not json at all \(index)")
            case 13:
                lines.append(
                    #"{"type": "user", "sessionId": "s-1", "timestamp": "later", "message": {"role": "user", "content": "x"}}"#
                )
            case 17: lines.append(#"{"type": "assistant", \#(head), "message": {"role": "assistant", "content": []}}"#)
            case 19:
                lines.append(
                    #"{"type": "user", \#(head), "message": {"role": "user", "content": [{"type": "image", "source": {}}, {"type": "text", "text": "see the picture \#(index)"}]}}"#
                )
            default:
                if index % 2 == 0 {
                    lines.append(
                        #"{"type": "user", \#(head), "message": {"role": "user", "content": "please fix test \#(index) in `main.swift`"}}"#
                    )
                } else {
                    lines.append(
                        #"{"type": "assistant", \#(head), "message": {"role": "assistant", "content": [{"type": "thinking", "thinking": "hmm"}, {"type": "text", "text": "Done: **\#(index)**\n\n```swift\nlet x = \#(index)\n```"}, {"type": "tool_use", "id": "t\#(index)", "name": "Bash", "input": {"command": "swift build"}}]}}"#
                    )
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An Android WhatsApp chat: continuation lines, markup, quotes and lists, files (some
    /// outside the folder), left-out media, deleted and edited messages, polls, places, system
    /// lines (one quoting a name with `: `), dates that do not exist, and a sender whose `Name:`
    /// is a message only because a later line names them.
    static func whatsApp(count: Int) -> String {
        var lines: [String] = []
        let bodies = [
            "User 1: plain words, nothing more", "User 2: *bold* and _italic_ and ~gone~ ```mono```",
            "User 3: first line\nsecond line\n> a quote\n- an item", "User 1: <attached: 00000012-PHOTO.jpg>",
            "User 2: <attached: ../outside.jpg>", "User 3: IMG-0042.jpg (file attached)\ncaption here",
            "User 1: <Media omitted>", "User 2: This message was deleted", "You: You deleted this message",
            "User 3: fixed it <This message was edited>", "User 1 added User 4",
            "User 2 changed the subject to \"Trip: Rome\"", "Eve:no space",
            "User 1: POLL:\nWhere?\nOPTION: Rome (2 votes)\nOPTION: Oslo (0 votes)",
            "User 2: location: https://maps.google.com/?q=52.5,13.4", "User 3: see https://example.com/a_b*c",
        ]
        for index in 0..<count {
            let day = index % 211 == 17 ? "31/02/2024" : "\(two(1 + index / 1440 % 28))/03/2024"
            let body = index == count - 2 ? "Eve: hello" : bodies[index % bodies.count]
            lines.append("\(day), \(two(index / 60 % 24)):\(two(index % 60)) - \(body)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A DiscordChatExporter channel: repeated ids, bad timestamps, pins, mentions named later,
    /// replies to messages not in it, reactions, files, unsafe paths and embeds.
    static func discord(count: Int) -> String {
        var messages: [String] = []
        for index in 0..<count {
            let id = index % 97 == 5 ? "\(1000 + index - 1)" : "\(1000 + index)"
            let time =
                index % 89 == 3
                ? "not a time" : "2024-03-01T\(two(index / 3600 % 24)):\(two(index / 60 % 60)):\(two(index % 60))+01:00"
            let type = index % 53 == 7 ? "ChannelPinnedMessage" : "Default"
            let content = index % 11 == 0 ? "hi <@\(index % 7)>, see <#99>" : "message \(index) *bold* \\n line"
            var message =
                #"{"id": "\#(id)", "type": "\#(type)", "timestamp": "\#(time)", "content": "\#(content)", "#
                + #""author": {"id": "\#(index % 5)", "name": "user\#(index % 5)", "nickname": "User \#(index % 5)"}"#
            if index % 13 == 0 { message += #", "reference": {"messageId": "\#(index % 26 == 0 ? 9 : 999 + index)"}"# }
            if index % 17 == 0 { message += #", "reactions": [{"emoji": {"id": "", "name": "👍"}, "count": 2}]"# }
            if index % 19 == 0 {
                let path = index % 38 == 0 ? "../secret\(index).png" : "files/pic\(index).png"
                message += #", "attachments": [{"id": "1", "url": "\#(path)", "fileName": "pic.png"}]"#
            }
            if index % 23 == 0 { message += #", "embeds": [{"title": "Card \#(index)"}]"# }
            if index % 29 == 0 { message += #", "mentions": [{"id": "\#(index % 7)", "name": "late\#(index)"}]"# }
            if index % 31 == 0 { message += #", "poll": {"question": {"text": "Where?"}}"# }
            messages.append(message + "}")
        }
        return
            #"{"guild": {"id": "1", "name": "Hikers"}, "channel": {"id": "99", "type": "GuildTextChat", "name": "general"},"#
            + " \"messages\": [\n" + messages.joined(separator: ",\n") + "\n]}\n"
    }

    /// A Slack export folder with one channel of `days` day files: mentions, links, markup, thread
    /// replies (some to messages not in it), joins, edits without their message, entries with no
    /// `ts`, reactions, files and a bot.
    static func slack(days: Int, perDay: Int) -> [String: String] {
        var files = [
            "users.json":
                #"[{"id": "U1", "name": "ana", "real_name": "Ana"}, {"id": "U2", "name": "ben", "real_name": "Ben"}]"#,
            "channels.json": #"[{"id": "C1", "name": "general", "members": ["U1", "U2"]}]"#,
        ]
        for day in 0..<days {
            var messages: [String] = []
            for index in 0..<perDay {
                let number = day * perDay + index
                let ts = "\(1_709_283_600 + number * 60).000100"
                let user = number % 2 == 0 ? "U1" : "U2"
                var message: String
                switch number % 37 {
                case 3:
                    message =
                        #"{"type": "message", "subtype": "channel_join", "user": "\#(user)", "text": "<@\#(user)> has joined the channel", "ts": "\#(ts)""#
                case 5: message = #"{"type": "message", "user": "\#(user)", "text": "no time""#
                case 7: message = #"{"type": "message", "subtype": "message_changed", "ts": "\#(ts)""#
                case 11:
                    message =
                        #"{"type": "message", "subtype": "bot_message", "bot_id": "B1", "username": "deploy", "text": "*deployed* `v\#(number)`", "ts": "\#(ts)""#
                default:
                    message =
                        #"{"type": "message", "user": "\#(user)", "text": "hi <@U2>, see <https://example.com/\#(number)|the page> *now* _please_ ~no~", "ts": "\#(ts)""#
                }
                if number % 13 == 0 { message += #", "thread_ts": "\#(number % 26 == 0 ? "1.000001" : ts)""# }
                if number % 17 == 0 {
                    message += #", "reactions": [{"name": "thumbsup", "users": ["U1"], "count": 1}]"#
                }
                if number % 19 == 0 {
                    message += #", "files": [{"id": "F\#(number)", "name": "plan.pdf", "size": 10}]"#
                }
                messages.append(message + "}")
            }
            files["general/2024-\(two(1 + day / 28))-\(two(1 + day % 28)).json"] =
                "[\n" + messages.joined(separator: ",\n") + "\n]\n"
        }
        return files
    }

    /// A Telegram chat: local times only in some messages (the zone is inferred from the others),
    /// service messages, edits, replies to messages not in it, files not included, media of an
    /// unknown kind, reactions, empty and undated messages.
    static func telegram(count: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        func local(_ seconds: Int) -> String {
            String(formatter.string(from: Date(timeIntervalSince1970: Double(seconds))).dropLast())
        }
        var messages: [String] = []
        for index in 0..<count {
            let unix = 1_709_283_600 + index * 37
            var message = #"{"id": \#(index + 1), "#
            if index % 41 != 9 {
                message += #""date": "\#(local(unix + 3600))", "#
                if index % 7 != 0 { message += #""date_unixtime": "\#(unix)", "# }
            }
            if index % 50 == 0 {
                message +=
                    #""type": "service", "actor": "User 1", "actor_id": "user1", "action": "pin_message", "message_id": \#(index), "text": "", "text_entities": []}"#
                messages.append(message)
                continue
            }
            let text = index % 31 == 0 ? "" : "message \(index)"
            message +=
                #""type": "message", "from": "User \#(index % 4)", "from_id": "user\#(index % 4)", "text": [{"type": "bold", "text": "\#(text)"}], "text_entities": [{"type": "bold", "text": "\#(text)"}]"#
            if index % 13 == 0 { message += #", "reply_to_message_id": \#(index % 26 == 0 ? 999_999 : index)"# }
            if index % 17 == 0 {
                message += #", "edited": "\#(local(unix + 3660))", "edited_unixtime": "\#(unix + 60)""#
            }
            if index % 19 == 0 {
                message +=
                    #", "photo": "(File not included. Change data exporting settings to download.)", "width": 10, "height": 10"#
            }
            if index % 23 == 0 { message += #", "file": "files/x\#(index).bin", "media_type": "hologram""# }
            if index % 29 == 0 {
                message +=
                    #", "reactions": [{"type": "emoji", "count": 2, "emoji": "👍", "recent": [{"from": "User 1", "from_id": "user1"}]}]"#
            }
            messages.append(message + "}")
        }
        return #"{"name": "Trip", "type": "private_group", "id": 42, "messages": [\#n"#
            + messages.joined(separator: ",\n")
            + "\n]}\n"
    }
}
