import Foundation
import TestSupport
import Testing

@Suite("Options that mean what they say: no option that does nothing, honest exit codes, colour when asked")
struct HonestOptionsTests {
    static let example = Fixtures.example("weekend-plans.json").path

    @Test("A forced --input-format that reads no message is an error (exit 1) that names the format it reads as")
    func forcedFormatReadsNothing() {
        let run = CLIRunner.run(["render", Self.example, "--input-format", "telegram", "--format", "text"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.contains(
                "scrollback: error: \(Self.example): no message was read as telegram; it reads as scrollback"),
            "\(run.stderr)")
        #expect(CLIRunner.run(["validate", Self.example, "--input-format", "whatsapp"]).status == 1)
        #expect(
            CLIRunner.run(["render", Self.example, "--input-format", "scrollback", "--format", "text"]).status == 0)
    }

    @Test("--format ansi colours through a pipe and into a file, unless --color never or NO_COLOR")
    func ansiEverywhere() throws {
        // A subprocess, so standard output is a real pipe.
        func render(_ extra: [String], _ environment: [String: String] = [:]) throws -> String {
            let run = try CLIRunner.spawn(["render", Self.example] + extra, environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            return run.stdout
        }
        #expect(try render(["--format", "ansi"]).contains("\u{1B}["))
        #expect(try render(["--format", "ansi"], ["TERM": "dumb"]).contains("\u{1B}["))
        #expect(!(try render(["--format", "ansi", "--color", "never"]).contains("\u{1B}[")))
        #expect(!(try render(["--format", "ansi"], ["NO_COLOR": "1"]).contains("\u{1B}[")))
        // Without --format, a pipe still gets the text layout.
        #expect(!(try render([])).contains("\u{1B}["))
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(CLIRunner.run(["render", Self.example, "--format", "ansi", "-o", folder.path("chat.txt")]).status == 0)
        #expect(try String(contentsOfFile: folder.path("chat.txt"), encoding: .utf8).contains("\u{1B}["))
    }

    @Test("No option is offered where it does nothing")
    func noIdleOptions() {
        let gone = CLIRunner.run(["render", Self.example, "--self-contained"])
        #expect(gone.status == 2 && gone.stderr.contains("unknown option '--self-contained'"))
        for option in ["--theme", "--title"] {
            let run = CLIRunner.run(["follow", Self.example, option, "x"])
            #expect(run.status == 2 && run.stderr.contains("unknown option '\(option)' for 'follow'"), "\(run.stderr)")
        }
        let templates = CLIRunner.run(["render", Self.example, "--format", "text", "--templates", "/tmp"])
        #expect(templates.status == 2)
        #expect(templates.stderr.contains("--templates changes HTML only"), "\(templates.stderr)")
        let remote = CLIRunner.run(["check", Self.example, "--snapshot", "/nonexistent.txt", "--remote-media"])
        #expect(remote.status == 2 && remote.stderr.contains("--remote-media changes HTML only"))
    }

    @Test("--redact takes no value; --redact-rules FILE adds patterns and redacts by itself")
    func redactRules() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let rules = try folder.write("mine.rules", "Saturday\n")
        let input = try folder.write(
            "chat.jsonl",
            #"{"id": "m1", "sender": "ana", "time": "2026-11-28T09:14:00Z", "text": "ana@example.org on Saturday"}"#
                + "\n")
        let both = CLIRunner.run(["render", input, "--redact-rules", rules, "--format", "text"])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(!both.stdout.contains("ana@example.org") && !both.stdout.contains("Saturday"), "\(both.stdout)")
        // The argument after --redact is an INPUT, never its value.
        let two = CLIRunner.run(["render", "--redact", rules, input, "--format", "text"])
        #expect(two.status == 2 && two.stderr.contains("render takes one INPUT"), "\(two.stderr)")
    }

    @Test("formats points to the manual's section, not to a file an installed user does not have")
    func formatsPointsToManual() {
        let run = CLIRunner.run(["formats"])
        #expect(run.stdout.contains("'man scrollback', section INPUT FORMATS"))
        #expect(!run.stdout.contains("docs/"))
    }
}
