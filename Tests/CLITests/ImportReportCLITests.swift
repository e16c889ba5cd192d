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
        let listed = result.stderr.split(separator: "\n").filter {
            $0.hasPrefix("  ") && $0.contains("edge_cases.jsonl:")
        }
        #expect(listed.count == 5)
        #expect(result.stderr.contains("\n  and 1 more\n"))
    }
}
