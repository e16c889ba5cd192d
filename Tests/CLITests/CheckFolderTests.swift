import Foundation
import Scrollback
import Testing

@Suite("scrollback check: a folder of inputs against a folder of snapshots")
struct CheckFolderTests {
    /// A folder `chats/` with three logs.
    static func chats() throws -> CheckHarness {
        let files = try CheckHarness()
        try files.write("chats/b.json", CheckHarness.log(last: "bee"))
        try files.write("chats/a.json", CheckHarness.log(last: "ay"))
        try files.write("chats/c.json", CheckHarness.log(last: "sea"))
        return files
    }

    @Test("The first run records __Snapshots__ inside the folder, named input + format extension")
    func records() throws {
        let files = try Self.chats()
        let run = files.run(["check", files.path("chats")])
        #expect(run.status == 1)
        #expect(run.out.hasSuffix("0 passed, 3 failed\n"))
        let names = try FileManager.default.contentsOfDirectory(atPath: files.path("chats/__Snapshots__")).sorted()
        #expect(names == ["a.json.txt", "b.json.txt", "c.json.txt"])

        let again = files.run(["check", files.path("chats")])
        #expect(again.status == 0, "the snapshots folder is not taken for an input")
        #expect(again.out.hasSuffix("3 passed, 0 failed\n"))
    }

    @Test("Each mismatch is reported with its diff, and the summary line counts passes and failures")
    func mismatch() throws {
        let files = try Self.chats()
        _ = files.run(["check", files.path("chats"), "--format", "json", "--snapshot", files.path("snaps")])
        #expect(files.exists("snaps/b.json.json"))
        try files.write("chats/b.json", CheckHarness.log(last: "bumble bee"))
        let run = files.run(["check", files.path("chats"), "--format", "json", "--snapshot", files.path("snaps")])
        #expect(run.status == 1)
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.dropLast().last == "2 passed, 1 failed")
        #expect(lines.first == "ok \(files.path("snaps/a.json.json"))")
        #expect(
            run.out.contains("--- \(files.path("snaps/b.json.json"))\n+++ \(files.path("snaps/b.json.json")).actual\n"))
        #expect(run.out.contains("+  ") && run.out.contains("bumble bee"))
        #expect(
            files.read("snaps/b.json.json.actual")
                == (try CheckCommandTests.expected(CheckHarness.log(last: "bumble bee"), .json)))
        #expect(!files.exists("snaps/a.json.json.actual"))
        #expect(run.err.contains("b.json.json"))
    }

    @Test("An unreadable input fails on its own; the others are still checked")
    func badInput() throws {
        let files = try Self.chats()
        _ = files.run(["check", files.path("chats"), "--record"])
        try files.write("chats/broken.json", "{")
        let run = files.run(["check", files.path("chats")])
        #expect(run.status == 1)
        #expect(run.out.hasSuffix("3 passed, 1 failed\n"))
        #expect(run.err.contains("broken.json"))
    }

    @Test("--record rewrites every snapshot and exits 0")
    func record() throws {
        let files = try Self.chats()
        let run = files.run(["check", files.path("chats"), "--record", "--format", "ansi"])
        #expect(run.status == 0)
        #expect(run.out.hasSuffix("3 passed, 0 failed\n"))
        #expect(files.exists("chats/__Snapshots__/c.json.ans"))
    }

    @Test("Under CI=true missing snapshots fail and no snapshot folder appears")
    func missingOnCI() throws {
        let files = try Self.chats()
        let run = files.run(["check", files.path("chats")], environment: ["CI": "true"])
        #expect(run.status == 1)
        #expect(run.out.hasSuffix("0 passed, 3 failed\n"))
        #expect(!files.exists("chats/__Snapshots__"))
    }

    @Test("Inputs are checked in bytewise name order; hidden files and .actual files are not inputs")
    func order() throws {
        let files = try CheckHarness()
        for name in ["ä.json", "b.json", "Z.json", "a.json"] { try files.write("in/\(name)", CheckHarness.log()) }
        try files.write("in/.hidden.json", "not a log")
        _ = files.run(["check", files.path("in"), "--record"])
        try files.write("in/old.json.actual", "not a log")
        let run = files.run(["check", files.path("in")])
        let checked = run.out.split(separator: "\n").filter { $0.hasPrefix("ok ") }.map {
            ($0.split(separator: "/").last ?? "").replacingOccurrences(of: ".txt", with: "")
        }
        #expect(checked == ["Z.json", "a.json", "b.json", "ä.json"])
        #expect(run.status == 0)
    }

    @Test("A snapshot whose input is gone is warned about")
    func orphan() throws {
        let files = try Self.chats()
        _ = files.run(["check", files.path("chats"), "--record"])
        try FileManager.default.removeItem(atPath: files.path("chats/c.json"))
        let run = files.run(["check", files.path("chats")])
        #expect(run.status == 0)
        #expect(run.err.contains("scrollback: warning: \(files.path("chats/__Snapshots__/c.json.txt")) has no input"))
    }

    @Test("An empty folder is an error, not a silent pass")
    func empty() throws {
        let files = try CheckHarness()
        try FileManager.default.createDirectory(atPath: files.path("none"), withIntermediateDirectories: true)
        let run = files.run(["check", files.path("none")])
        #expect(run.status == 1)
        #expect(run.err.contains("no inputs"))
    }
}
