import Foundation
import TestSupport
import Testing

/// `site` never deletes or writes through what it did not create.
@Suite("Site folders and foreign files", .serialized)
struct SiteFilesTests {
    static var examples: [String] {
        ["weekend-plans.json", "hiking-club.json", "tickets.json"].map { Fixtures.example($0).path }
    }

    @Test("Foreign files, folders and symlinks survive --clean rebuilds that drop conversations")
    func foreignFilesSurviveClean() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let site = root.path("site")
        let first = CLIRunner.run(["site"] + Self.examples + ["-o", site])
        try #require(first.status == 0, "\(first.stderr)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: site).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: site + "/" + name, isDirectory: &isDirectory)
                && isDirectory.boolValue && name != "media" && !name.hasPrefix(".")
        }.sorted()
        try #require(!folders.isEmpty)
        try root.write("site/notes.txt", "mine\n")
        for folder in folders { try root.write("site/\(folder)/mine.txt", "also mine\n") }
        try root.write("outside/keep.txt", "outside\n")
        try FileManager.default.createSymbolicLink(
            atPath: site + "/elsewhere", withDestinationPath: root.path("outside"))

        let second = CLIRunner.run(["site", Self.examples[0], "-o", site, "--clean"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try String(contentsOfFile: site + "/notes.txt", encoding: .utf8) == "mine\n")
        for folder in folders {
            #expect(try String(contentsOfFile: site + "/\(folder)/mine.txt", encoding: .utf8) == "also mine\n")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site + "/elsewhere") == root.path("outside"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path("outside")) == ["keep.txt"])
        // Nothing is left beside the site.
        #expect(try root.contents().sorted() == ["outside", "site"])
    }
}
