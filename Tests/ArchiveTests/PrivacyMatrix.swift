import Foundation
import Scrollback
import TestSupport

/// The pieces of the privacy matrix: what must not be published (needles, in the forms a chat
/// may hold them), and every reader, each writing messages into an input of its own format.
/// A needle or a reader is one entry in a list below.
enum PrivacyMatrix {
    /// A piece of a message's text: bold, or a link's label, as each app writes those.
    struct Span: Sendable {
        var text: String
        var bold = false
        var link: String? = nil
    }

    /// One way of writing a needle in a message.
    struct Form: Sendable {
        var name: String
        var spans: [Span]
    }

    /// Something `--redact` must remove, wherever and however it is written.
    struct Needle: Sendable {
        var name: String
        var secret: String
        /// The marker that takes its place.
        var marker: String
        /// Pieces of it none of which may appear in any output, in any form: they are letters and
        /// digits, which no escaping or encoding changes.
        var fragments: [String]
        /// Ways of writing it beyond the ones every needle has.
        var extraForms: [Form] = []

        /// Every form of the needle.
        var forms: [Form] {
            [
                Form(name: "plain", spans: [Span(text: "note: " + secret + " thanks")]),
                Form(name: "bold", spans: [Span(text: "note: "), Span(text: secret, bold: true), Span(text: " ok")]),
                Form(name: "split by bold", spans: [Span(text: "see ")] + Self.split(secret) + [Span(text: " now")]),
                Form(name: "escaped", spans: [Span(text: "x " + Self.escaped(secret) + " y")]),
                Form(name: "entity-encoded", spans: [Span(text: "x " + Self.entities(secret) + " y")]),
                Form(
                    name: "percent-encoded URL",
                    spans: [Span(text: "open https://example.org/share?q=" + Self.percent(secret) + " please")]),
                Form(
                    name: "percent-encoded link",
                    spans: [
                        Span(text: "open "),
                        Span(text: "this", link: "https://example.org/s?q=" + Self.percent(secret)),
                        Span(text: " please"),
                    ]),
            ] + extraForms
        }

        /// The secret cut in three, its middle bold: around `@` for an address.
        static func split(_ secret: String) -> [Span] {
            let characters = Array(secret)
            let at = characters.firstIndex(of: "@")
            let first = at ?? characters.count / 3
            let second = at.map { $0 + 1 } ?? 2 * characters.count / 3
            return [
                Span(text: String(characters[..<first])), Span(text: String(characters[first..<second]), bold: true),
                Span(text: String(characters[second...])),
            ]
        }

        /// Markdown's backslash before every ASCII punctuation character.
        static func escaped(_ secret: String) -> String {
            String(secret.flatMap { $0.isASCII && $0.isPunctuation || $0.isSymbol ? ["\\", $0] : [$0] })
        }

        /// `&#N;` for every character but letters and digits.
        static func entities(_ secret: String) -> String {
            secret.unicodeScalars.map { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) ? String(scalar) : "&#\(scalar.value);"
            }.joined()
        }

        /// `%XX` for every byte but ASCII letters and digits.
        static func percent(_ secret: String) -> String {
            secret.utf8.map { byte in
                let scalar = Unicode.Scalar(byte)
                return byte < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                    ? String(scalar) : String(format: "%%%02X", byte)
            }.joined()
        }
    }

    static let email = Needle(
        name: "email", secret: "john_q_smith@examplemail.net", marker: "[email]",
        fragments: ["john", "smith", "examplemail"])
    static let phone = Needle(
        name: "phone", secret: "+44 20 7946 0958", marker: "[phone]", fragments: ["7946", "0958", "７９４６", "０９５８"],
        extraForms: [
            Form(name: "no-break spaces", spans: [Span(text: "call +44\u{A0}20\u{A0}7946\u{A0}0958 now")]),
            Form(name: "narrow no-break spaces", spans: [Span(text: "call +44\u{202F}20\u{202F}7946\u{202F}0958")]),
            Form(name: "figure spaces", spans: [Span(text: "call +44\u{2007}20\u{2007}7946\u{2007}0958")]),
            Form(name: "full-width digits", spans: [Span(text: "call ＋４４ ２０ ７９４６ ０９５８")]),
        ])
    static let github = Needle(
        name: "github token", secret: Secrets.github, marker: "[github token]",
        fragments: [String(Secrets.github.dropFirst(4).prefix(10)), String(Secrets.github.suffix(10))])
    static let stripe = Needle(
        name: "stripe key", secret: Secrets.stripe, marker: "[api key]",
        fragments: [String(Secrets.stripe.dropFirst(8).prefix(10)), String(Secrets.stripe.suffix(10))])

    /// Every needle.
    static let needles = [email, phone, github, stripe]

    /// Ordinary text with numbers and punctuation, which must come through unchanged.
    static let ordinary = [
        "Meet at 10:30 on 2026-03-01 (or 01/03/2026), back by 18:45.",
        "It cost 1\u{202F}234,56 € and 12\u{A0}345 $, order 1234567890123456.",
        "Years 1999, 2024 and 2026; room 101; version 2.10.4; ticket 4021-17.",
    ]

    /// A message of a matrix input: who sent it, and its text in pieces.
    struct Entry: Sendable {
        var sender: String
        var spans: [Span]
        /// The text without formatting, as a plain-text app holds it.
        var plain: String { spans.map { span in span.link.map { span.text + " " + $0 } ?? span.text }.joined() }
    }

    /// One message per form of every needle, then the ordinary text, from two senders in turn.
    static func entries(_ needles: [Needle] = needles) -> [Entry] {
        var entries: [Entry] = []
        for needle in needles {
            for form in needle.forms {
                entries.append(Entry(sender: entries.count % 2 == 0 ? "Ana" : "Ben", spans: form.spans))
            }
        }
        for text in ordinary {
            entries.append(Entry(sender: entries.count % 2 == 0 ? "Ana" : "Ben", spans: [Span(text: text)]))
        }
        return entries
    }

    /// A reader of the matrix: the format it reads, and how its input holding `entries` is written.
    struct Reader: Sendable, CustomStringConvertible {
        var name: String
        var format: InputFormat
        /// Files (relative path → text) of an input holding the entries, and the input's path among them
        /// (`""` for the folder itself).
        var files: @Sendable ([Entry]) -> (files: [String: String], input: String)

        var description: String { name }

        /// Writes the input into `folder`; its path.
        func write(_ entries: [Entry], into folder: URL) throws -> String {
            let (files, input) = files(entries)
            for (path, text) in files {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            return input.isEmpty ? folder.path : folder.appendingPathComponent(input).path
        }
    }

    /// A JSON string literal of `text`.
    static func quoted(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    /// The entry in Markdown: `**bold**`, `[label](url)`.
    static func markdown(_ entry: Entry) -> String {
        entry.spans.map { span in
            if let link = span.link { return "[" + span.text + "](" + link + ")" }
            return span.bold ? "**" + span.text + "**" : span.text
        }.joined()
    }

    /// The entry in WhatsApp's and Slack's light markup: `*bold*`; a link as its label and address.
    static func lightMarkup(_ entry: Entry, link: (String, String) -> String) -> String {
        entry.spans.map { span in
            if let url = span.link { return link(span.text, url) }
            return span.bold ? "*" + span.text + "*" : span.text
        }.joined()
    }

    /// `time` seconds after 2026-03-01T09:00:00Z, as RFC 3339.
    static func stamp(_ index: Int) -> String {
        Timestamp(seconds: 1_772_355_600 + Int64(index) * 60).description
    }

    /// Meta's exports write UTF-8 bytes as Latin-1 `\u00XX` escapes.
    static func mojibake(_ text: String) -> String {
        let json = quoted(text)
        var result = ""
        for scalar in json.unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { result += String(format: "\\u%04x", byte) }
            }
        }
        return result
    }

    static let native = Reader(name: "native JSON", format: .scrollback) { entries in
        let messages = entries.enumerated().map { index, entry in
            "{\"id\":\"m\(index)\",\"sender\":\"\(entry.sender.lowercased())\",\"time\":\"\(stamp(index))\",\"text\":\(quoted(markdown(entry)))}"
        }
        let text = """
            {"version": 1, "title": "Matrix", "participants": [{"id": "ana", "name": "Ana"}, {"id": "ben", "name": "Ben"}],
             "messages": [\(messages.joined(separator: ",\n"))]}
            """
        return (["chat.json": text], "chat.json")
    }

    static let jsonLines = Reader(name: "JSON Lines", format: .jsonl) { entries in
        var lines = [
            #"{"type":"conversation","title":"Matrix","participants":[{"id":"ana","name":"Ana"},{"id":"ben","name":"Ben"}]}"#
        ]
        for (index, entry) in entries.enumerated() {
            lines.append(
                "{\"id\":\"m\(index)\",\"sender\":\"\(entry.sender.lowercased())\",\"time\":\"\(stamp(index))\",\"text\":\(quoted(markdown(entry)))}"
            )
        }
        return (["chat.jsonl": lines.joined(separator: "\n") + "\n"], "chat.jsonl")
    }

    static let markdownLog = Reader(name: "Markdown log", format: .markdown) { entries in
        var text = "---\ntitle: Matrix\ntimezone: UTC\n---\n"
        for (index, entry) in entries.enumerated() {
            let clock = String(format: "%02d:%02d", 9 + index / 60, index % 60)
            text += "\n### \(entry.sender) · 2026-03-01 \(clock)\n\(markdown(entry))\n"
        }
        return (["chat.md": text], "chat.md")
    }

    static let whatsApp = Reader(name: "WhatsApp", format: .whatsapp) { entries in
        var text = ""
        for (index, entry) in entries.enumerated() {
            let clock = String(format: "%02d:%02d", 9 + index / 60, index % 60)
            text +=
                "3/1/26, \(clock) - \(entry.sender): " + lightMarkup(entry) { label, url in label + " " + url } + "\n"
        }
        return (["WhatsApp Chat with Ben.txt": text], "WhatsApp Chat with Ben.txt")
    }

    static let telegram = Reader(name: "Telegram", format: .telegram) { entries in
        let messages = entries.enumerated().map { index, entry in
            let parts = entry.spans.map { span in
                if let link = span.link {
                    return "{\"type\": \"text_link\", \"text\": \(quoted(span.text)), \"href\": \(quoted(link))}"
                }
                return span.bold ? "{\"type\": \"bold\", \"text\": \(quoted(span.text))}" : quoted(span.text)
            }
            return """
                {"id": \(index + 1), "type": "message", "date": "2026-03-01T09:00:00", "date_unixtime": "\(1_772_355_600 + index * 60)",
                 "from": "\(entry.sender)", "from_id": "user\(entry.sender)", "text": [\(parts.joined(separator: ", "))]}
                """
        }
        let text = """
            {"name": "Ben", "type": "personal_chat", "id": 4242, "messages": [\(messages.joined(separator: ",\n"))]}
            """
        return (["result.json": text], "result.json")
    }

    static let slack = Reader(name: "Slack", format: .slack) { entries in
        let messages = entries.enumerated().map { index, entry in
            let text = lightMarkup(entry) { label, url in "<" + url + "|" + label + ">" }
            // Slack writes `&`, `<` and `>` of what was typed as entities.
            let typed =
                entry.spans.contains { $0.link != nil } ? text : text.replacingOccurrences(of: "&", with: "&amp;")
            let user = entry.sender == "Ana" ? "U1" : "U2"
            return
                "{\"type\": \"message\", \"user\": \"\(user)\", \"text\": \(quoted(typed)), \"ts\": \"\(1_772_355_600 + index * 60).000100\"}"
        }
        return (
            [
                "users.json": """
                [{"id": "U1", "name": "ana", "real_name": "Ana", "profile": {"display_name": "Ana", "real_name": "Ana"}},
                 {"id": "U2", "name": "ben", "profile": {"display_name": "", "real_name": "Ben"}}]
                """,
                "channels.json": #"[{"id": "C1", "name": "general", "members": ["U1", "U2"]}]"#,
                "general/2026-03-01.json": "[" + messages.joined(separator: ",\n") + "]",
            ], ""
        )
    }

    static let discord = Reader(name: "Discord", format: .discord) { entries in
        let messages = entries.enumerated().map { index, entry in
            let author = entry.sender == "Ana" ? "1" : "2"
            return """
                {"id": "\(100 + index)", "type": "Default", "timestamp": "\(stamp(index))", "timestampEdited": null,
                 "isPinned": false, "content": \(quoted(markdown(entry))),
                 "author": {"id": "\(author)", "name": "\(entry.sender)", "nickname": "\(entry.sender)", "isBot": false},
                 "attachments": [], "embeds": [], "stickers": [], "reactions": [], "mentions": []}
                """
        }
        let text = """
            {"guild": {"id": "1", "name": "Club"}, "channel": {"id": "99", "type": "GuildTextChat", "name": "general"},
             "messages": [\(messages.joined(separator: ",\n"))]}
            """
        return (["general.json": text], "general.json")
    }

    static let messenger = Reader(name: "Messenger", format: .messenger) { entries in
        // Newest first, as Meta writes them; no formatting (Messenger has none).
        let messages = entries.enumerated().reversed().map { index, entry in
            "{\"sender_name\": \"\(entry.sender)\", \"timestamp_ms\": \((1_772_355_600 + Int64(index) * 60) * 1000), \"content\": \(mojibake(entry.plain))}"
        }
        let text = """
            {"participants": [{"name": "Ana"}, {"name": "Ben"}], "title": "Ana", "thread_path": "inbox/ana_1",
             "messages": [\(messages.joined(separator: ",\n"))]}
            """
        return (["message_1.json": text], "message_1.json")
    }

    static let chatGPT = Reader(name: "ChatGPT", format: .chatgpt) { entries in
        var nodes = [#""root": {"id": "root", "parent": null, "children": ["n0"], "message": null}"#]
        for (index, entry) in entries.enumerated() {
            let role = index % 2 == 0 ? "user" : "assistant"
            let parent = index == 0 ? "root" : "n\(index - 1)"
            let children = index + 1 < entries.count ? "[\"n\(index + 1)\"]" : "[]"
            nodes.append(
                """
                "n\(index)": {"id": "n\(index)", "parent": "\(parent)", "children": \(children), "message":
                 {"id": "u\(index)", "author": {"role": "\(role)"}, "create_time": \(1_772_355_600 + index * 60),
                  "content": {"content_type": "text", "parts": [\(quoted(markdown(entry)))]}, "recipient": "all"}}
                """)
        }
        let text = """
            [{"id": "conv-1", "title": "Matrix", "create_time": 1772355600, "current_node": "n\(entries.count - 1)",
              "mapping": {\(nodes.joined(separator: ",\n"))}}]
            """
        return (["conversations.json": text], "conversations.json")
    }

    static let claudeAI = Reader(name: "Claude.ai", format: .claudeAI) { entries in
        let messages = entries.enumerated().map { index, entry in
            """
            {"uuid": "u\(index)", "sender": "\(index % 2 == 0 ? "human" : "assistant")", "created_at": "\(stamp(index))",
             "content": [{"type": "text", "text": \(quoted(markdown(entry)))}]}
            """
        }
        let text = """
            [{"uuid": "c1", "name": "Matrix", "chat_messages": [\(messages.joined(separator: ",\n"))]}]
            """
        return (["conversations.json": text], "conversations.json")
    }

    static let claudeCode = Reader(name: "Claude Code", format: .claudeCode) { entries in
        var lines: [String] = []
        for (index, entry) in entries.enumerated() {
            let user = index % 2 == 0
            let content =
                user ? quoted(markdown(entry)) : "[{\"type\":\"text\",\"text\":\(quoted(markdown(entry)))}]"
            let parent = index == 0 ? "null" : "\"u\(index - 1)\""
            lines.append(
                "{\"type\":\"\(user ? "user" : "assistant")\",\"timestamp\":\"\(stamp(index))\",\"sessionId\":\"s1\",\"uuid\":\"u\(index)\",\"parentUuid\":\(parent),\"message\":{\"role\":\"\(user ? "user" : "assistant")\",\"content\":\(content)}}"
            )
        }
        return (["session.jsonl": lines.joined(separator: "\n") + "\n"], "session.jsonl")
    }

    /// Every reader.
    static let readers = [
        native, jsonLines, markdownLog, whatsApp, telegram, slack, discord, messenger, chatGPT, claudeAI, claudeCode,
    ]

    /// A ShareGPT file: read by its own reader, refused by ChatGPT's; neither may say a secret.
    static let shareGPT = Reader(name: "ShareGPT", format: .chatgpt) { entries in
        let turns = entries.enumerated().map { index, entry in
            "{\"from\": \"\(index % 2 == 0 ? "human" : "gpt")\", \"value\": \(quoted(markdown(entry)))}"
        }
        return (
            ["sharegpt.json": "[{\"id\": \"x\", \"conversations\": [\(turns.joined(separator: ", "))]}]"],
            "sharegpt.json"
        )
    }

    /// The options `--redact` reads with.
    static let redacting = ReadOptions(transform: PrivacyOptions(redactor: try! Redactor()).transform)

    /// What `reader` makes of `entries`: the read's report as text, the messages' bodies (one a
    /// line), then the page, the text and the layout JSON, each with its name.
    static func outputs(_ reader: Reader, _ entries: [Entry], options: ReadOptions = redacting) throws -> [(
        String, String
    )] {
        let folder = try TestFolders.folder("matrix")
        let input = try reader.write(entries, into: folder)
        let result = try Readers.read(try ChatInput.load(input), format: reader.format, options: options)
        guard let transcript = result.conversations.first else { throw MatrixError.noConversation(reader.name) }
        let notes = (result.report.skipped + result.report.warnings).map(\.text) + result.report.inferences
        let bodies = transcript.messages.filter { !$0.hidden }.map(\.text)
        var outputs = [("report", notes.joined(separator: "\n")), ("bodies", bodies.joined(separator: "\n"))]
        for format in [OutputFormat.html, .text, .json] {
            outputs.append(("\(format)", try transcript.render(format)))
        }
        return outputs
    }

    enum MatrixError: Error {
        case noConversation(String)
    }

    /// The needles' fragments found in `text`, each with the needle's name.
    static func leaks(in text: String, needles: [Needle] = needles) -> [String] {
        let text = withoutDigests(text)
        return needles.flatMap { needle in
            needle.fragments.filter { text.contains($0) }.map { needle.name + " " + $0 }
        }
    }

    /// `text` without what is random or a digest and so says nothing, yet may hold "0958" by
    /// chance: the tests' own folder (its process id), UUIDs in folder names, and runs of 32 or
    /// more hex digits (SHA-256 digests: a site manifest's keys and fingerprints).
    static func withoutDigests(_ text: String) -> String {
        text.replacingOccurrences(of: TestFolders.root.path, with: "ROOT")
            .replacingOccurrences(
                of: "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", with: "UUID",
                options: .regularExpression
            )
            .replacingOccurrences(of: "[0-9a-f]{32,}", with: "#", options: .regularExpression)
    }
}
