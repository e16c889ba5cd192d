import Foundation
import Scrollback
import ScrollbackCLI
import Synchronization
import TestSupport
import Testing

@Suite("themes command and --theme")
struct ThemesCommandTests {
    /// Runs the tool, returning the exit status, standard output and standard error.
    static func run(_ arguments: [String]) -> (Int32, String, String) {
        let out = Mutex("")
        let err = Mutex("")
        var console = Console(
            out: { text in out.withLock { $0 += text } }, err: { text in err.withLock { $0 += text } })
        let status = CommandLineTool.run(arguments, console: &console)
        return (status, out.withLock { $0 }, err.withLock { $0 })
    }

    @Test("scrollback themes lists every theme, the default first")
    func lists() {
        let (status, out, _) = Self.run(["themes"])
        #expect(status == 0)
        let names = out.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(names == HTMLTheme.all.map(\.name))
        #expect(names.first == "imessage")
        #expect(out.contains("also: print"))
    }

    @Test("themes --export writes the theme's templates and stylesheets, which --templates then reads")
    func exports() throws {
        let folder = TestFolders.path("theme")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, _, _) = Self.run(["themes", "--export", "discord", folder.path])
        #expect(status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(
            files == [
                "base.css", "chain.mustache", "day.mustache", "message.mustache", "page.mustache", "theme-discord.css",
            ])
        let chain = try String(contentsOf: folder.appendingPathComponent("chain.mustache"), encoding: .utf8)
        #expect(chain.contains("sb-group-head"))
        try "{{#bubbles}}<b>{{anchor}}</b>{{/bubbles}}".write(
            to: folder.appendingPathComponent("chain.mustache"), atomically: true, encoding: .utf8)
        let example = Fixtures.example("weekend-plans.json").path
        let output = folder.appendingPathComponent("page.html")
        let (renderStatus, _, _) = Self.run([
            "render", example, "-o", output.path, "--theme", "discord", "--templates", folder.path,
        ])
        #expect(renderStatus == 0)
        let page = try String(contentsOf: output, encoding: .utf8)
        #expect(page.contains("<b>msg-m1</b>"))
        #expect(page.contains("/* discord:"))
    }

    @Test("An unknown --theme is a usage error that lists the themes")
    func unknownTheme() {
        let example = Fixtures.example("weekend-plans.json").path
        let (status, _, err) = Self.run(["render", example, "--format", "html", "--theme", "neon"])
        #expect(status == 2)
        #expect(err.contains("'neon' is not a theme; use one of \(HTMLTheme.names.joined(separator: ", "))."))
        #expect(Self.run(["themes", "--export", "neon", "/tmp/x"]).0 == 2)
    }
}
