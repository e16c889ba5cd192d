import Foundation
import TestSupport
import Testing

@Suite("Command line: render, usage, exit codes, atomic output")
struct RenderCLITests {
    static let log = """
        {"version": 1, "me": "ana", "timeZone": "Europe/Berlin",
         "messages": [
           {"id": "m1", "sender": "ben", "time": "2026-11-28T09:14:00+01:00", "text": "Hi"},
           {"id": "m2", "sender": "ana", "time": "2026-11-28T09:15:00+01:00", "text": "Hello", "status": "read"}
         ]}
        """

    @Test("--version and --help print and exit 0; each command has its own help")
    func helpAndVersion() {
        let version = CLIRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("scrollback "))
        let help = CLIRunner.run(["--help"])
        #expect(help.status == 0)
        for command in ["render", "site", "check", "follow", "validate", "formats", "themes"] {
            #expect(help.stdout.contains("  \(command) "))
            let own = CLIRunner.run([command, "--help"])
            #expect(own.status == 0)
            #expect(
                own.stdout.contains("OVERVIEW:") && own.stdout.contains("USAGE:") && own.stdout.contains("OPTIONS:"))
        }
    }

    @Test(
        "Usage errors exit 2 and say what is accepted",
        arguments: [
            (["render", "x.json", "--bogus"], "unknown option '--bogus'"),
            (["render", "x.json", "--tz", "Mars/Base"], "--tz 'Mars/Base' is not a time zone"),
            (["render", "x.json", "--format", "pdf"], "use html, ansi, text or json"),
            (["render", "x.json", "--chain-gap", "soon"], "--chain-gap 'soon'"),
            (["render", "x.json", "--width", "5"], "--width '5'"),
            (["render", "x.json", "--color", "sometimes"], "use auto, always or never"),
            (["render", "x.json", "--from", "2026-13-01"], "use YYYY-MM-DD"),
            (["render", "x.json", "--input-format", "fax"], "is not a format"),
            (["render"], "render needs an INPUT"),
            (["frobnicate"], "unknown command 'frobnicate'"),
            (["render", "x.json", "--tz"], "needs a value"),
        ])
    func usageErrors(arguments: [String], expected: String) {
        let result = CLIRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("scrollback: error: "))
        #expect(result.stderr.contains(expected))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("A missing file is bad input: exit 1 with the file named")
    func missingFile() {
        let result = CLIRunner.run(["render", "/nonexistent/chat.json"])
        #expect(result.status == 1)
        #expect(result.stderr == "scrollback: error: /nonexistent/chat.json: no such file or folder.\n")
    }

    @Test("-o writes the file; the format follows the extension")
    func writesOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = try folder.write("chat.json", Self.log)
        let result = CLIRunner.run(["render", input, "-o", folder.path("out.json")])
        #expect(result.status == 0)
        let written = try String(contentsOfFile: folder.path("out.json"), encoding: .utf8)
        #expect(written.contains("\"position\" : \"single\""))
        #expect(try folder.contents() == ["chat.json", "out.json"])
    }

    @Test("A failed run leaves an existing output untouched and no temporary file behind")
    func atomicOnFailure() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try folder.write("out.txt", "previous output\n")
        let bad = try folder.write(
            "bad.json", #"{"version": 1, "messages": [{"id": "m1", "time": "2026-11-28T09:14:00Z"}]}"#)
        let result = CLIRunner.run(["render", bad, "-o", output])
        #expect(result.status == 1)
        #expect(result.stderr.contains("message 1 (id \"m1\") has no \"sender\""))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "previous output\n")
        #expect(try folder.contents() == ["bad.json", "out.txt"])
    }

    @Test("--me naming nobody is bad input that lists the participants")
    func unknownMe() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = try folder.write("chat.json", Self.log)
        let result = CLIRunner.run(["render", input, "--me", "zed", "--format", "json"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--me \"zed\" matches no participant"))
    }

    @Test("validate reports each input: ok lines, or the first problem of each, exit 1 if any failed")
    func validate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let good = try folder.write("good.json", Self.log)
        let bad = try folder.write("bad.json", #"{"version": 7, "messages": []}"#)
        let result = CLIRunner.run(["validate", good, bad])
        #expect(result.status == 1)
        #expect(result.stdout == "\(good): ok (scrollback, 1 conversation, 2 messages)\n")
        #expect(result.stderr.contains("\(bad):1:13: the log is version 7"))
    }

    @Test("formats lists every input format with a description")
    func formats() {
        let result = CLIRunner.run(["formats"])
        #expect(result.status == 0)
        for name in ["scrollback", "jsonl", "markdown"] {
            #expect(result.stdout.split(separator: "\n").contains { $0.hasPrefix(name + " ") })
        }
    }
}
