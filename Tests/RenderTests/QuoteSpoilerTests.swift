import Foundation
import Scrollback
import Testing

/// A reply's or a pin's quote is about 100 characters of the quoted message: a spoiler it
/// touches shows as `[spoiler]` in every output, wherever the cut falls.
@Suite("Spoilers in quotes")
struct QuoteSpoilerTests {
    /// 90 characters, so that a spoiler after them is cut by the quote's 100-character limit.
    static let lead = String(repeating: "word ", count: 18)
    static let tail = String(repeating: "more ", count: 30)
    /// The words the spoilers hide; none may show in a quote.
    static let hidden = ["butler", "gardener", "cook", "kitchen"]

    /// A Telegram chat in the app's `result.json` shape: message 1 has a spoiler where the quote
    /// is cut, 2 one far before the cut, 3 one over two lines; 4–6 answer them, 7 pins 1.
    static let telegram: String = {
        func message(_ id: Int, _ from: String, _ text: String, extra: String = "") -> String {
            let (name, user) = from == "ben" ? ("Ben", "user2") : ("Ana", "user1")
            return """
                {"id": \(id), "type": "message", "date": "2024-05-01T10:0\(id):00", "date_unixtime": "\(1_714_557_600 + id * 60)", \
                "from": "\(name)", "from_id": "\(user)", "text": \(text)\(extra)}
                """
        }
        let messages = [
            message(1, "ben", #"["\#(lead)", {"type": "spoiler", "text": "the butler did it"}]"#),
            message(2, "ben", #"[{"type": "spoiler", "text": "the gardener"}, " \#(tail)"]"#),
            message(3, "ben", #"[{"type": "spoiler", "text": "the cook\nin the kitchen"}, " it was"]"#),
            message(4, "ana", #""no way""#, extra: #", "reply_to_message_id": 1"#),
            message(5, "ana", #""really?""#, extra: #", "reply_to_message_id": 2"#),
            message(6, "ana", #""how""#, extra: #", "reply_to_message_id": 3"#),
            """
            {"id": 7, "type": "service", "date": "2024-05-01T10:07:00", "date_unixtime": "1714558020", "actor": "Ben", \
            "actor_id": "user2", "action": "pin_message", "message_id": 1, "text": ""}
            """,
        ]
        return
            #"{"name": "Ben", "type": "personal_chat", "id": 1, "messages": [\#(messages.joined(separator: ",\n"))]}"#
    }()

    /// A DiscordChatExporter channel: the same three spoilers, written as Discord writes them.
    static let discord: String = {
        func message(_ id: Int, _ author: String, _ content: String, replyTo: Int? = nil) -> String {
            let reference = replyTo.map { #", "reference": {"messageId": "\#($0)", "channelId": "9", "guildId": "8"}"# }
            return """
                {"id": "\(id)", "type": "\(replyTo == nil ? "Default" : "Reply")", "timestamp": "2024-05-01T10:0\(id):00+00:00", \
                "isPinned": false, "content": \(content), "author": {"id": "\(author == "ben" ? 2 : 1)", "name": "\(author)", \
                "nickname": "\(author)", "isBot": false}, "attachments": [], "embeds": [], "reactions": [], "mentions": []\(reference ?? "")}
                """
        }
        let messages = [
            message(1, "ben", #""\#(lead)||the butler did it||""#),
            message(2, "ben", #""||the gardener|| \#(tail)""#),
            message(3, "ben", #""||the cook\nin the kitchen|| it was""#),
            message(4, "ana", #""no way""#, replyTo: 1),
            message(5, "ana", #""really?""#, replyTo: 2),
            message(6, "ana", #""how""#, replyTo: 3),
        ]
        return """
            {"guild": {"id": "8", "name": "Mystery Club"}, "channel": {"id": "9", "type": "GuildTextChat", "name": "general"}, \
            "messages": [\(messages.joined(separator: ",\n"))]}
            """
    }()

    static let inputs: [(name: String, text: String, format: InputFormat, quotes: Int)] = [
        ("result.json", telegram, .telegram, 4), ("general.json", discord, .discord, 3),
    ]

    static func render(_ input: String, format: InputFormat, as output: OutputFormat) throws -> String {
        let transcript = try Transcript.load(bytes: Array(input.utf8), name: "chat.json", format: format)
        var options = RenderOptions()
        options.terminal = TerminalOptions(width: 200, color: output == .ansi ? .ansi256 : nil)
        return try transcript.render(output, options: options)
    }

    static func expectHidden(_ quotes: [String], count: Int, _ where: String) {
        #expect(quotes.count == count, "\(`where`): \(quotes)")
        for quote in quotes {
            #expect(quote.contains("[spoiler]"), "\(`where`): \(quote)")
            for word in hidden { #expect(!quote.contains(word), "\(`where`): \(quote)") }
        }
    }

    @Test("The page's quotes say [spoiler] for every spoiler they touch, cut or not", arguments: [0, 1])
    func html(_ index: Int) throws {
        let input = Self.inputs[index]
        let html = try Self.render(input.text, format: input.format, as: .html)
        // A reply's quote, and a pin's (the system line's link to the pinned message).
        let starts = [#"<span class="sb-reply-text" dir="auto">"#, ##"<a class="sb-system-link" href="#msg-1"><bdi>"##]
        var quotes: [String] = []
        for start in starts {
            quotes += html.components(separatedBy: start).dropFirst().map { String($0.prefix { $0 != "<" }) }
        }
        Self.expectHidden(quotes, count: input.quotes, "\(input.name) html")
    }

    @Test(
        "Text and ANSI quotes say [spoiler] for every spoiler they touch, cut or not",
        arguments: [0, 1], [OutputFormat.text, .ansi])
    func terminal(_ index: Int, _ output: OutputFormat) throws {
        let input = Self.inputs[index]
        let drawn = try Self.render(input.text, format: input.format, as: output)
        // A reply's quote (`▎Name: excerpt`), and a pin's (`Ben pinned a message → excerpt`).
        let quotes = drawn.split(separator: "\n").filter { $0.contains("▎") || $0.contains(" → ") }.map(String.init)
        Self.expectHidden(quotes, count: input.quotes, "\(input.name) \(output)")
    }

    @Test("Layout JSON's reply excerpts say [spoiler] for every spoiler they touch, cut or not", arguments: [0, 1])
    func json(_ index: Int) throws {
        let input = Self.inputs[index]
        let json = try Self.render(input.text, format: input.format, as: .json)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var quotes: [String] = []
        for day in root["days"] as? [[String: Any]] ?? [] {
            for chain in day["chains"] as? [[String: Any]] ?? [] {
                for message in chain["messages"] as? [[String: Any]] ?? [] {
                    if let reply = message["reply"] as? [String: Any], let excerpt = reply["excerpt"] as? String {
                        quotes.append(excerpt)
                    }
                }
            }
        }
        Self.expectHidden(quotes, count: input.quotes, "\(input.name) json")
    }
}
