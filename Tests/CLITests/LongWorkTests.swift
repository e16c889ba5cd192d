import Foundation
import TestSupport
import Testing

@Suite("site and merge: removed conversations named, sizes readable, merge progress on a terminal")
struct LongWorkTests {
    static func log(_ folder: TemporaryFolder, _ name: String, title: String) throws -> String {
        try folder.write(
            name + ".jsonl",
            #"{"type": "conversation", "title": "\#(title)"}"# + "\n"
                + #"{"id": "m1", "sender": "ana", "time": "2026-11-28T09:14:00Z", "text": "Hi from \#(title)"}"# + "\n")
    }

    @Test("A rebuild says which conversations it removed, and the summary gives the size as KB")
    func siteRemovedAndSizes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = try Self.log(folder, "a", title: "Alpha")
        let second = try Self.log(folder, "b", title: "Beta")
        let site = folder.path("site")
        let both = CLIRunner.run(["site", first, second, "-o", site])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stderr.contains(/, \d+(\.\d)? KB in \d+ files/), "\(both.stderr)")
        #expect(!both.stderr.contains("removed"))
        let one = CLIRunner.run(["site", first, "-o", site])
        #expect(one.status == 0)
        #expect(
            one.stderr.contains("scrollback: removed 1 conversation no longer among the inputs: \"Beta\""),
            "\(one.stderr)")
    }

    @Test("merge shows which export it reads on a terminal, and clears the line before its report")
    func mergeProgress() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = try Self.log(folder, "a", title: "Alpha")
        let second = try Self.log(folder, "b", title: "Alpha")
        let output = folder.path("out.jsonl")
        let shown = CLIRunner.run(["merge", first, second, "-o", output], errIsTerminal: true)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stderr.contains("\rscrollback: reading 1 of 2: \(first)\u{1B}[K"), "\(shown.stderr)")
        #expect(shown.stderr.contains("\rscrollback: reading 2 of 2: \(second)\u{1B}[K"))
        #expect(shown.stderr.contains("\r\u{1B}[Kscrollback: merged"), "\(shown.stderr)")
        let hidden = CLIRunner.run(["merge", first, second, "-o", folder.path("again.jsonl")])
        #expect(!hidden.stderr.contains("reading 1 of 2"))
    }
}
