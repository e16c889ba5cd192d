import Foundation
import TestSupport
import Testing

@Suite("Notes and warnings: the input named once, -q keeps only the warnings")
struct ReportHeadingTests {
    static func run(_ extra: [String]) throws -> CLIRunner.Result {
        let shared = try #require(Fixtures.shared)
        let path = shared.appendingPathComponent("telegram/telegram-export-md/result.json").path
        return CLIRunner.run(["render", path, "--conversation", "42", "--format", "text"] + extra)
    }

    @Test("The input is a heading line; the lines under it do not repeat its path and start in lower case")
    func heading() throws {
        let run = try Self.run([])
        #expect(run.status == 0, "\(run.stderr)")
        let path = try #require(Fixtures.shared).appendingPathComponent("telegram/telegram-export-md/result.json").path
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.first == "scrollback: \(path)"[...])
        #expect(run.stderr.components(separatedBy: path).count == 2, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("scrollback: note: ") })
        #expect(
            lines.contains(
                "scrollback: warning: line 37, column 9: the attachment \"photos/photo_1.jpg\" is not in the input's folder."
            ),
            "\(run.stderr)")
    }

    @Test("-q and --quiet drop the notes and keep every warning")
    func quiet() throws {
        let loud = try Self.run([])
        let warnings = loud.stderr.split(separator: "\n").filter { $0.hasPrefix("scrollback: warning: ") }
        #expect(warnings.count >= 4)
        for flag in ["-q", "--quiet"] {
            let quiet = try Self.run([flag])
            #expect(quiet.status == 0)
            #expect(!quiet.stderr.contains("note:"), "\(quiet.stderr)")
            #expect(quiet.stderr.split(separator: "\n").filter { $0.hasPrefix("scrollback: warning: ") } == warnings)
            #expect(quiet.stdout == loud.stdout)
        }
    }

    @Test("site's warnings about an input come under its heading too, the path named once")
    func site() throws {
        let path = try #require(Fixtures.shared).appendingPathComponent("telegram/telegram-export-md/result.json").path
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = CLIRunner.run(["site", path, "-o", folder.path("site")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("scrollback: \(path)\n"), "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: path).count == 2, "\(run.stderr)")
        #expect(run.stderr.contains("scrollback: warning: line 37, column 9: the attachment"), "\(run.stderr)")
    }
}
