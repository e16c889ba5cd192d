import Foundation
import Scrollback
import TestSupport
import Testing

/// Two merges into one archive take turns; an archive reached through a link stays a link.
@Suite("Merging into an archive another run is writing", .serialized)
struct MergeLockTests {
    static let environment = ["SOURCE_DATE_EPOCH": "1775174400"]

    /// An export of `count` messages of `sender`, one a minute from the first of `month`.
    static func export(_ sender: String, month: Int, count: Int) -> String {
        var lines = [#"{"type":"conversation","title":"Big"}"#]
        for number in 0..<count {
            let (day, hour, minute) = (1 + number / 1440, number / 60 % 24, number % 60)
            let time = String(format: "2026-%02d-%02dT%02d:%02d:00Z", month, day, hour, minute)
            lines.append(#"{"id":"\#(sender)\#(number)","sender":"\#(sender)","time":"\#(time)","text":"n\#(number)"}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(
        "Two merges started together into one archive wait for its lock, then both add their messages",
        arguments: [true, false])
    func concurrentMerges(archiveExists: Bool) throws {
        try #require(FileManager.default.isExecutableFile(atPath: CLIRunner.binary.path), "build the binary first")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("big.jsonl")
        // Without an archive yet, the second run must still find the file the first made.
        let base = try folder.write("base.jsonl", Self.export("cy", month: 1, count: archiveExists ? 10 : 0))
        if archiveExists {
            #expect(CLIRunner.run(["merge", base, "-o", output], environment: Self.environment).status == 0)
        }
        let archive = try? Data(contentsOf: URL(fileURLWithPath: output))
        let inputs = try [("ana", 2), ("ben", 3)].map { sender, month in
            try folder.write("\(sender).jsonl", Self.export(sender, month: month, count: 3000))
        }

        // The test holds the lock, as a merge that is still running would.
        let lockPath = folder.path(".big.jsonl.scrollback-lock")
        let lock = try HeldLock(lockPath)
        let runs = try inputs.map { input in
            try CLIRunner.start(["merge", input, "-o", output], environment: Self.environment)
        }
        for run in runs {
            #expect(
                run.waitForStderr("scrollback: note: waiting for another scrollback merge into \(output) to finish"),
                "\(run.stderr)")
        }
        // Both wait before reading the archive: it is as it was.
        #expect(runs.allSatisfy { $0.process.isRunning })
        #expect((try? Data(contentsOf: URL(fileURLWithPath: output))) == archive)
        lock.release()

        for run in runs {
            let result = run.wait()
            #expect(result.status == 0, "\(result.stderr)")
        }
        let transcript = try Transcript.load(path: output)
        let senders = Dictionary(grouping: transcript.messages, by: { $0.sender ?? "" }).mapValues(\.count)
        #expect(senders == (archiveExists ? ["cy": 10, "ana": 3000, "ben": 3000] : ["ana": 3000, "ben": 3000]))
        // No lock file, temporary file or second archive is left beside it.
        #expect(try folder.contents() == ["ana.jsonl", "base.jsonl", "ben.jsonl", "big.jsonl"])
    }

    @Test("A merge into an archive named through a link updates the file the link leads to; the link stays")
    func symlinkedArchive() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let real = try folder.write("real/trip.jsonl", MergeTrustTests.march)
        let links = folder.url.appendingPathComponent("links")
        try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
        let link = links.appendingPathComponent("trip.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../real/trip.jsonl")
        let april = try folder.write("april.jsonl", MergeTrustTests.april)

        let run = CLIRunner.run(["merge", april, "-o", link], environment: Self.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../real/trip.jsonl")
        let merged = try Transcript.load(path: real)
        #expect(merged.messages.map(\.id) == ["1", "2", "4"])
        #expect(merged.messages[1].text == "see you at 9")
        #expect(try FileManager.default.contentsOfDirectory(atPath: links.path) == ["trip.jsonl"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("real")) == ["trip.jsonl"])
    }
}
