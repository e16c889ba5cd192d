import Foundation
import TestSupport
import Testing

@testable import ScrollbackCLI

@Suite("Help: wrapped to the terminal, options in titled groups, examples, and one manual")
struct HelpLayoutTests {
    static let commands = CommandLineTool.commands.map(\.name)

    @Test("Every line of every help fits in 80 columns, and in 60 when the terminal is that narrow")
    func wrapped() {
        for width in [80, 60] {
            let environment = ["COLUMNS": String(width)]
            var helps = [CLIRunner.run(["--help"], environment: environment).stdout]
            helps += Self.commands.map { CLIRunner.run([$0, "--help"], environment: environment).stdout }
            for help in helps {
                for line in help.split(separator: "\n") {
                    #expect(line.count <= width, "\(width): \(line)")
                }
            }
        }
        let wide = CLIRunner.run(["render", "--help"], terminalWidth: 200).stdout
        #expect(wide.split(separator: "\n").contains { $0.count > 80 }, "a wide terminal gets long lines")
    }

    @Test("A wrapped option's help continues under its own first line (a hanging indent)")
    func hangingIndent() throws {
        let help = CLIRunner.run(["render", "--help"], environment: ["COLUMNS": "80"]).stdout
        let lines = help.components(separatedBy: "\n")
        let first = try #require(lines.firstIndex { $0.hasPrefix("  --input-format FORMAT") })
        let column = try #require(lines[first].range(of: "auto,")).lowerBound.utf16Offset(in: lines[first])
        #expect(lines[first + 1].prefix(column).allSatisfy { $0 == " " })
        #expect(lines[first + 1].dropFirst(column).first?.isLetter == true, "\(lines[first + 1])")
    }

    @Test("render's options come in titled groups, in order, and every command's help has EXAMPLES")
    func groupsAndExamples() {
        let help = CLIRunner.run(["render", "--help"]).stdout
        let titles = [
            "OUTPUT OPTIONS:", "READING OPTIONS:", "PEOPLE AND PRIVACY OPTIONS:", "LAYOUT OPTIONS:", "HTML OPTIONS:",
            "TERMINAL OPTIONS:",
        ]
        let places = titles.map { help.range(of: "\n" + $0 + "\n")?.lowerBound }
        #expect(places.allSatisfy { $0 != nil }, "\(help)")
        #expect(places.compactMap { $0 } == places.compactMap { $0 }.sorted())
        let privacy = help.components(separatedBy: "PEOPLE AND PRIVACY OPTIONS:\n")[1].components(separatedBy: "\n\n")[
            0]
        #expect(privacy.contains("--anonymize") && privacy.contains("--redact-rules FILE"))
        #expect(!privacy.contains("--theme"))
        for command in Self.commands {
            let text = CLIRunner.run([command, "--help"]).stdout
            #expect(text.contains("\nEXAMPLES:\n  scrollback \(command)"), "\(command)")
        }
    }

    @Test("The manual describes shared options once under COMMON OPTIONS, with EXAMPLES, SEE ALSO and status 130")
    func manualPage() {
        let page = CLIRunner.run(["--generate", "man"]).stdout
        for section in ["COMMON OPTIONS", "EXAMPLES", "SEE ALSO", "INPUT FORMATS", "EXIT STATUS"] {
            #expect(page.contains(".SH \(section)\n"), "\(section)")
        }
        #expect(page.contains(".B 130\n"))
        #expect(page.components(separatedBy: "\\fB\\-\\-anonymize\\fR").count - 1 == 1)
        #expect(page.components(separatedBy: "\\fB\\-\\-people\\fR").count - 1 == 1)
        #expect(page.contains("\\fBscrollback list"))
    }
}
