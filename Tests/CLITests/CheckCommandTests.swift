import Foundation
import Scrollback
import Testing

@Suite("scrollback check: one input against one snapshot")
struct CheckCommandTests {
    /// What the library renders for the harness's log: the bytes a snapshot must hold.
    static func expected(_ log: String, _ format: OutputFormat = .text) throws -> String {
        let transcript = try Transcript.load(data: Data(log.utf8), name: "chat.json")
        let terminal = TerminalOptions(width: 80, color: format == .ansi ? .ansi256 : nil)
        return try transcript.render(format, options: RenderOptions(terminal: terminal))
    }

    @Test("A snapshot that matches byte for byte passes with one quiet line")
    func match() throws {
        let files = try CheckHarness()
        let input = try files.write("chat.json", CheckHarness.log())
        let snapshot = try files.write("chat.txt", try Self.expected(CheckHarness.log()))
        let run = files.run(["check", input, "--snapshot", snapshot])
        #expect(run.status == 0)
        #expect(run.out == "ok \(snapshot)\n")
        #expect(run.err == "")
        #expect(!files.exists("chat.txt.actual"))
    }

    @Test("A mismatch prints a unified diff, writes FILE.actual beside the snapshot and exits 1")
    func mismatch() throws {
        let files = try CheckHarness()
        let input = try files.write("chat.json", CheckHarness.log(last: "See you there"))
        let old = try Self.expected(CheckHarness.log(last: "See you later"))
        let snapshot = try files.write("chat.txt", old)
        let actual = try Self.expected(CheckHarness.log(last: "See you there"))
        let run = files.run(["check", input, "--snapshot", snapshot])

        #expect(run.status == 1)
        #expect(run.out.hasPrefix("--- \(snapshot)\n+++ \(snapshot).actual\n@@ -"))
        let removed = run.out.split(separator: "\n").filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }
        let added = run.out.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }
        #expect(!removed.isEmpty && removed.allSatisfy { $0.contains("later") })
        #expect(!added.isEmpty && added.allSatisfy { $0.contains("there") })
        #expect(files.read("chat.txt.actual") == actual)
        #expect(files.read("chat.txt") == old, "the snapshot itself is left alone")
        #expect(run.err.hasPrefix("scrollback: error: \(snapshot):"))
        #expect(run.err.contains("chat.txt.actual"))
    }

    @Test("A stale FILE.actual is removed once the snapshot matches again")
    func staleActual() throws {
        let files = try CheckHarness()
        let input = try files.write("chat.json", CheckHarness.log())
        let snapshot = try files.write("chat.txt", "old\n")
        #expect(files.run(["check", input, "--snapshot", snapshot]).status == 1)
        #expect(files.exists("chat.txt.actual"))
        try files.write("chat.txt", try Self.expected(CheckHarness.log()))
        #expect(files.run(["check", input, "--snapshot", snapshot]).status == 0)
        #expect(!files.exists("chat.txt.actual"))
    }

    @Test("A missing snapshot is recorded, with exit 1 and a message that says so")
    func missingRecords() throws {
        let files = try CheckHarness()
        let input = try files.write("chat.json", CheckHarness.log())
        let snapshot = files.path("snaps/chat.txt")
        let run = files.run(["check", input, "--snapshot", snapshot])
        #expect(run.status == 1)
        #expect(run.err.contains("recorded"))
        #expect(files.read("snaps/chat.txt") == (try Self.expected(CheckHarness.log())))
        #expect(files.run(["check", input, "--snapshot", snapshot]).status == 0)
    }

    @Test("Under CI=true a missing snapshot is an error and nothing is written", arguments: ["true", "TRUE", "1"])
    func missingOnCI(_ value: String) throws {
        let files = try CheckHarness()
        let input = try files.write("chat.json", CheckHarness.log())
        let run = files.run(["check", input, "--snapshot", files.path("snaps/chat.txt")], environment: ["CI": value])
        #expect(run.status == 1)
        #expect(run.err.hasPrefix("scrollback: error: "))
        #expect(run.err.contains("CI"))
        #expect(!files.exists("snaps"), "not even the folder is created")
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.folder.path) == ["chat.json"])
    }

    @Test("--record and SCROLLBACK_RECORD=1 rewrite a wrong snapshot and exit 0, also on CI")
    func record() throws {
        for (flags, environment) in [(["--record"], ["CI": "true"]), ([], ["SCROLLBACK_RECORD": "1"])] {
            let files = try CheckHarness()
            let input = try files.write("chat.json", CheckHarness.log())
            let snapshot = try files.write("chat.txt", "wrong\n")
            try files.write("chat.txt.actual", "left over\n")
            let run = files.run(["check", input, "--snapshot", snapshot] + flags, environment: environment)
            #expect(run.status == 0)
            #expect(run.out == "recorded \(snapshot)\n")
            #expect(files.read("chat.txt") == (try Self.expected(CheckHarness.log())))
            #expect(!files.exists("chat.txt.actual"))
        }
    }

    @Test("SCROLLBACK_RECORD=0 does not record")
    func recordOff() throws {
        let files = try CheckHarness()
        let input = try files.write("chat.json", CheckHarness.log())
        let snapshot = try files.write("chat.txt", "wrong\n")
        let run = files.run(["check", input, "--snapshot", snapshot], environment: ["SCROLLBACK_RECORD": "0"])
        #expect(run.status == 1)
        #expect(files.read("chat.txt") == "wrong\n")
    }

    @Test("Each format's snapshot holds what the library renders, at width 80 unless --width says otherwise")
    func formats() throws {
        let files = try CheckHarness()
        let input = try files.write("chat.json", CheckHarness.log())
        for format in OutputFormat.allCases {
            let snapshot = files.path("snap.\(format.rawValue)")
            #expect(files.run(["check", input, "--snapshot", snapshot, "--format", format.rawValue]).status == 1)
            #expect(
                files.read("snap.\(format.rawValue)") == (try Self.expected(CheckHarness.log(), format)), "\(format)")
        }
        #expect(files.run(["check", input, "--snapshot", files.path("default.txt")]).status == 1)
        #expect(files.read("default.txt") == files.read("snap.text"), "text is the default format")

        let narrow = try Transcript.load(data: Data(CheckHarness.log().utf8)).render(
            .text, options: RenderOptions(terminal: TerminalOptions(width: 40)))
        #expect(files.run(["check", input, "--snapshot", files.path("narrow.txt"), "--width", "40"]).status == 1)
        #expect(files.read("narrow.txt") == narrow)
    }

    @Test("ansi snapshots do not depend on a terminal, its width, COLUMNS, TERM or NO_COLOR")
    func ansiIgnoresTerminal() throws {
        let files = try CheckHarness()
        let input = try files.write("chat.json", CheckHarness.log())
        _ = files.run(["check", input, "--snapshot", files.path("plain.ans"), "--format", "ansi"])
        let noisy = [
            "COLUMNS": "33", "TERM": "dumb", "NO_COLOR": "1", "COLORTERM": "truecolor",
        ]
        let run = files.run(
            ["check", input, "--snapshot", files.path("plain.ans"), "--format", "ansi"], environment: noisy,
            outIsTerminal: true, terminalWidth: 41)
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(files.read("plain.ans") == (try Self.expected(CheckHarness.log(), .ansi)))
    }

    @Test("--color never makes an ansi snapshot the text layout")
    func colorNever() throws {
        let files = try CheckHarness()
        let input = try files.write("chat.json", CheckHarness.log())
        _ = files.run(["check", input, "--snapshot", files.path("never.ans"), "--format", "ansi", "--color", "never"])
        #expect(files.read("never.ans") == (try Self.expected(CheckHarness.log(), .text)))
    }

    @Test("Escape sequences in a diff are shown visibly, never sent to the terminal")
    func visibleEscapes() throws {
        let files = try CheckHarness()
        let input = try files.write("chat.json", CheckHarness.log())
        let snapshot = try files.write("chat.ans", "\u{1B}[1;31mred\u{1B}[0m\r\n\u{1B}]8;;https://a.example\u{1B}\\\n")
        let run = files.run(["check", input, "--snapshot", snapshot, "--format", "ansi"])
        #expect(run.status == 1)
        #expect(run.out.contains("-⟨1;31m⟩red⟨0m⟩␍\n"))
        #expect(run.out.contains("-⟨]8;;https://a.example⟩\n"))
        #expect(!run.out.contains("\u{1B}"))
    }

    @Test(
        "Usage mistakes exit 2",
        arguments: [
            ["check"], ["check", "a.json"], ["check", "a.json", "--snapshot", "a.txt", "--format", "pdf"],
            ["check", "a.json", "b.json", "--snapshot", "a.txt"],
            ["check", "a.json", "--snapshot", "a.txt", "--width", "5"],
        ])
    func usage(_ arguments: [String]) throws {
        let files = try CheckHarness()
        try files.write("a.json", CheckHarness.log())
        let run = files.run(arguments.map { $0.hasSuffix(".json") || $0.hasSuffix(".txt") ? files.path($0) : $0 })
        #expect(run.status == 2)
        #expect(run.err.hasPrefix("scrollback: error: "))
        #expect(!files.exists("a.txt"))
    }

    @Test("A snapshot path that is the input itself is refused before anything is written")
    func snapshotIsInput() throws {
        let files = try CheckHarness()
        let input = try files.write("chat.json", CheckHarness.log())
        try files.write("in/a.json", CheckHarness.log())
        #expect(files.run(["check", input, "--snapshot", input, "--record"]).status == 2)
        #expect(files.read("chat.json") == CheckHarness.log())
        #expect(files.run(["check", files.path("in"), "--snapshot", files.path("in/."), "--record"]).status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.path("in")) == ["a.json"])
    }

    @Test("An input that cannot be read fails with its error and records nothing")
    func badInput() throws {
        let files = try CheckHarness()
        let input = try files.write("broken.json", #"{"version": 1, "messages": [{"id": "m1"}]}"#)
        let run = files.run(["check", input, "--snapshot", files.path("broken.txt")])
        #expect(run.status == 1)
        #expect(run.err.hasPrefix("scrollback: error: \(input)"))
        #expect(!files.exists("broken.txt"))
    }
}

@Suite("scrollback check: one record mode, as expectSnapshot's")
struct CheckRecordModeTests {
    @Test("CI stops recording even when SCROLLBACK_RECORD asks for it", arguments: ["1", "all"])
    func ciWins(_ value: String) throws {
        let files = try CheckHarness()
        let input = try files.write("chat.json", CheckHarness.log())
        let snapshot = try files.write("chat.txt", "wrong\n")
        let run = files.run(
            ["check", input, "--snapshot", snapshot], environment: ["CI": "true", "SCROLLBACK_RECORD": value])
        #expect(run.status == 1)
        #expect(files.read("chat.txt") == "wrong\n")
    }

    @Test("SCROLLBACK_RECORD=never writes no missing snapshot; =missing records only a missing one")
    func modes() throws {
        let files = try CheckHarness()
        let input = try files.write("chat.json", CheckHarness.log())
        let never = files.run(
            ["check", input, "--snapshot", files.path("snaps/chat.txt")], environment: ["SCROLLBACK_RECORD": "never"])
        #expect(never.status == 1)
        #expect(!files.exists("snaps"))
        let wrong = try files.write("wrong.txt", "wrong\n")
        let missing = files.run(["check", input, "--snapshot", wrong], environment: ["SCROLLBACK_RECORD": "missing"])
        #expect(missing.status == 1)
        #expect(files.read("wrong.txt") == "wrong\n")
        let all = files.run(["check", input, "--snapshot", wrong], environment: ["SCROLLBACK_RECORD": "ALL"])
        #expect(all.status == 0)
        #expect(files.read("wrong.txt") != "wrong\n")
    }

    @Test("The environment gives one mode: CI wins, then SCROLLBACK_RECORD, else missing")
    func policy() {
        #expect(SnapshotPolicy.recordMode(environment: [:]) == .missing)
        #expect(SnapshotPolicy.recordMode(environment: ["SCROLLBACK_RECORD": "yes"]) == .all)
        #expect(SnapshotPolicy.recordMode(environment: ["SCROLLBACK_RECORD": "0"]) == .missing)
        #expect(SnapshotPolicy.recordMode(environment: ["SCROLLBACK_RECORD": "Never"]) == .never)
        #expect(SnapshotPolicy.recordMode(environment: ["CI": "1", "SCROLLBACK_RECORD": "all"]) == .never)
        #expect(SnapshotPolicy.newOutputPath(forSnapshot: "s/chat.txt") == "s/chat.txt.actual")
    }
}
