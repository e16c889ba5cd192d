import Foundation
import Scrollback
import TestSupport
import Testing

/// Exports are snapshots anyone can write: a made-up date or sender must not rewrite the history.
@Suite("Merging exports that lie")
struct MergeTrustTests {
    /// The merge's now: 2026-04-03T00:00:00Z, the day after the April export.
    static let environment = ["SOURCE_DATE_EPOCH": "1775174400"]

    static let march = """
        {"type":"conversation","title":"Trip"}
        {"id":"1","sender":"ana","time":"2026-03-01T10:00:00Z","text":"hello"}
        {"id":"2","sender":"ben","time":"2026-03-01T10:01:00Z","text":"see you at 8"}
        """

    /// March again, with its last text changed and a message dated 2099.
    static let forged = """
        {"type":"conversation","title":"Trip"}
        {"id":"1","sender":"ana","time":"2026-03-01T10:00:00Z","text":"hello"}
        {"id":"2","sender":"ben","time":"2026-03-01T10:01:00Z","text":"see you at 7"}
        {"id":"3","sender":"mallory","time":"2099-01-01T00:00:00Z","text":"I come last forever"}
        """

    /// The real next export: an edit made in April and a new message.
    static let april = """
        {"type":"conversation","title":"Trip"}
        {"id":"1","sender":"ana","time":"2026-03-01T10:00:00Z","text":"hello"}
        {"id":"2","sender":"ben","time":"2026-03-01T10:01:00Z","text":"see you at 9","edited":"2026-04-01T09:00:00Z"}
        {"id":"4","sender":"ana","time":"2026-04-02T08:00:00Z","text":"new month"}
        """

    @Test(
        "An export dated 2099 does not stay the newest: a later real export's edit wins and its new messages are not marked missing"
    )
    func forgedNewestExport() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("trip.jsonl")
        let forged = try folder.write("forged.jsonl", Self.forged)
        let runs = try [Self.march, Self.forged, Self.april].enumerated().map { number, text in
            let input = number == 1 ? forged : try folder.write("export-\(number).jsonl", text)
            return CLIRunner.run(["merge", input, "-o", output], environment: Self.environment)
        }
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        // The forged export's run names it and the message that is too late.
        #expect(runs[1].stderr.contains("warning: \(forged):4"), "\(runs[1].stderr)")
        #expect(runs[1].stderr.contains("message 3 (id \"3\") is dated 2099-01-01T00:00:00Z"), "\(runs[1].stderr)")

        let transcript = try Transcript.load(path: output)
        #expect(transcript.messages.map(\.id) == ["1", "2", "4", "3"])
        let edited = transcript.messages[1]
        #expect(edited.text == "see you at 9")
        #expect(edited.revisions.map(\.text).contains("see you at 8"))
        #expect(!transcript.messages[2].missingFromLatestExport, "the April message is in the latest export")
        #expect(!transcript.messages[0].missingFromLatestExport)
        // Nothing is lost: the message dated 2099 is kept, and the archive still holds it.
        #expect(transcript.messages[3].text == "I come last forever")
        #expect(runs[2].stderr.contains("is dated 2099-01-01T00:00:00Z"), "\(runs[2].stderr)")
    }

    @Test("Given all at once, in any order, a forged export and the real ones give the same history")
    func forgedInOneRun() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let inputs = try [Self.march, Self.forged, Self.april].enumerated().map { number, text in
            try folder.write("e\(number).jsonl", text)
        }
        var histories: [Data] = []
        for (number, order) in [[0, 1, 2], [2, 1, 0], [1, 2, 0]].enumerated() {
            let output = folder.path("out\(number).jsonl")
            let run = CLIRunner.run(
                ["merge"] + order.map { inputs[$0] } + ["-o", output], environment: Self.environment)
            #expect(run.status == 0, "\(run.stderr)")
            histories.append(try Data(contentsOf: URL(fileURLWithPath: output)))
        }
        #expect(Set(histories).count == 1)
        let transcript = try Transcript.load(path: folder.path("out0.jsonl"))
        #expect(transcript.messages.first { $0.id == "2" }?.text == "see you at 9")
        #expect(transcript.messages.first { $0.id == "4" }?.missingFromLatestExport == false)
    }

    @Test("A time less than a day after now counts (a clock a few hours off); one later does not")
    func tolerance() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // 2026-04-03T20:00 is 20 hours after now: believed, so this export is the newest.
        let soon = try folder.write(
            "soon.jsonl",
            """
            {"id":"2","sender":"ben","time":"2026-03-01T10:01:00Z","text":"see you at 10","edited":"2026-04-03T20:00:00Z"}
            """)
        let april = try folder.write("april.jsonl", Self.april)
        let output = folder.path("out.jsonl")
        let run = CLIRunner.run(["merge", april, soon, "-o", output], environment: Self.environment)
        #expect(run.status == 0)
        #expect(!run.stderr.contains("warning"), "\(run.stderr)")
        #expect(try Transcript.load(path: output).messages.first { $0.id == "2" }?.text == "see you at 10")
        // A day and a second after now: not believed; the edit's text is still taken as the
        // message's, but it no longer decides which export is newest.
        let late = try folder.write(
            "late.jsonl",
            """
            {"id":"2","sender":"ben","time":"2026-03-01T10:01:00Z","text":"see you at 11","edited":"2026-04-04T00:00:01Z"}
            """)
        let other = folder.path("other.jsonl")
        let second = CLIRunner.run(["merge", april, late, "-o", other], environment: Self.environment)
        #expect(second.status == 0)
        #expect(
            second.stderr.contains("message 1 (id \"2\") is marked edited at 2026-04-04T00:00:01Z"), "\(second.stderr)")
        #expect(try Transcript.load(path: other).messages.first { $0.id == "2" }?.text == "see you at 9")
    }

    @Test("SOURCE_DATE_EPOCH that is not a number of seconds is a usage error")
    func badEpoch() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let march = try folder.write("march.jsonl", Self.march)
        let run = CLIRunner.run(
            ["merge", march, "-o", folder.path("out.jsonl")], environment: ["SOURCE_DATE_EPOCH": "yesterday"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, not 'yesterday'"))
        #expect(try folder.contents() == ["march.jsonl"])
    }

    @Test("A message found again by its id but sent by someone else keeps its sender; the other is kept apart")
    func senderNeverChanges() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("trip.jsonl")
        let march = try folder.write("march.jsonl", Self.march)
        // Ben's message 2, claimed by mallory in a later export, as an edit.
        let claim = try folder.write(
            "claim.jsonl",
            """
            {"type":"conversation","title":"Trip"}
            {"id":"1","sender":"ana","time":"2026-03-01T10:00:00Z","text":"hello"}
            {"id":"2","sender":"mallory","time":"2026-03-01T10:01:00Z","text":"send mallory the money","edited":"2026-03-20T09:00:00Z"}
            """)
        #expect(CLIRunner.run(["merge", march, "-o", output], environment: Self.environment).status == 0)
        let run = CLIRunner.run(["merge", claim, "-o", output], environment: Self.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("1 conflict"), "\(run.stderr)")
        #expect(
            run.stderr.contains("the sender is \"ben\" in the history and \"mallory\" in \(claim)"), "\(run.stderr)")

        let transcript = try Transcript.load(path: output)
        let bens = try #require(transcript.messages.first { $0.id == "2" })
        #expect(bens.sender == "ben" && bens.text == "see you at 8" && bens.revisions.isEmpty)
        // Mallory's claim is a message of hers, with an id of its own.
        let claimed = try #require(transcript.messages.first { $0.sender == "mallory" })
        #expect(claimed.text == "send mallory the money" && claimed.id != "2")
        #expect(transcript.messages.count == 3)

        // Merging the claim again finds mallory's message by its content: nothing more is added.
        let again = CLIRunner.run(["merge", claim, "-o", output], environment: Self.environment)
        #expect(again.status == 0)
        #expect(again.stderr.contains("(unchanged)"), "\(again.stderr)")
    }
}
