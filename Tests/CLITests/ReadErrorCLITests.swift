import Foundation
import ScrollbackCLI
import TestSupport
import Testing

/// What a run printed and returned.
private struct Run {
    var status: Int32
    var out: String
    var err: String
}

private func run(_ arguments: [String]) -> Run {
    let result = CLIRunner.run(arguments)
    return Run(status: result.status, out: result.stdout, err: result.stderr)
}

/// A fresh temporary folder with `files` written into it; returns its path.
private func folder(_ files: [String: [UInt8]]) throws -> String {
    let url = try TestFolders.folder("cli")
    for (name, bytes) in files { try Data(bytes).write(to: url.appendingPathComponent(name)) }
    return url.path
}

@Suite("Read errors on the command line")
struct ReadErrorCLITests {
    @Test(
        "Bad data prints one located error line and exits 1",
        arguments: [
            (
                "plans.json", Array(#"{"messages": [{"id": "x", "time": "2026-01-01T00:00:00Z"}]}"#.utf8),
                #"plans.json:1:15: message 1 (id "x") has no "sender"."#
            ),
            (
                "chat.jsonl",
                Array(
                    "{\"id\": \"a\", \"sender\": \"ana\", \"time\": \"2026-11-28T09:00:00Z\"}\n{\"id\": \"b\"\n".utf8),
                #"chat.jsonl:2:11: invalid JSON: Expected "," or "}" in an object but found the end of the input."#
            ),
            (
                "chat.md", Array("### Ana · 2026-11-28 09:00\nHi\n### Ben · 2026-11-28 25:00\n".utf8),
                #"chat.md:3:11: message 2: the heading's time "2026-11-28 25:00" is not a date and time of the form YYYY-MM-DD HH:MM[:SS]."#
            ),
            (
                "bad.json",
                Array(#"{"version": 1, "messages": [{"sender": "a", "text": ""#.utf8) + [0xFE, 0x22, 0x7D, 0x5D, 0x7D],
                "bad.json:1:54: the text is not valid UTF-8."
            ),
            (
                "new.json", Array(#"{"version": 7, "messages": []}"#.utf8),
                "new.json:1:13: the log is version 7, but this Scrollback reads versions up to 1; a newer Scrollback is needed."
            ),
            ("empty.json", [], "empty.json:1:1: the input is empty."),
        ])
    func badData(_ name: String, _ bytes: [UInt8], _ message: String) throws {
        let directory = try folder([name: bytes])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/" + name
        for command in [["validate", path], ["render", path, "--format", "json"]] {
            let result = run(command)
            #expect(result.status == 1)
            #expect(result.err == "scrollback: error: \(directory)/\(message)\n")
            #expect(!result.out.contains("\"days\""))
        }
    }

    @Test("A missing file is an error naming it, exit 1")
    func missingFile() throws {
        let directory = try folder([:])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = run(["render", directory + "/nope.json"])
        #expect(result.status == 1)
        #expect(result.err == "scrollback: error: \(directory)/nope.json: no such file or folder.\n")
    }

    @Test("An unknown input format is a usage error, exit 2")
    func unknownFormat() throws {
        let directory = try folder(["a.md": Array("### Ana · 2026-11-28 09:00\nHi\n".utf8)])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = run(["validate", directory + "/a.md", "--input-format", "nope"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("scrollback: error: --input-format 'nope' is not a format"))
    }

    @Test("Good logs of each format validate with exit 0 and no warnings")
    func goodLogs() throws {
        let directory = try folder([
            "a.md": Array("---\ntitle: T\n---\n### Ana · 2026-11-28 09:00\nHi\n".utf8),
            "b.jsonl": Array(
                "{\"id\": \"x\", \"sender\": \"a\", \"time\": \"2026-11-28T09:00:00Z\", \"text\": \"Hi\", \"status\": \"sending\"}\n{\"id\": \"x\", \"status\": \"read\"}\n"
                    .utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = run(["validate", directory + "/a.md", directory + "/b.jsonl"])
        #expect(result.status == 0)
        #expect(result.err == "")
        #expect(result.out.contains("a.md: ok (markdown, 1 conversation, 1 message)"))
        #expect(result.out.contains("b.jsonl: ok (jsonl, 1 conversation, 1 message)"))
    }
}
