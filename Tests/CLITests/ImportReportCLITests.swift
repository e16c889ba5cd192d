import Foundation
import TestSupport
import Testing

@Suite("Import report on the command line")
struct ImportReportCLITests {
    @Test("The skipped-entries report says how many it skipped beyond the ones it lists")
    func skippedBeyondTheList() throws {
        let path = try #require(Fixtures.shared).appendingPathComponent("claude-code/claude-code-log/edge_cases.jsonl")
        let result = CLIRunner.run(["render", path.path, "--format", "text"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("skipped 6 entries:"))
        let listed = result.stderr.split(separator: "\n").filter { $0.hasPrefix("  line ") }
        #expect(listed.count == 5, "\(result.stderr)")
        #expect(result.stderr.contains("\n  and 1 more\n"))
    }

    @Test("Skipped entries are named from the input, whose path is only in the heading")
    func skippedUnderTheHeading() throws {
        let path = try #require(Fixtures.shared).appendingPathComponent("claude-code/claude-code-log/edge_cases.jsonl")
        let result = CLIRunner.run(["render", path.path, "--format", "text"])
        #expect(result.status == 0)
        #expect(result.stderr.components(separatedBy: path.path).count == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("scrollback: \(path.path)\n"), "\(result.stderr)")
        let listed = result.stderr.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("  and ") }
        #expect(listed.count == 5)
        for line in listed { #expect(line.contains(/^  line \d+(, column \d+)?: [a-z]/), "\(line)") }
    }

    @Test("An entry in a file of a folder export is named by its path in the folder and its line")
    func skippedInAFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("export/users.json", #"[{"id": "U1", "name": "ana", "real_name": "Ana"}]"#)
        try folder.write("export/channels.json", #"[{"id": "C1", "name": "general"}]"#)
        try folder.write(
            "export/general/2024-01-15.json",
            #"""
            [{"type": "message", "user": "U1", "text": "hi", "ts": "1705312800.000100"},
             {"type": "message", "subtype": "message_replied", "user": "U1", "ts": "1705312900.000100"}]
            """#)
        let input = folder.path("export")
        let result = CLIRunner.run(["render", input, "--format", "text"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: input).count == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("\n  general/2024-01-15.json, line 2, column 2: a message_replied event"),
            "\(result.stderr)")
    }
}
