import Foundation
import Scrollback
import Testing

/// Large inputs complete: no quadratic step, no recursion that grows with the input.
///
/// There are no timing thresholds here (machines differ); each test asserts that the
/// whole pipeline finishes and that the output holds everything that went in.
@Suite("Large input")
struct LargeInputTests {
    @Test("A 50 MB message reads, lays out and renders in full as layout JSON and HTML")
    func fiftyMegabyteMessage() throws {
        let transcript = try Hostile.load(
            Hostile.nativeLog([Hostile.message(id: "big", text: Self.text(bytes: 50_000_000))]))
        #expect(transcript.messages[0].text.utf8.count >= 50_000_000)
        for format in [OutputFormat.json, .html] {
            var output = CountingOutput()
            try transcript.render(format, options: RenderOptions(), to: &output)
            #expect(output.count > 50_000_000, "\(format)")
        }
    }

    @Test("A 5 MB message is wrapped into terminal bubbles in full")
    func largeTerminalMessage() throws {
        // Terminal wrapping measures every grapheme cluster: a tenth of the size keeps a debug-build run short.
        let transcript = try Hostile.load(
            Hostile.nativeLog([Hostile.message(id: "big", text: Self.text(bytes: 5_000_000))]))
        var output = CountingOutput()
        try transcript.render(.text, options: RenderOptions(), to: &output)
        #expect(output.count > 5_000_000)
    }

    /// Prose of at least `bytes` UTF-8 bytes, as one paragraph.
    static func text(bytes: Int) -> String {
        let line = "Lorem ipsum dolor sit amet, consectetur adipiscing elit; sed do eiusmod tempor. "
        return String(repeating: line, count: bytes / line.utf8.count + 1)
    }

    @Test("100,000 messages within one second keep their input order and share one day")
    func hundredThousandInOneSecond() throws {
        var lines: [String] = []
        lines.reserveCapacity(100_000)
        for index in 0..<100_000 {
            // Ten-microsecond steps, two messages at each instant (input order decides between them).
            let micros = String(format: "%06d", (index / 2) * 10)
            let sender = (index / 7) % 2 == 0 ? "ana" : "ben"
            lines.append(
                #"{"id": "m\#(index)", "sender": "\#(sender)", "time": "2026-11-28T09:14:59.\#(micros)Z", "text": "n\#(index)"}"#
            )
        }
        let transcript = try Hostile.load(lines.joined(separator: "\n") + "\n", name: "many.jsonl", format: .jsonl)
        #expect(transcript.messages.count == 100_000)
        let layout = try LayoutEngine.layout(transcript)
        #expect(layout.days.count == 1)
        let ids = layout.days.flatMap(\.chains).flatMap(\.bubbles).map(\.message.id)
        #expect(ids == (0..<100_000).map { "m\($0)" })
        for format in [OutputFormat.json, .html, .text] {
            var output = CountingOutput()
            try transcript.render(format, options: RenderOptions(), to: &output)
            #expect(output.count > 100_000 * 6, "\(format)")
        }
    }

    @Test("Markdown nested thousands of levels deep renders without exhausting the stack")
    func deepNesting() throws {
        for body in [
            String(repeating: ">", count: 20_000) + " deep",
            String(repeating: "- ", count: 5_000) + "deep",
            String(repeating: "[", count: 20_000) + "x" + String(repeating: "](u)", count: 20_000),
            String(repeating: "*", count: 20_000) + "x" + String(repeating: "*", count: 20_000),
        ] {
            let transcript = try Hostile.load(Hostile.nativeLog([Hostile.message(id: "m1", text: body)]))
            for format in [OutputFormat.json, .html, .text] {
                var output = CountingOutput()
                try transcript.render(format, options: RenderOptions(), to: &output)
                #expect(output.count > 0)
            }
        }
    }
}

@Suite("Large headers")
struct LargeHeaderTests {
    @Test("A native log whose title and participants fill the first 100 KB is still recognised")
    func longHeaderDetected() throws {
        let long = String(repeating: "Very long title ", count: 8_000)
        let people = (0..<2_000).map { #"{"id": "p\#($0)", "name": "Person \#($0)"}"# }.joined(separator: ", ")
        let log = Hostile.nativeLog(
            [Hostile.message(id: "m1", text: "hi")],
            header: "\"title\": \(Hostile.json(long)), \"participants\": [\(people)]")
        let result = try Readers.read(ChatInput(name: "long.json", bytes: Array(log.utf8)))
        #expect(result.format == .scrollback)
        #expect(result.conversations[0].title == long)
    }
}
