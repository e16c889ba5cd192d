import Foundation
import Scrollback
import TestSupport
import Testing

@Suite("scrollback merge")
struct MergeCommandTests {
    @Test("The two halves of a real WhatsApp export merge into one conversation, and merging again changes nothing")
    func whatsAppHalves() throws {
        guard let shared = Fixtures.shared else { return }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let part1 = shared.appendingPathComponent("whatsapp/whatstk/lorem-merge-part1.txt").path
        let part2 = shared.appendingPathComponent("whatsapp/whatstk/lorem-merge-part2.txt").path
        let output = folder.path("lorem.jsonl")
        let first = CLIRunner.run(["merge", part1, part2, "-o", output])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("600 messages; 600 added, 0 matched, 0 kept from older exports, 0 conflicts"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        let transcript = try Transcript.load(path: output)
        #expect(transcript.messages.count == 600)
        #expect(transcript.messages.map(\.time) == transcript.messages.map(\.time).sorted())

        // The other order, and the same exports merged into the archive, give the same bytes.
        let again = CLIRunner.run(["merge", part2, part1, "-o", output])
        #expect(again.status == 0)
        #expect(again.stderr.contains("0 added, 600 matched, 0 kept from older exports, 0 conflicts (unchanged)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == bytes)
        let other = folder.path("other.jsonl")
        #expect(CLIRunner.run(["merge", part2, part1, "-o", other]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == bytes)
    }

    @Test("A WhatsApp and a Telegram export of the same people become one timeline with --people")
    func crossApp() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.path("lee.jsonl")
        let result = CLIRunner.run([
            "merge", ArchiveTesting.fixture("cross-app/whatsapp.txt"),
            ArchiveTesting.fixture("cross-app/telegram.json"),
            "--people", ArchiveTesting.fixture("cross-app/people.json"), "-o", output,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let transcript = try Transcript.load(path: output)
        #expect(transcript.participants.map(\.name).sorted() == ["Lee Chen", "Sam Rivera"])
        // Five WhatsApp messages and four Telegram ones, two of them the same: seven, in time order.
        #expect(
            transcript.messages.map(\.text) == [
                "Are we still on for the hike on Saturday?", "Yes! Meet at the station at 8?",
                "Perfect. I'll bring the map", "Forecast says sun 🌞", "Finally", "On the platform, coffee in hand",
                "Running two minutes late!",
            ])
        let names = Dictionary(uniqueKeysWithValues: transcript.participants.map { ($0.id, $0.name) })
        #expect(
            transcript.messages.map { names[$0.sender ?? ""] } == [
                "Lee Chen", "Sam Rivera", "Lee Chen", "Sam Rivera", "Lee Chen", "Sam Rivera", "Lee Chen",
            ])
        // The matched messages take the Telegram export's seconds.
        #expect(transcript.messages[3].time.description == "2024-03-28T09:15:41Z")
        #expect(result.stderr.contains("7 messages; 7 added, 2 matched, 0 kept from older exports, 0 conflicts"))
    }

    @Test("A message the newest export lacks is kept and marked; an edit keeps the earlier text")
    func deletionsAndEdits() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let march = try folder.write(
            "march.jsonl",
            """
            {"type":"conversation","title":"Trip"}
            {"id":"1","sender":"ana","time":"2026-03-01T10:00:00Z","text":"hello"}
            {"id":"2","sender":"ben","time":"2026-03-01T10:01:00Z","text":"secret plan","reactions":[{"emoji":"👍","by":["ana"]}]}
            {"id":"3","sender":"ana","time":"2026-03-01T10:02:00Z","text":"see you at 8","status":"sent"}
            """)
        let april = try folder.write(
            "april.jsonl",
            """
            {"type":"conversation","title":"Trip"}
            {"id":"1","sender":"ana","time":"2026-03-01T10:00:00Z","text":"hello"}
            {"id":"3","sender":"ana","time":"2026-03-01T10:02:00Z","text":"see you at 9","edited":"2026-03-01T10:05:00Z","status":"read"}
            {"id":"4","sender":"ben","time":"2026-04-02T08:00:00Z","text":"new month"}
            """)
        let output = folder.path("trip.jsonl")
        #expect(CLIRunner.run(["merge", march, "-o", output]).status == 0)
        let result = CLIRunner.run(["merge", april, "-o", output])
        #expect(result.status == 0)
        #expect(result.stderr.contains("4 messages; 1 added, 2 matched, 1 kept from older exports, 0 conflicts"))
        let transcript = try Transcript.load(path: output)
        #expect(transcript.messages.map(\.id) == ["1", "2", "3", "4"])
        let kept = transcript.messages[1]
        #expect(kept.missingFromLatestExport && kept.text == "secret plan" && kept.reactions.first?.emoji == "👍")
        let edited = transcript.messages[2]
        #expect(edited.text == "see you at 9" && edited.status == .read)
        #expect(edited.revisions.map(\.text) == ["see you at 8"])
        #expect(!transcript.messages[0].missingFromLatestExport && !transcript.messages[3].missingFromLatestExport)
        // The archive renders like any log, the kept message and the edit history included.
        let layout = folder.path("layout.json")
        #expect(CLIRunner.run(["render", output, "-o", layout]).status == 0)
        #expect(try String(contentsOfFile: layout, encoding: .utf8).contains("\"id\" : \"2\""))
    }

    @Test("A text that changed with no edit mark is reported as a conflict")
    func conflictReported() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let one = try folder.write(
            "one.jsonl", "{\"id\":\"1\",\"sender\":\"a\",\"time\":\"2026-03-01T10:00:00Z\",\"text\":\"x\"}\n")
        let two = try folder.write(
            "two.jsonl",
            "{\"id\":\"1\",\"sender\":\"a\",\"time\":\"2026-03-01T10:00:00Z\",\"text\":\"y\"}\n"
                + "{\"id\":\"2\",\"sender\":\"a\",\"time\":\"2026-03-02T10:00:00Z\",\"text\":\"z\"}\n")
        let result = CLIRunner.run(["merge", one, two, "-o", folder.path("out.jsonl")])
        #expect(result.status == 0)
        #expect(result.stderr.contains("1 conflict"))
        #expect(result.stderr.contains("warning:") && result.stderr.contains("message \"1\""))
    }

    @Test("Several conversations go to a folder, one file each, and a later merge finds each file again")
    func folderOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let chats = try folder.write(
            "chats.json",
            """
            {"chats": {"list": [
              {"name": "Hike", "type": "private_group", "id": 1, "messages": [
                {"id": 1, "type": "message", "date": "2024-03-01T10:00:00", "date_unixtime": "1709287200", "from": "Ana", "from_id": "user1", "text": "up?"}]},
              {"name": "Books", "type": "private_group", "id": 2, "messages": [
                {"id": 1, "type": "message", "date": "2024-03-01T11:00:00", "date_unixtime": "1709290800", "from": "Ben", "from_id": "user2", "text": "read it"}]}
            ]}}
            """)
        let output = folder.path("archive") + "/"
        let first = CLIRunner.run(["merge", chats, "--input-format", "telegram", "-o", output])
        #expect(first.status == 0, "\(first.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        #expect(files == ["books.jsonl", "hike.jsonl"])
        let again = CLIRunner.run(["merge", chats, "--input-format", "telegram", "-o", output])
        #expect(again.status == 0)
        #expect(again.stderr.components(separatedBy: "(unchanged)").count == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == files)
    }

    @Test("A new output name without an extension is a folder; one with .jsonl is a file")
    func outputKind() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = try folder.write(
            "a.jsonl",
            "{\"type\":\"conversation\",\"title\":\"Hike\"}\n{\"id\":\"1\",\"sender\":\"a\",\"time\":\"2026-03-01T10:00:00Z\"}\n"
        )
        #expect(CLIRunner.run(["merge", log, "-o", folder.path("archive")]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("archive")) == ["hike.jsonl"])
        #expect(CLIRunner.run(["merge", log, "-o", folder.path("hike.jsonl")]).status == 0)
        #expect(try Transcript.load(path: folder.path("hike.jsonl")).messages.count == 1)
    }

    @Test("merge without an output is a usage error")
    func needsOutput() {
        let result = CLIRunner.run(["merge", "a.txt"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("merge needs an output"))
    }
}
