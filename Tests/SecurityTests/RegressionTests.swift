import Foundation
import Scrollback
import TestSupport
import Testing

/// Inputs that once crashed or hung Scrollback, kept so they never do again.
///
/// Each names how it was found (a fuzz harness or review) and what was wrong; inputs too
/// large or too binary to read inline are files in `Regressions/`. docs/SECURITY.md lists them.
@Suite("Regressions")
struct RegressionTests {
    /// Every file in `Regressions/`, read with the format its name starts with (`messenger-…`).
    static var files: [String] {
        let folder = Fixtures.packageRoot.appendingPathComponent("Tests/SecurityTests/Regressions")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            !$0.hasPrefix(".") && $0 != "README.md"
        }
        .sorted()
    }

    /// Reads and renders `bytes` in every format; errors are fine, traps are not (they end the test process).
    static func survive(_ bytes: [UInt8], format: InputFormat?) {
        guard let result = try? Readers.read(ChatInput(name: "regression", bytes: bytes), format: format) else {
            return
        }
        for transcript in result.conversations {
            for output in OutputFormat.allCases { _ = try? transcript.render(output) }
        }
    }

    @Test("Messenger timestamps at the ends of the 64-bit range are skipped, not an overflow trap (review)")
    func messengerTimestampOverflow() throws {
        for milliseconds in ["-9223372036854775808", "-9223372036854775000", "9223372036854775807"] {
            let log =
                #"{"participants": [{"name": "Ana"}], "messages": [{"sender_name": "Ana", "timestamp_ms": \#(milliseconds), "content": "x"}, {"sender_name": "Ana", "timestamp_ms": 1795857240000, "content": "kept"}]}"#
            let result = try Readers.read(ChatInput(name: "m.json", bytes: Array(log.utf8)), format: .messenger)
            #expect(result.conversations[0].messages.map(\.text) == ["kept"])
            #expect(result.report.skipped.map(\.text) == ["entry 1 has no usable \"timestamp_ms\""])
        }
    }

    @Test("Saved crash inputs read and render without a trap", arguments: files)
    func savedInput(name: String) throws {
        let url = Fixtures.packageRoot.appendingPathComponent("Tests/SecurityTests/Regressions/\(name)")
        let format = InputFormat.allCases.first { name.hasPrefix($0.rawValue + "-") }
        Self.survive([UInt8](try Data(contentsOf: url)), format: format)
    }
}

@Suite("Markdown nesting limit")
struct MarkdownNestingTests {
    /// How deep the tree goes, counting blocks and inlines.
    static func depth(_ blocks: [MarkdownBlock]) -> Int {
        blocks.map { block in
            switch block {
            case .blockQuote(let inner): 1 + depth(inner)
            case .list(let list): 1 + (list.items.map { 1 + depth($0.blocks) }.max() ?? 0)
            case .paragraph(let inlines), .heading(_, let inlines): 1 + depth(inlines)
            default: 1
            }
        }.max() ?? 0
    }

    static func depth(_ inlines: [MarkdownInline]) -> Int {
        inlines.map { inline in
            switch inline {
            case .emphasis(let inner), .strong(let inner), .strikethrough(let inner), .link(_, _, let inner),
                .image(_, _, let inner):
                1 + depth(inner)
            default: 1
            }
        }.max() ?? 0
    }

    @Test(
        "Markdown nested past the limit keeps its words as plain text, so the tree stays shallow (review; HTML crashed)",
        arguments: [
            DeepMarkdown("5000 quotes", String(repeating: ">", count: 5_000) + " deep words"),
            DeepMarkdown("2000 list items", String(repeating: "- ", count: 2_000) + "deep words"),
            DeepMarkdown(
                "5000 emphasis marks",
                String(repeating: "*", count: 5_000) + "deep words" + String(repeating: "*", count: 5_000)),
            DeepMarkdown(
                "3000 strikethroughs",
                String(repeating: "~~a ", count: 3_000) + "deep words" + String(repeating: "~~", count: 3_000)),
        ])
    func deepMarkdownIsFlattened(_ input: DeepMarkdown) {
        let document = MarkdownDocument.parse(input.text)
        #expect(Self.depth(document.blocks) <= 40)
        #expect(
            document.blocks.flatMap { block -> [MarkdownInline] in
                if case .paragraph(let inlines) = block { return inlines }
                return []
            }.plainText.contains("deep words") || "\(document)".contains("deep words"))
    }

    @Test("Nesting within the limit keeps its structure")
    func shallowNestingKept() {
        let document = MarkdownDocument.parse("> > > **bold** in a quote")
        #expect(Self.depth(document.blocks) == 6)  // three quotes, a paragraph, strong, text
    }
}

/// A deeply nested Markdown input, named in the test log by a short label rather than its kilobytes.
struct DeepMarkdown: Sendable, CustomTestStringConvertible {
    let label: String
    let text: String

    init(_ label: String, _ text: String) {
        self.label = label
        self.text = text
    }

    var testDescription: String { label }
}
