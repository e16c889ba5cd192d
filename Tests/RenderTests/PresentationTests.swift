import Foundation
import TestSupport
import Testing

/// What every output shows of a message is decided once in the layout: these render real
/// exports and small logs to HTML, text and layout JSON and check each shows the same thing.
@Suite("One presentation in every output")
struct PresentationTests {
    /// Renders `input` in `format` through the command line, failing the test on a non-zero exit.
    static func render(_ input: String, _ format: String, _ extra: [String] = []) -> String {
        guard let folder = try? TemporaryFolder() else { return "" }
        defer { folder.remove() }
        let output = folder.path("out")
        let result = CLIRunner.run(["render", input, "--format", format, "--width", "100", "-o", output] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    static func log(_ messages: String, participants: String = "[]") throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "log.json",
            #"{"version": 1, "title": "T", "me": "ana", "participants": \#(participants), "messages": [\#(messages)]}"#)
        return (folder, path)
    }

    static func fixture(_ path: String) -> String? { Fixtures.shared?.appendingPathComponent(path).path }

    @Test(
        "A forwarded Telegram message says so in HTML, text and JSON",
        .enabled(if: Fixtures.shared != nil),
        arguments: [
            ("telegram/chatstyle/result.json", []),
            ("telegram/telegram-export-md/result.json", ["--conversation", "42"]),
        ])
    func forwarded(path: String, extra: [String]) throws {
        let input = try #require(Self.fixture(path))
        let json = Self.render(input, "json", extra)
        let count = json.components(separatedBy: #""forwarded" : "Forwarded from "#).count - 1
        #expect(count > 0)
        #expect(
            Self.render(input, "html", extra).components(separatedBy: #"<p class="sb-forwarded""#).count - 1 == count)
        #expect(Self.render(input, "text", extra).components(separatedBy: "↪ Forwarded from ").count - 1 == count)
    }

    @Test("A deleted message that was edited says it was deleted, and never Edited, in every output")
    func deletedNotEdited() throws {
        let (folder, path) = try Self.log(
            #"{"id": "m1", "sender": "ben", "time": "2026-11-28T09:00:00Z", "text": "", "deleted": true, "edited": "2026-11-28T09:01:00Z"}"#
        )
        defer { folder.remove() }
        let html = Self.render(path, "html")
        #expect(html.contains("This message was deleted"))
        #expect(!html.contains(#"class="sb-edited""#))
        let text = Self.render(path, "text")
        #expect(text.contains("This message was deleted"))
        #expect(!text.contains("Edited"))
        let json = Self.render(path, "json")
        #expect(json.contains(#""deletedNotice" : "This message was deleted""#))
        #expect(json.contains(#""edited" : false"#))
    }

    @Test("A link preview is a card whose title links to its URL, with its description and site, everywhere")
    func linkCard() throws {
        let (folder, path) = try Self.log(
            #"{"id": "m1", "sender": "ben", "time": "2026-11-28T09:00:00Z", "text": "look", "attachments": [{"type": "link", "url": "https://example.org/trail?a=1&b=2", "title": "The <Ridge> Trail", "description": "Twelve kilometres of views", "siteName": "Trails Weekly"}]}"#
        )
        defer { folder.remove() }
        let html = Self.render(path, "html")
        #expect(
            html.contains(
                #"<a class="sb-card" href="https://example.org/trail?a=1&amp;b=2" rel="noopener noreferrer">"#))
        #expect(html.contains(#"<span class="sb-card-title" dir="auto">The &lt;Ridge&gt; Trail</span>"#))
        #expect(html.contains("Twelve kilometres of views"))
        #expect(html.contains("Trails Weekly"))
        let text = Self.render(path, "text")
        for part in ["The <Ridge> Trail", "Twelve kilometres of views", "Trails Weekly", "https://example.org/trail"] {
            #expect(text.contains(part), "text lacks \(part)")
        }
        #expect(Self.render(path, "json").contains(#""kind" : "link""#))
    }

    @Test("Video and audio beside the log are players in HTML, inlined in a self-contained page; a file links to it")
    func players() throws {
        let (folder, path) = try Self.log(
            #"{"id": "m1", "sender": "ben", "time": "2026-11-28T09:00:00Z", "text": "", "attachments": [{"path": "clip.mp4", "duration": 42}, {"path": "note.ogg", "type": "voice", "duration": 7}, {"path": "plans.zip", "size": 2048}, {"path": "gone.mp4"}]}"#
        )
        defer { folder.remove() }
        _ = try folder.write("clip.mp4", bytes: [0, 0, 0, 24, 102, 116, 121, 112])
        _ = try folder.write("note.ogg", bytes: Array("OggS".utf8))
        _ = try folder.write("plans.zip", bytes: Array("PK\u{3}\u{4}".utf8))
        let html = Self.render(path, "html")
        #expect(html.contains(#"<video controls preload="metadata" src="data:video/mp4;base64,"#))
        #expect(html.contains(#"<audio controls preload="metadata" src="data:audio/ogg;base64,"#))
        #expect(html.contains(#"<a class="sb-file sb-kind-file" href="data:application/octet-stream;base64,"#))
        #expect(html.contains(#"download="plans.zip""#))
        #expect(html.contains("0:42"))
        // A file that is not there is named and said to be missing, not linked.
        #expect(html.contains(#"<span class="sb-file sb-kind-video sb-missing">"#))
        let text = Self.render(path, "text")
        for part in ["Video: clip.mp4 · 0:42", "Voice message: note.ogg · 0:07", "File: plans.zip · 2 KB"] {
            #expect(text.contains(part), "text lacks \(part)")
        }
    }

    @Test("A remote file is a plain link that sends no referrer; a file left out of the export says so")
    func remoteAndOmitted() throws {
        let (folder, path) = try Self.log(
            #"{"id": "m1", "sender": "ben", "time": "2026-11-28T09:00:00Z", "text": "", "attachments": [{"url": "https://cdn.example.org/report.pdf", "name": "report.pdf"}, {"name": "video_7.mp4", "omitted": true}]}"#
        )
        defer { folder.remove() }
        let html = Self.render(path, "html")
        #expect(
            html.contains(
                #"<a class="sb-file sb-kind-file" href="https://cdn.example.org/report.pdf" rel="noopener noreferrer">"#
            ))
        #expect(html.contains("left out of the export"))
        #expect(Self.render(path, "text").contains("Video: video_7.mp4 · left out of the export"))
    }

    @Test(
        "In a two-person chat with no me, both senders are named above their chains",
        .enabled(if: Fixtures.shared != nil),
        arguments: [
            "instagram/chat-miner/test_export.json", "signal/chat-miner/test_export.txt",
            "telegram/chat-miner/test_single_export.json", "whatsapp/chat-analytics/2A_5M.txt",
            "messenger/chat-analytics/2A_7M.json",
        ])
    func twoPeopleNamed(path: String) throws {
        let input = try #require(Self.fixture(path))
        let json = Self.render(input, "json")
        guard json.contains(#""me" : null"#) else { return }  // an export that names its owner
        #expect(json.contains(#""showName" : true"#))
        #expect(!json.contains(#""showName" : false"#))
        let html = Self.render(input, "html")
        #expect(html.contains(#"<p class="sb-sender"#))
    }

    @Test("A participant whose presence is known gets a dot on the avatar: green online, grey offline")
    func presenceDot() throws {
        let (folder, path) = try Self.log(
            #"{"id": "m1", "sender": "ben", "time": "2026-11-28T09:00:00Z", "text": "hi"}, {"id": "m2", "sender": "cy", "time": "2026-11-28T09:10:00Z", "text": "yo"}, {"id": "m3", "sender": "dee", "time": "2026-11-28T09:20:00Z", "text": "hey"}"#,
            participants: #"[{"id": "ben", "online": true}, {"id": "cy", "online": false}, {"id": "dee"}]"#)
        defer { folder.remove() }
        let html = Self.render(path, "html")
        #expect(html.components(separatedBy: #"<span class="sb-presence sb-online">"#).count == 2)
        #expect(html.components(separatedBy: #"<span class="sb-presence sb-offline">"#).count == 2)
        let text = Self.render(path, "text")
        #expect(text.components(separatedBy: "●").count == 2)
        #expect(text.components(separatedBy: "○").count == 2)
        let json = Self.render(path, "json")
        #expect(json.contains(#""presence" : "online""#))
        #expect(json.contains(#""presence" : "offline""#))
    }

    @Test("A spoiler is hidden until revealed in HTML (no script), marked in text, and kept out of reply quotes")
    func spoiler() throws {
        let (folder, path) = try Self.log(
            #"{"id": "m1", "sender": "ben", "time": "2026-11-28T09:00:00Z", "text": "It was ||**the butler**|| all along"}, {"id": "m2", "sender": "ana", "time": "2026-11-28T09:01:00Z", "text": "no!", "replyTo": "m1"}"#
        )
        defer { folder.remove() }
        let html = Self.render(path, "html")
        #expect(
            html.contains(
                #"<label class="sb-spoiler"><input type="checkbox" aria-label="Show spoiler"><span class="sb-spoiler-text"><strong>the butler</strong></span></label>"#
            ))
        #expect(!html.contains("<script"))
        #expect(html.contains("It was [spoiler] all along"))  // the reply's quote
        let text = Self.render(path, "text")
        #expect(text.contains("||the butler||"))
        let ansi = Self.render(path, "ansi", ["--color", "always"])
        #expect(ansi.contains("8;"))
    }

    @Test("A sticker with no image shows its emoji and name; with an image it is drawn as one")
    func sticker() throws {
        let (folder, path) = try Self.log(
            #"{"id": "m1", "sender": "ben", "time": "2026-11-28T09:00:00Z", "text": "", "attachments": [{"type": "sticker", "name": "Happy cat", "emoji": "😸", "omitted": true}]}"#
        )
        defer { folder.remove() }
        let html = Self.render(path, "html")
        #expect(html.contains(#"<span class="sb-file-icon" aria-hidden="true">😸</span>"#))
        #expect(html.contains("Happy cat"))
        #expect(Self.render(path, "text").contains("Sticker: Happy cat · 😸"))
        #expect(Self.render(path, "json").contains(#""emoji" : "😸""#))
    }

    @Test("Polls, places and contacts are drawn by kind in HTML and as their labels in text")
    func structured() throws {
        let (folder, path) = try Self.log(
            #"{"id": "m1", "sender": "ben", "time": "2026-11-28T09:00:00Z", "text": "", "attachments": [{"type": "poll", "poll": {"question": "Where?", "options": [{"text": "Lake", "votes": 3}, {"text": "Peak", "votes": 1}]}}, {"type": "location", "place": {"latitude": 46.5581, "longitude": 8.5619}, "title": "Furka Pass"}, {"type": "contact", "contact": {"name": "Guide Mia", "phones": ["+41 79 555 01 02"]}}]}"#
        )
        defer { folder.remove() }
        let html = Self.render(path, "html")
        #expect(html.contains(#"<p class="sb-poll-question" dir="auto">Where?</p>"#))
        #expect(html.contains("--sb-share:75%"))
        #expect(html.contains(#"href="https://www.openstreetmap.org/?mlat=46.55810&amp;mlon=8.56190"#))
        #expect(html.contains(#"href="tel:+41795550102""#))
        let text = Self.render(path, "text")
        #expect(text.contains("Where?"))
        #expect(text.contains("Lake — 3 (75%)"))
        #expect(text.contains("Location: Furka Pass · 46.55810, 8.56190"))
        #expect(text.contains("Contact: Guide Mia · +41 79 555 01 02"))
    }
}

@Suite("Attachments inside an export's zip", .enabled(if: Fixtures.shared != nil))
struct ZipMediaTests {
    static let zip = "whatsapp/whatsapp-chat-parser-website/whatsapp-chat-parser-example.zip"

    @Test("A self-contained page plays the video and audio in the zip and inlines its photo and file")
    func page() throws {
        let input = try #require(Fixtures.shared?.appendingPathComponent(Self.zip).path)
        let html = PresentationTests.render(input, "html")
        #expect(html.contains(#"<img class="sb-image" src="data:image/jpeg;base64,"#))
        #expect(html.contains(#"<video controls preload="metadata" src="data:video/mp4;base64,"#))
        #expect(html.contains(#"<audio controls preload="metadata" src="data:audio/mpeg;base64,"#))
        #expect(html.contains(#"download="00000004-whatsapp-chat-parser-example.zip""#))
    }

    @Test("A site copies the zip's members into media/ and links to them")
    func site() throws {
        let input = try #require(Fixtures.shared?.appendingPathComponent(Self.zip).path)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = CLIRunner.run(["site", input, "-o", folder.path("site")])
        #expect(result.status == 0, "\(result.stderr)")
        let media = try FileManager.default.contentsOfDirectory(atPath: folder.path("site") + "/media")
        #expect(Set(media.map { ($0 as NSString).pathExtension }) == ["jpg", "mp4", "mp3", "zip"])
        let pages = try FileManager.default.subpathsOfDirectory(atPath: folder.path("site")).filter {
            $0.hasSuffix(".html") && $0.contains("/")
        }
        let page = try pages.map { try String(contentsOfFile: folder.path("site") + "/" + $0, encoding: .utf8) }
            .joined()
        #expect(page.contains(#"<video controls preload="metadata" src="../media/"#))
        #expect(page.contains(#"<audio controls preload="metadata" src="../media/"#))
    }
}
