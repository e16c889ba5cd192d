import Foundation
import Scrollback
import Testing

@testable import ScrollbackRender

/// Message bodies are rendered ahead of the page on other cores; the page must not change.
@Suite("HTML: bodies rendered on several cores")
struct ParallelBodyTests {
    /// Bodies that take every path: plain, Markdown without syntax, autolinks (whose characters
    /// are the ones cmark-gfm adds to its process-wide table), strikethrough, tables, task lists,
    /// code, quotes, images, raw HTML, CRLF line ends, and `"format": "plain"`.
    static let bodies = [
        "Running late, see you at the station",
        "See https://example.org/lake/N and [the notes](https://example.com/n)",
        "~~old~~ *new* www.example.org/N and mail ana@example.org",
        "| item | n |\n|---|--:|\n| boots | N |",
        "Packing:\n\n- [x] map\n- [ ] snack\n- jacket",
        "Try this:\n\n```swift\nlet x = N\n```",
        "> quoted **bold**\n\nanswer `code()`",
        "![summit](https://example.com/p.jpg) <b>not markup</b>",
        "line one\r\nline two\r\n",
        "今日は **天気** いいですね 👍",
    ]

    /// A log of `count` messages cycling through `bodies`, with replies and deletions.
    static func layout(count: Int) throws -> TranscriptLayout {
        var messages: [String] = []
        for index in 0..<count {
            let text = bodies[index % bodies.count].replacingOccurrences(of: "N", with: "\(index)")
            var extra = index % 7 == 3 ? #", "format": "plain""# : ""
            if index % 50 == 49 { extra += #", "deleted": true"# }
            if index % 20 == 10 { extra += #", "replyTo": "m\#(index - 5)""# }
            let time = 1_800_000_000 + index * 45
            let stamp = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(time)))
            let textJSON = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
            let sender = index % 3 == 0 ? "ana" : "ben"
            messages.append(
                #"{"id": "m\#(index)", "sender": "\#(sender)", "time": "\#(stamp)", "text": \#(textJSON)\#(extra)}"#)
        }
        let transcript = try Transcript.load(bytes: Array(HTMLTest.log(messages).utf8), name: "big.json")
        return try LayoutEngine.layout(transcript)
    }

    static func page(_ layout: TranscriptLayout, cores: Int, options: HTMLOptions = HTMLOptions()) throws -> String {
        var html = ""
        try HTMLTemplates(options: options).render(layout, page: .standalone, cores: cores, to: &html)
        return html
    }

    @Test("A page of thousands of messages is byte for byte the same on one core and on several")
    func parallelPageMatchesSerial() throws {
        let layout = try Self.layout(count: 6000)
        let serial = try Self.page(layout, cores: 1)
        #expect(serial.contains("<del>old</del>"))
        #expect(serial.contains(#"<a href="http://www.example.org/5992""#))
        for cores in [2, 4, 8] {
            #expect(try Self.page(layout, cores: cores) == serial, "cores: \(cores)")
        }
    }

    @Test("Overriding templates that write each body twice or not at all give the same page on any core count")
    func overridingTemplatesMatchSerial() throws {
        let layout = try Self.layout(count: 1500)
        for (name, template) in [
            ("twice", "<div id=\"{{anchor}}\">{{{body}}}|{{{body}}}</div>\n"),
            ("none", "<div id=\"{{anchor}}\"></div>\n"),
            ("tails only", "<div id=\"{{anchor}}\">{{#tail}}{{{body}}}{{/tail}}</div>\n"),
        ] {
            var options = HTMLOptions()
            options.templateOverrides = ["message.mustache": template]
            let serial = try Self.page(layout, cores: 1, options: options)
            #expect(try Self.page(layout, cores: 4, options: options) == serial, "template: \(name)")
        }
    }

    @Test("A body is never given to another message that repeats its id")
    func repeatedIDsKeepTheirOwnBodies() throws {
        let layout = try Self.layout(count: 1200)
        let pipeline = try #require(
            MarkdownBodyPipeline(layout: layout, media: MediaResolver(options: HTMLOptions()), cores: 4))
        let first = try #require(Self.markdownMessages(layout).first)
        var impostor = first
        impostor.text = "**another message** with the same id"
        var output: [UInt8] = []
        #expect(!pipeline.write(impostor, to: &output))
        #expect(output.isEmpty)
        #expect(pipeline.write(first, to: &output))
        var serial: [UInt8] = []
        var markdown = MarkdownHTML(media: MediaResolver(options: HTMLOptions()))
        HTMLRenderSession.writeBody(first, markdown: &markdown, to: &serial)
        #expect(output == serial)
        pipeline.cancel()
    }

    @Test("Plain bodies are written by the page writer; a page of only plain bodies starts no worker")
    func plainBodiesStayWithTheWriter() throws {
        let layout = try Self.layout(count: 1200)
        let pipeline = try #require(
            MarkdownBodyPipeline(layout: layout, media: MediaResolver(options: HTMLOptions()), cores: 4))
        let plain = layout.days[0].chains[0].bubbles[0].message
        #expect(plain.text.hasPrefix("Running late"))
        var output: [UInt8] = []
        #expect(!pipeline.write(plain, to: &output))
        pipeline.cancel()
        var messages: [String] = []
        for index in 0..<1200 {
            let stamp = ISO8601DateFormatter().string(
                from: Date(timeIntervalSince1970: TimeInterval(1_800_000_000 + index)))
            messages.append(
                #"{"id": "m\#(index)", "sender": "ana", "time": "\#(stamp)", "text": "just words \#(index)"}"#)
        }
        let plainLog = try LayoutEngine.layout(
            try Transcript.load(bytes: Array(HTMLTest.log(messages).utf8), name: "plain.json"))
        #expect(MarkdownBodyPipeline(layout: plainLog, media: MediaResolver(options: HTMLOptions()), cores: 8) == nil)
    }

    /// The messages whose bodies go through the pipeline, in page order.
    static func markdownMessages(_ layout: TranscriptLayout) -> [Message] {
        layout.days.flatMap(\.chains).flatMap(\.bubbles).map(\.message).filter {
            !$0.deleted && $0.kind != .system && $0.format != .plain && !MarkdownDocument.isPlainText($0.text)
        }
    }

    @Test("A small page is written on one thread")
    func smallPageHasNoPipeline() throws {
        let layout = try Self.layout(count: 100)
        #expect(MarkdownBodyPipeline(layout: layout, media: MediaResolver(options: HTMLOptions()), cores: 8) == nil)
        let large = try Self.layout(count: 2000)
        #expect(MarkdownBodyPipeline(layout: large, media: MediaResolver(options: HTMLOptions()), cores: 1) == nil)
    }
}
