import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackCLI

@Suite("Colour: one policy for --color, NO_COLOR, TERM and the terminal")
struct ColorPolicyTests {
    static let log = """
        {"version": 1, "me": "ana", "messages": [
          {"id": "m1", "sender": "ben", "time": "2026-11-28T09:14:00Z", "text": "Hi"},
          {"id": "m2", "sender": "ana", "time": "2026-11-28T09:15:00Z", "text": "Hello"}]}
        """

    static func console(_ environment: [String: String], terminal: Bool) -> Console {
        Console(out: { _ in }, err: { _ in }, outIsTerminal: terminal, environment: environment)
    }

    @Test(
        "--color auto: colour only on a terminal that is not dumb and without NO_COLOR",
        arguments: [
            (["TERM": "xterm-256color"], true, TerminalOptions.ColorDepth.ansi256),
            (["TERM": "xterm-256color"], false, nil),
            (["TERM": "xterm-256color", "NO_COLOR": "1"], true, nil),
            (["TERM": "xterm-256color", "NO_COLOR": ""], true, .ansi256),
            (["TERM": "dumb"], true, nil),
            (["TERM": "xterm", "COLORTERM": "truecolor"], true, .trueColor),
            (["TERM": "xterm"], true, .ansi16),
        ])
    func auto(environment: [String: String], terminal: Bool, expected: TerminalOptions.ColorDepth?) {
        let console = Self.console(environment, terminal: terminal)
        #expect(ColorPolicy.depth(.auto, to: .standardOutput, console: console) == expected)
    }

    @Test("--color always and never win over the environment and the terminal")
    func forced() {
        let hostile = Self.console(["NO_COLOR": "1", "TERM": "dumb"], terminal: false)
        #expect(ColorPolicy.depth(.always, to: .standardOutput, console: hostile) == .ansi16)
        let terminal = Self.console(["TERM": "xterm"], terminal: true)
        #expect(ColorPolicy.depth(.never, to: .standardOutput, console: terminal) == nil)
        #expect(ColorPolicy.depth(.never, to: .file, console: terminal) == nil)
        #expect(ColorPolicy.depth(.never, to: .snapshot, console: terminal) == nil)
    }

    @Test("A file asked for as ANSI is coloured unless NO_COLOR is set; a snapshot is always 256-colour")
    func filesAndSnapshots() {
        let pipe = Self.console(["TERM": "xterm-256color"], terminal: false)
        #expect(ColorPolicy.depth(.auto, to: .file, console: pipe) == .ansi256)
        #expect(ColorPolicy.depth(.auto, to: .file, console: Self.console(["NO_COLOR": "1"], terminal: false)) == nil)
        let truecolor = Self.console(["COLORTERM": "truecolor"], terminal: true)
        #expect(ColorPolicy.depth(.auto, to: .snapshot, console: truecolor) == .ansi256)
        #expect(ColorPolicy.depth(.always, to: .snapshot, console: truecolor) == .ansi256)
    }

    @Test("ANSI without colour is the text layout; other formats are left alone")
    func format() {
        #expect(ColorPolicy.format(.ansi, color: nil) == .text)
        #expect(ColorPolicy.format(.ansi, color: .ansi16) == .ansi)
        #expect(ColorPolicy.format(.html, color: nil) == .html)
    }

    @Test("render colours an .ans file unless NO_COLOR or --color never; check pins 256 colours")
    func renderFollowsThePolicy() throws {
        let folder = try TestFolders.folder("colour")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("chat.json")
        try Data(Self.log.utf8).write(to: input)
        let output = folder.appendingPathComponent("chat.ans").path
        func file(_ extra: [String], _ environment: [String: String] = [:]) throws -> String {
            let run = CLIRunner.run(["render", input.path, "-o", output] + extra, environment: environment)
            #expect(run.status == 0)
            return try String(contentsOfFile: output, encoding: .utf8)
        }
        #expect(try file([]).contains("\u{1B}["))
        #expect(try file(["--color", "auto"]).contains("\u{1B}["))
        #expect(try !file([], ["NO_COLOR": "1"]).contains("\u{1B}["))
        #expect(try !file(["--color", "never"]).contains("\u{1B}["))
        #expect(try !file(["--color", "never"]).contains("\u{1B}["))
        let check = CLIRunner.run(
            ["check", input.path, "--snapshot", output, "--format", "ansi"],
            environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"])
        // The snapshot holds the text layout; the check renders 256-colour ANSI whatever the environment says.
        #expect(check.status == 1)
        #expect(try String(contentsOfFile: output + ".actual", encoding: .utf8).contains(";38;5;"))
    }
}
