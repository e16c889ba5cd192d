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
            try Self.expectSamePage(layout, overriding: "message.mustache", with: template, name: name)
        }
    }

    @Test("Day templates that repeat, wrap or skip the chains give the same page on any core count")
    func overridingDayTemplatesMatchSerial() throws {
        let layout = try Self.layout(count: 3000)
        for (name, template) in [
            ("twice", "<section>{{#chains}}{{>chain}}{{/chains}}<hr>{{#chains}}{{>chain}}{{/chains}}</section>\n"),
            ("wrapped", "<section>{{#label}}{{#chains}}{{>chain}}{{/chains}}{{/label}}</section>\n"),
            ("none", "<section>{{label}}</section>\n"),
            (
                "inline",
                "<section>{{#chains}}<p>{{senderName}}: {{#bubbles}}{{{body}}}{{/bubbles}}</p>{{/chains}}</section>\n"
            ),
        ] {
            try Self.expectSamePage(layout, overriding: "day.mustache", with: template, name: name)
        }
    }

    /// With `file` overridden by `template`, the page on four cores is the page on one.
    static func expectSamePage(_ layout: TranscriptLayout, overriding file: String, with template: String, name: String)
        throws
    {
        var options = HTMLOptions()
        options.templateOverrides = [file: template]
        let serial = try page(layout, cores: 1, options: options)
        #expect(try page(layout, cores: 4, options: options) == serial, "\(file): \(name)")
    }

    @Test("On several cores a large page's chains are written by the workers; a small page stays on one thread")
    func chainsAreWrittenAhead() throws {
        let large = try Self.layout(count: 3000)
        let chains = large.days.map(\.chains.count).reduce(0, +)
        var html = ""
        let templates = try HTMLTemplates(options: HTMLOptions())
        #expect(templates.render(large, page: .standalone, cores: 2, to: &html) == chains)
        #expect(templates.render(large, page: .standalone, cores: 1, to: &html) == 0)
        #expect(templates.render(try Self.layout(count: 100), page: .standalone, cores: 8, to: &html) == 0)
    }
}

/// The terminal output is drawn in batches of chains, ahead of the writer on other cores.
@Suite("Terminal: chains drawn on several cores")
struct ParallelTerminalTests {
    static func output(_ layout: TranscriptLayout, cores: Int, color: TerminalOptions.ColorDepth?) -> String {
        var text = ""
        TerminalRenderer.render(layout, options: TerminalOptions(width: 72, color: color), cores: cores, to: &text)
        return text
    }

    @Test(
        "Text and ANSI of thousands of messages are byte for byte the same on one core and on several",
        arguments: [nil, TerminalOptions.ColorDepth.ansi256])
    func parallelOutputMatchesSerial(color: TerminalOptions.ColorDepth?) throws {
        let layout = try ParallelBodyTests.layout(count: 4000)
        let serial = Self.output(layout, cores: 1, color: color)
        // Every day rule, chain and bubble is there once, in order, whatever the batches.
        let blocks = TerminalRenderer.blocks(layout, options: TerminalOptions(width: 72, color: color))
        #expect(serial == blocks.flatMap { $0 }.map { $0 + "\n" }.joined())
        #expect(serial.contains("5992") == false && serial.contains("3992"))
        for cores in [2, 3, 8] {
            #expect(Self.output(layout, cores: cores, color: color) == serial, "cores: \(cores)")
        }
    }
}

@Suite("Batches of a page's blocks")
struct BatchRangesTests {
    @Test("A batch closes after the block that brings it to the size; blocks without bubbles join the next")
    func ranges() {
        #expect(Batches.ranges(weights: [3, 0, 2, 5, 0, 1], size: 5) == [0..<3, 3..<4, 4..<6])
        #expect(Batches.ranges(weights: [0, 0], size: 5) == [0..<2])
        #expect(Batches.ranges(weights: [Int](), size: 5).isEmpty)
    }
}
