import Foundation
import Scrollback
import TestSupport

/// The privacy matrix's attachments: a participant's name, a phone number and an e-mail address
/// in attachments' file names, and all three in an image's metadata, written into an input of
/// each reader's format with the files beside it.
enum PrivacyMediaMatrix {
    /// What the metadata of `holiday.jpg` says.
    static let metadata = "Ana +44 20 7946 0958 john_q_smith@examplemail.net"

    /// A file an attachment names: its name, its bytes, and whether it is an image.
    struct File: Sendable {
        var name: String
        var bytes: [UInt8]
        var image: Bool
        var mimeType: String { image ? "image/jpeg" : "text/plain" }
    }

    /// A photo named after Ana, one named with a phone number, a text file named with an address
    /// (in the export's own escaping where it has one), and a neutral photo whose metadata holds all three.
    static let files = [
        File(name: "Ana_passport.jpg", bytes: TestImages.jpeg(), image: true),
        File(name: "call +44 20 7946 0958.jpg", bytes: TestImages.jpeg(), image: true),
        File(name: "john_q_smith@examplemail.net.txt", bytes: Array("notes\n".utf8), image: false),
        File(name: "holiday.jpg", bytes: TestImages.jpeg(metadata: metadata), image: true),
    ]

    /// A reader of the matrix and how it writes a chat of Ana and Ben in which Ana sends `files`:
    /// the files (relative path → bytes) and the input's path among them (`""` for the folder).
    struct Reader: Sendable, CustomStringConvertible {
        var name: String
        /// Whether the format keeps the files themselves (some AI chats keep only their names).
        var keepsFiles = true
        /// Whether a site copies the files.
        var copied = true
        /// Whether Ana is a participant by name (an AI chat knows only roles, so a name in it is text).
        var namesPeople = true
        var write: @Sendable ([File]) -> (files: [String: [UInt8]], input: String)
        var description: String { name }

        /// Writes the input into `folder`; its path.
        func write(into folder: URL) throws -> String {
            let (files, input) = write(PrivacyMediaMatrix.files)
            for (path, bytes) in files {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            }
            return input.isEmpty ? folder.path : folder.appendingPathComponent(input).path
        }
    }

    static func utf8(_ string: String) -> [UInt8] { Array(string.utf8) }
    static let quoted = PrivacyMatrix.quoted
    static let stamp = PrivacyMatrix.stamp

    /// `files` under `folder/`, by path.
    static func placed(_ files: [File], in folder: String) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: files.map { (folder + $0.name, $0.bytes) })
    }

    static let native = Reader(name: "native JSON") { files in
        let messages = files.enumerated().map { index, file in
            "{\"id\":\"m\(index)\",\"sender\":\"ana\",\"time\":\"\(stamp(index))\",\"text\":\"here\","
                + "\"attachments\":[{\"path\":\(quoted("files/" + file.name)),\"type\":\"\(file.mimeType)\"}]}"
        }
        let reply = "{\"id\":\"r\",\"sender\":\"ben\",\"time\":\"\(stamp(9))\",\"text\":\"thanks Ana\"}"
        let text = """
            {"version": 1, "title": "Trip", "participants": [{"id": "ana", "name": "Ana"}, {"id": "ben", "name": "Ben"}],
             "messages": [\((messages + [reply]).joined(separator: ",\n"))]}
            """
        return (placed(files, in: "files/").merging(["chat.json": utf8(text)]) { a, _ in a }, "chat.json")
    }

    static let jsonLines = Reader(name: "JSON Lines") { files in
        var lines = [
            #"{"type":"conversation","title":"Trip","participants":[{"id":"ana","name":"Ana"},{"id":"ben","name":"Ben"}]}"#
        ]
        for (index, file) in files.enumerated() {
            lines.append(
                "{\"id\":\"m\(index)\",\"sender\":\"ana\",\"time\":\"\(stamp(index))\",\"text\":\"here\","
                    + "\"attachments\":[{\"path\":\(quoted("files/" + file.name)),\"type\":\"\(file.mimeType)\"}]}")
        }
        lines.append("{\"id\":\"r\",\"sender\":\"ben\",\"time\":\"\(stamp(9))\",\"text\":\"thanks Ana\"}")
        return (
            placed(files, in: "files/").merging(["chat.jsonl": utf8(lines.joined(separator: "\n") + "\n")]) { a, _ in a
            },
            "chat.jsonl"
        )
    }

    /// Markdown has no attachments: a log shows images and links to files in its text (which a
    /// site does not copy).
    static let markdownLog = Reader(name: "Markdown log", copied: false) { files in
        var log = "---\ntitle: Trip\ntimezone: UTC\n---\n"
        for (index, file) in files.enumerated() {
            let destination = "<files/" + file.name + ">"
            log +=
                "\n### Ana · 2026-03-01 09:0\(index)\n" + (file.image ? "![photo]" : "[notes]") + "(\(destination))\n"
        }
        log += "\n### Ben · 2026-03-01 09:09\nthanks Ana\n"
        return (placed(files, in: "files/").merging(["chat.md": utf8(log)]) { a, _ in a }, "chat.md")
    }

    static let whatsApp = Reader(name: "WhatsApp") { files in
        var chat = ""
        for (index, file) in files.enumerated() { chat += "3/1/26, 09:0\(index) - Ana: \(file.name) (file attached)\n" }
        chat += "3/1/26, 09:09 - Ben: thanks Ana\n"
        return (
            placed(files, in: "").merging(["WhatsApp Chat with Ben.txt": utf8(chat)]) { a, _ in a },
            "WhatsApp Chat with Ben.txt"
        )
    }

    static let telegram = Reader(name: "Telegram") { files in
        let messages = files.enumerated().map { index, file in
            let media =
                file.image
                ? "\"photo\": \(quoted("photos/" + file.name))"
                : "\"file\": \(quoted("files/" + file.name)), \"file_name\": \(quoted(file.name)), \"mime_type\": \"text/plain\""
            return """
                {"id": \(index + 1), "type": "message", "date": "2026-03-01T09:0\(index):00", "date_unixtime": "\(1_772_355_600 + index * 60)",
                 "from": "Ana", "from_id": "user1", "text": "", \(media)}
                """
        }
        let reply = """
            {"id": 9, "type": "message", "date": "2026-03-01T09:09:00", "date_unixtime": "1772356140", "from": "Ben", "from_id": "user2", "text": "thanks Ana"}
            """
        let export = """
            {"name": "Ana", "type": "personal_chat", "id": 4242, "messages": [\((messages + [reply]).joined(separator: ",\n"))]}
            """
        var placedFiles = placed(files.filter(\.image), in: "photos/")
        placedFiles.merge(placed(files.filter { !$0.image }, in: "files/")) { a, _ in a }
        placedFiles["result.json"] = utf8(export)
        return (placedFiles, "result.json")
    }

    static let slack = Reader(name: "Slack") { files in
        let messages = files.enumerated().map { index, file in
            "{\"type\": \"message\", \"user\": \"U1\", \"text\": \"here\", \"ts\": \"\(1_772_355_600 + index * 60).000100\", "
                + "\"files\": [{\"id\": \"F\(index)\", \"name\": \(quoted(file.name)), \"mimetype\": \"\(file.mimeType)\"}]}"
        }
        let reply = "{\"type\": \"message\", \"user\": \"U2\", \"text\": \"thanks Ana\", \"ts\": \"1772356140.000100\"}"
        var placedFiles: [String: [UInt8]] = [:]
        for (index, file) in files.enumerated() { placedFiles["__uploads/F\(index)/" + file.name] = file.bytes }
        placedFiles["users.json"] = utf8(
            """
            [{"id": "U1", "name": "ana", "real_name": "Ana", "profile": {"display_name": "Ana", "real_name": "Ana"}},
             {"id": "U2", "name": "ben", "profile": {"display_name": "", "real_name": "Ben"}}]
            """)
        placedFiles["channels.json"] = utf8(#"[{"id": "C1", "name": "general", "members": ["U1", "U2"]}]"#)
        placedFiles["general/2026-03-01.json"] = utf8("[" + (messages + [reply]).joined(separator: ",\n") + "]")
        return (placedFiles, "")
    }

    static let discord = Reader(name: "Discord") { files in
        let messages = files.enumerated().map { index, file in
            let url =
                "general.json_Files/" + (file.name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")
            return """
                {"id": "\(100 + index)", "type": "Default", "timestamp": "\(stamp(index))", "timestampEdited": null,
                 "isPinned": false, "content": "here",
                 "author": {"id": "1", "name": "Ana", "nickname": "Ana", "isBot": false},
                 "attachments": [{"id": "\(500 + index)", "url": \(quoted(url)), "fileName": \(quoted(file.name)), "fileSizeBytes": \(file.bytes.count)}],
                 "embeds": [], "stickers": [], "reactions": [], "mentions": []}
                """
        }
        let reply = """
            {"id": "199", "type": "Default", "timestamp": "\(stamp(9))", "timestampEdited": null, "isPinned": false,
             "content": "thanks Ana", "author": {"id": "2", "name": "Ben", "nickname": "Ben", "isBot": false},
             "attachments": [], "embeds": [], "stickers": [], "reactions": [], "mentions": []}
            """
        let export = """
            {"guild": {"id": "1", "name": "Club"}, "channel": {"id": "99", "type": "GuildTextChat", "name": "general"},
             "messages": [\((messages + [reply]).joined(separator: ",\n"))]}
            """
        return (
            placed(files, in: "general.json_Files/").merging(["general.json": utf8(export)]) { a, _ in a },
            "general.json"
        )
    }

    static let messenger = Reader(name: "Messenger") { files in
        let messages = files.enumerated().reversed().map { index, file in
            let key = file.image ? "photos" : "files"
            return "{\"sender_name\": \"Ana\", \"timestamp_ms\": \((1_772_355_600 + Int64(index) * 60) * 1000), "
                + "\"\(key)\": [{\"uri\": \(quoted("messages/inbox/ana_1/\(key)/" + file.name))}]}"
        }
        let reply = "{\"sender_name\": \"Ben\", \"timestamp_ms\": 1772356140000, \"content\": \"thanks Ana\"}"
        let export = """
            {"participants": [{"name": "Ana"}, {"name": "Ben"}], "title": "Ana", "thread_path": "inbox/ana_1",
             "messages": [\(([reply] + messages).joined(separator: ",\n"))]}
            """
        var placedFiles = placed(files.filter(\.image), in: "photos/")
        placedFiles.merge(placed(files.filter { !$0.image }, in: "files/")) { a, _ in a }
        placedFiles["message_1.json"] = utf8(export)
        return (placedFiles, "message_1.json")
    }

    /// ChatGPT keeps uploaded images beside the export as `file-ID-NAME`; other files not at all.
    static let chatGPT = Reader(name: "ChatGPT", namesPeople: false) { files in
        let images = files.filter(\.image)
        var nodes = [#""root": {"id": "root", "parent": null, "children": ["n0"], "message": null}"#]
        for (index, _) in images.enumerated() {
            nodes.append(
                """
                "n\(index)": {"id": "n\(index)", "parent": "\(index == 0 ? "root" : "n\(index - 1)")", "children": ["n\(index + 1)"], "message":
                 {"id": "u\(index)", "author": {"role": "user"}, "create_time": \(1_772_355_600 + index * 60),
                  "content": {"content_type": "multimodal_text", "parts": [{"content_type": "image_asset_pointer",
                   "asset_pointer": "file-service://file-A\(index)"}, "here"]}, "recipient": "all"}}
                """)
        }
        let last = images.count
        nodes.append(
            """
            "n\(last)": {"id": "n\(last)", "parent": "n\(last - 1)", "children": [], "message":
             {"id": "u\(last)", "author": {"role": "assistant"}, "create_time": 1772356140,
              "content": {"content_type": "text", "parts": ["thanks"]}, "recipient": "all"}}
            """)
        let export = """
            [{"id": "conv-1", "title": "Trip", "create_time": 1772355600, "current_node": "n\(last)",
              "mapping": {\(nodes.joined(separator: ",\n"))}}]
            """
        var placedFiles: [String: [UInt8]] = ["conversations.json": utf8(export)]
        for (index, file) in images.enumerated() { placedFiles["file-A\(index)-" + file.name] = file.bytes }
        return (placedFiles, "conversations.json")
    }

    /// Claude.ai's export keeps the names of uploaded files, never the files.
    static let claudeAI = Reader(name: "Claude.ai", keepsFiles: false, namesPeople: false) { files in
        let list = files.map { "{\"file_name\": \(quoted($0.name))}" }.joined(separator: ", ")
        let export = """
            [{"uuid": "c1", "name": "Trip", "chat_messages": [
             {"uuid": "u0", "sender": "human", "created_at": "\(stamp(0))", "content": [{"type": "text", "text": "here"}],
              "files": [\(list)]},
             {"uuid": "u1", "sender": "assistant", "created_at": "\(stamp(1))", "content": [{"type": "text", "text": "thanks"}]}]}]
            """
        return (["conversations.json": utf8(export)], "conversations.json")
    }

    /// Every reader whose format can name a file (a Claude Code session holds none).
    static let readers = [
        native, jsonLines, markdownLog, whatsApp, telegram, slack, discord, messenger, chatGPT, claudeAI,
    ]

    /// Where `text` shows a needle: Ana's name as a word, a piece of the phone number or of the address.
    static func leaks(in text: String, names: Bool = true) -> [String] {
        let text = PrivacyMatrix.withoutDigests(text)
        var found = ["7946", "0958", "john", "smith", "examplemail"].filter { text.contains($0) }
        if names, text.range(of: "(?<![A-Za-z])Ana(?![a-z])", options: .regularExpression) != nil {
            found.append("Ana")
        }
        return found
    }

    /// `html` without its `data:` URLs' payloads, and those payloads decoded (as Latin-1, every byte kept).
    static func splitDataURLs(_ html: String) -> (text: String, payloads: [String]) {
        var text = ""
        var payloads: [String] = []
        var rest = html[...]
        while let marker = rest.range(of: ";base64,") {
            text += rest[..<marker.upperBound]
            let payload = rest[marker.upperBound...].prefix { $0 != "\"" && $0 != "'" && $0 != ")" }
            payloads.append(latin1(Data(base64Encoded: String(payload)).map { [UInt8]($0) } ?? []))
            rest = rest[payload.endIndex...]
        }
        return (text + rest, payloads)
    }

    static func latin1(_ bytes: [UInt8]) -> String { String(bytes.map { Character(Unicode.Scalar($0)) }) }
}
