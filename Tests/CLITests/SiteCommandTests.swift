import Foundation
import TestSupport
import Testing

@testable import ScrollbackCLI

@Suite("scrollback site")
struct SiteCommandTests {
    /// Runs the tool with a console that records what it writes.
    static func run(_ arguments: [String], terminal: Bool = false) -> (status: Int32, out: String, err: String) {
        let result = CLIRunner.run(arguments, errIsTerminal: terminal)
        return (result.status, result.stdout, result.stderr)
    }

    static func folder() -> String {
        TestFolders.path("cli-site").path
    }

    static var examples: [String] {
        ["hiking-club.json", "tickets.json", "weekend-plans.json"].map { Fixtures.example($0).path }
    }

    @Test("Builds a site, prints nothing on standard output and one summary line on standard error")
    func summary() throws {
        let site = Self.folder()
        let result = Self.run(["site"] + Self.examples + ["-o", site])
        #expect(result.status == 0)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("scrollback: built \(site): 3 conversations, 58 messages, 3 pages, "))
        #expect(result.err.components(separatedBy: "\n").count == 2)
        #expect(!result.err.contains("\r"), "no progress bar when standard error is not a terminal")
        #expect(FileManager.default.fileExists(atPath: site + "/index.html"))
        let again = Self.run(["site"] + Self.examples + ["-o", site])
        #expect(again.err.contains("(0 written, ") && again.err.contains(" kept; unchanged)"))
    }

    @Test("On a terminal a progress bar is drawn on standard error and cleared")
    func progress() {
        let result = Self.run(["site"] + Self.examples + ["-o", Self.folder(), "--page-size", "2"], terminal: true)
        #expect(result.status == 0)
        #expect(result.err.contains("\r["))
        #expect(result.err.contains("pages · "))
        #expect(result.err.contains("\r\u{1B}[K"))
    }

    @Test(
        "Usage mistakes exit 2 with a sentence",
        arguments: [
            (["site"], "site needs at least one INPUT"),
            (["site", "x.json"], "site needs an output folder"),
            (["site", "x.json", "-o", "d", "--page-budget", "big"], "--page-budget 'big' is not a size"),
            (["site", "x.json", "-o", "d", "--page-size", "0"], "--page-size '0' is not a number of messages"),
            (
                ["site", "x.json", "-o", "d", "--base-url", "javascript:alert(1)"],
                "--base-url 'javascript:alert(1)' is not"
            ),
        ])
    func usage(_ arguments: [String], _ message: String) {
        let result = Self.run(arguments)
        #expect(result.status == 2)
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test("A foreign folder is refused with exit 1 and the reason")
    func foreign() throws {
        let site = Self.folder()
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: site + "/keep.txt"))
        let result = Self.run(["site"] + Self.examples + ["-o", site])
        #expect(result.status == 1)
        #expect(result.err.contains("was not made by 'scrollback site'"))
        #expect(result.err.contains("--force"))
        #expect(Self.run(["site"] + Self.examples + ["-o", site, "--force"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: site + "/keep.txt"))
    }

    @Test("--page-budget takes k and M suffixes")
    func budgets() {
        #expect(OptionCatalog.byteCount("500k") == 500_000)
        #expect(OptionCatalog.byteCount("2M") == 2_000_000)
        #expect(OptionCatalog.byteCount("123456") == 123_456)
        #expect(OptionCatalog.byteCount("lots") == nil)
    }
}
