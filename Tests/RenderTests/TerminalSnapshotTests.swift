import Foundation
import Scrollback
import ScrollbackTesting
import TestSupport
import Testing

@Suite("Terminal snapshots")
struct TerminalSnapshotTests {
    /// Every example log; new ones are picked up without changing this file.
    static let examples: [String] = {
        let folder = Fixtures.packageRoot.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            [".json", ".jsonl", ".md"].contains { name.hasSuffix($0) } && !name.lowercased().hasPrefix("readme")
        }.sorted()
    }()

    @Test("Examples render to text as recorded", arguments: examples, [40, 80, 120])
    func text(example: String, width: Int) throws {
        let output = try render(example, .text, width: width)
        #expect(!output.contains("\u{1B}"))
        expectSnapshot(output, named: "terminal/\(stem(example)).\(width).txt")
    }

    @Test("Examples render to ANSI as recorded, escapes made visible", arguments: examples, [40, 80, 120])
    func ansi(example: String, width: Int) throws {
        let output = try render(example, .ansi, width: width)
        #expect(output.contains("\u{1B}["))
        expectSnapshot(visible(output), named: "terminal/\(stem(example)).\(width).ansi.txt")
    }

    @Test("The examples folder is not empty")
    func found() {
        #expect(Self.examples.count >= 3)
    }

    private func render(_ example: String, _ format: OutputFormat, width: Int) throws -> String {
        let transcript = try Transcript.load(path: Fixtures.example(example).path)
        var options = RenderOptions()
        options.terminal = TerminalOptions(width: width, color: format == .ansi ? .ansi256 : nil)
        return try transcript.render(format, options: options)
    }

    /// Escape sequences made visible, one snapshot line per output line:
    /// `⟨1;31m⟩` for SGR, `⟨link URL⟩` for OSC 8, `␛` for any other ESC.
    private func visible(_ text: String) -> String {
        var result = text.replacingOccurrences(
            of: "\u{1B}\\]8;;([^\u{1B}]*)\u{1B}\\\\", with: "⟨link $1⟩", options: .regularExpression)
        result = result.replacingOccurrences(of: "\u{1B}\\[([0-9;]*m)", with: "⟨$1⟩", options: .regularExpression)
        return result.replacingOccurrences(of: "\u{1B}", with: "␛")
    }

    private func stem(_ name: String) -> String {
        (name as NSString).deletingPathExtension
    }
}
