import Foundation
import Scrollback
import Testing

/// Quotes and list items nested to the deepest level kept still leave their text room in a
/// terminal: each level past the narrowest width is drawn without narrowing further.
@Suite("Deep Markdown in a terminal")
struct DeepMarkdownTerminalTests {
    @Test(
        "Text 32 quotes or list items deep wraps at 16 columns or more, not one column a line",
        arguments: [
            String(repeating: "> ", count: 32), String(repeating: "- ", count: 32), String(repeating: "1. ", count: 32),
        ])
    func nestedTextKeepsItsWidth(prefix: String) throws {
        let text = prefix + String(repeating: "_a", count: 2_000)
        let log = Hostile.nativeLog([Hostile.message(id: "m1", text: text)])
        let output = try Hostile.load(log).render(.text, options: RenderOptions(terminal: TerminalOptions(width: 80)))
        let lines = output.split(separator: "\n")
        // 4,000 characters at 16 columns or more are at most 250 lines, with the bubble's own few.
        #expect(lines.count < 300, "\(lines.count) lines")
        #expect(output.contains("_a_a_a_a_a_a_a_a"))
    }
}
