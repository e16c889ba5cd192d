import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackRender

/// The built-in message and chain templates are written by `MessageHTMLWriter` and
/// `ChainHTMLWriter` rather than walked as Mustache. These tests render the same layouts both ways
/// and require the same bytes, so the writers and the templates cannot drift apart.
@Suite("Message HTML writer")
struct MessageHTMLWriterTests {
    static let themes = HTMLTheme.all.map(\.name)

    /// Every branch of `message.mustache`: replies found and missing, avatars, deletion, images
    /// with and without sizes, file chips with sizes, links and missing files, reactions one and
    /// many, statuses, edits, system messages, jumbo emoji, a photo alone, Markdown and hostile text.
    static let featureLog = HTMLTest.log(
        [
            HTMLTest.message("m1", "Still on for **Saturday**? <script>alert(1)</script>", minute: 0),
            HTMLTest.message(
                "m2", "Yes & \"quotes\" 'too'", sender: "ana", minute: 1,
                extra: #", "replyTo": "m1", "status": "read", "edited": "2026-11-28T09:05:00Z""#),
            HTMLTest.message("m3", "reply to nowhere", minute: 2, extra: #", "replyTo": "gone""#),
            HTMLTest.message("m4", "", minute: 3, extra: #", "deleted": true"#),
            HTMLTest.message(
                "m5", "files", minute: 4,
                extra: #"""
                    , "attachments": [
                      {"path": "media/summit.jpg", "type": "image/jpeg", "alt": "Summit <b>", "width": 640, "height": 480},
                      {"path": "media/missing.png", "type": "image/png"},
                      {"path": "notes/plan \"v2\".pdf", "type": "application/pdf", "size": 123456},
                      {"url": "https://example.com/a?b=1&c=2", "name": "remote.zip", "size": 999},
                      {"path": "gone/file.txt"}
                    ]
                    """#),
            HTMLTest.message(
                "m6", "reactions", minute: 5,
                extra: #", "reactions": [{"emoji": "👍", "by": ["ana", "ben"]}, {"emoji": "<3", "count": 1}]"#),
            HTMLTest.message("m7", "😀🎉", sender: "ana", minute: 6, extra: #", "status": "failed""#),
            HTMLTest.message(
                "m8", "", sender: "ana", minute: 7,
                extra:
                    #", "status": "sending", "attachments": [{"url": "https://example.com/p.jpg", "type": "image/jpeg"}]"#
            ),
            #"{"id": "m9", "kind": "system", "time": "2026-11-28T09:08:00Z", "text": "Ben <renamed> the group"}"#,
            HTMLTest.message("m10", "- a list\n- [x] done\n\n| a | b |\n|---|---|\n| 1 | 2 |", minute: 30),
            HTMLTest.message(
                "m11", "line one\nline two", sender: "ana", minute: 31, extra: #", "status": "delivered""#),
            HTMLTest.message("m12", "plain *not markdown*", sender: "cy", minute: 32, extra: #", "format": "plain""#),
        ],
        participants:
            #"[{"id": "ana", "name": "Ana Lima"}, {"id": "ben", "name": "Ben \"<Okafor>\""}, {"id": "cy", "name": "Cy"}]"#
    )

    static func layouts() throws -> [(name: String, layout: TranscriptLayout, media: String?)] {
        var result: [(String, TranscriptLayout, String?)] = []
        let feature = try Transcript.load(bytes: Array(featureLog.utf8), name: "features.json")
        result.append(("features", try LayoutEngine.layout(feature), nil))
        var undated = feature
        undated.undated = true
        result.append(("features, undated", try LayoutEngine.layout(undated), nil))
        for example in ["weekend-plans.json", "hiking-club.json", "tickets.json", "ai-pairing.md", "road-trip.json"] {
            let url = Fixtures.example(example)
            let transcript = try Transcript.load(path: url.path)
            result.append((example, try LayoutEngine.layout(transcript), url.deletingLastPathComponent().path))
        }
        return result
    }

    static func render(
        _ layout: TranscriptLayout, theme: String, media: String?, page: PageContext, direct: Bool
    ) throws -> String {
        let options = HTMLOptions(theme: theme, mediaBaseDirectory: media)
        let templates = try HTMLTemplates(options: options, writesMessagesDirectly: direct)
        var html = ""
        templates.render(layout, page: page, to: &html)
        return html
    }

    @Test("Pages are byte for byte the same with the writer as with the template", arguments: themes)
    func sameBytes(theme: String) throws {
        let site = PageContext(
            messageHref: { "2026-10.html#msg-" + $0 },
            mediaHref: { $0.contains("summit") ? "../media/abc.jpg" : nil })
        for (name, layout, media) in try Self.layouts() {
            for page in [PageContext.standalone, site] {
                let walked = try Self.render(layout, theme: theme, media: media, page: page, direct: false)
                let written = try Self.render(layout, theme: theme, media: media, page: page, direct: true)
                #expect(walked == written, "\(name), theme \(theme)")
                if walked != written {
                    let lines = zip(walked.split(separator: "\n"), written.split(separator: "\n"))
                    if let first = lines.first(where: { $0.0 != $0.1 }) {
                        Issue.record("template: \(first.0)\nwriter:   \(first.1)")
                    }
                }
            }
        }
    }

    @Test("An overridden message template is walked, not replaced by the writer")
    func overrideIsHonoured() throws {
        let options = HTMLOptions(templateOverrides: ["message.mustache": "<p class=\"mine\">{{text}}</p>\n"])
        let layout = try LayoutEngine.layout(Transcript.load(bytes: Array(Self.featureLog.utf8), name: "f.json"))
        let html = try HTMLRenderer.render(layout, options: options)
        #expect(html.contains("<p class=\"mine\">Yes &amp; &quot;quotes&quot; &#39;too&#39;</p>"))
        #expect(!HTMLTest.body(html).contains("class=\"sb-msg"))
    }

    @Test("An overridden chain template is walked, its bubbles still written by the message writer")
    func chainOverrideIsHonoured() throws {
        let chain =
            "<section class=\"mine\" data-side=\"{{alignment}}\">{{#bubbles}}{{>message}}{{/bubbles}}</section>\n"
        let options = HTMLOptions(templateOverrides: ["chain.mustache": chain])
        let layout = try LayoutEngine.layout(Transcript.load(bytes: Array(Self.featureLog.utf8), name: "f.json"))
        let body = HTMLTest.body(try HTMLRenderer.render(layout, options: options))
        #expect(body.contains("<section class=\"mine\" data-side=\"trailing\"><div class=\"sb-msg"))
        #expect(!body.contains("class=\"sb-chain"))
        let walked = try Self.render(layout, theme: "imessage", media: nil, page: .standalone, direct: false)
        #expect(HTMLTest.body(walked).contains("class=\"sb-chain"))
    }
}

@Suite("Message HTML writer source")
struct MessageHTMLWriterSourceTests {
    @Test("The writers are the code generated from the current message.mustache and chain.mustache")
    func generatedFromTheTemplate() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Fixtures.packageRoot.appendingPathComponent("scripts/generate-message-writer.py").path,
            "--check",
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(message)")
    }
}
