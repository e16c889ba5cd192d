import Foundation
import Scrollback
import TestSupport
import Testing

@Suite("Message ids under --redact and --anonymize")
struct AnonymizedIDTests {
    /// An export with no ids of its own: `merge` names its messages by a digest of their content.
    static func export(caller: String, number: String, friend: String) -> String {
        """
        {"version": 1, "title": "\(caller)", "participants": [
          {"id": "\(number)", "name": "\(caller)"}, {"id": "friend", "name": "\(friend)"}], "messages": [
          {"sender": "\(number)", "time": "2026-03-01T10:00:00Z", "text": "call me on \(number)"},
          {"sender": "friend", "time": "2026-03-01T10:01:00Z", "text": "ok \(caller), will do"},
          {"sender": "\(number)", "time": "2026-03-01T10:01:30Z", "text": "thanks"},
          {"sender": "friend", "time": "2026-03-02T08:00:00Z", "text": "\(caller)? ring \(number)"}
        ]}
        """
    }

    /// `merge` of `export` into an archive, and the archive's ids.
    static func archive(in folder: TemporaryFolder, _ name: String, _ export: String) throws -> (String, [String]) {
        let input = try folder.write(name + ".json", export)
        let archive = folder.path(name + "-archive.jsonl")
        let merged = CLIRunner.run(["merge", input, "-o", archive])
        #expect(merged.status == 0, "\(merged.stderr)")
        let transcript = try ArchiveTesting.read(try String(contentsOfFile: archive, encoding: .utf8))
        return (archive, transcript.messages.map(\.id))
    }

    /// The ids of the messages of a layout JSON, in order.
    static func layoutIDs(_ json: String) -> [String] {
        json.components(separatedBy: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("\"id\" : \"") else { return nil }
            return String(trimmed.dropFirst("\"id\" : \"".count).dropLast(trimmed.hasSuffix(",") ? 2 : 1))
        }
    }

    @Test("Ids merge made from the content appear in no file of a --redact --anonymize site or render")
    func madeIDsReplaced() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (archive, old) = try Self.archive(
            in: folder, "a", Self.export(caller: "Ana Lima", number: "+44 7700 900123", friend: "Ben Okafor"))
        #expect(old.count == 4)
        #expect(old.allSatisfy { $0.hasPrefix("h") && $0.dropFirst().allSatisfy(\.isHexDigit) }, "\(old)")

        let site = folder.url.appendingPathComponent("site")
        let built = CLIRunner.run([
            "site", archive, "-o", site.path, "--redact", "--anonymize", "--base-url", "https://example.org/c/",
        ])
        #expect(built.status == 0, "\(built.stderr)")
        var outputs: [(String, String)] = ArchiveTesting.files(under: site).map { file in
            let data = FileManager.default.contents(atPath: site.appendingPathComponent(file).path) ?? Data()
            return (file, String(decoding: data, as: UTF8.self))
        }
        for format in ["html", "json", "text"] {
            let out = folder.path("out." + format)
            let rendered = CLIRunner.run(["render", archive, "--redact", "--anonymize", "--format", format, "-o", out])
            #expect(rendered.status == 0, "\(rendered.stderr)")
            outputs.append((out, try String(contentsOfFile: out, encoding: .utf8)))
            outputs.append((out + " (stderr)", rendered.stderr))
        }
        outputs.append(("site (stderr)", built.stderr))
        for (file, text) in outputs {
            for id in old { #expect(!text.contains(id), "\(file) holds the id \(id)") }
            #expect(!text.contains("7700") && !text.contains("Lima"), "\(file)")
        }
        let layout = try String(contentsOfFile: folder.path("out.json"), encoding: .utf8)
        #expect(
            Self.layoutIDs(layout).filter { $0.hasPrefix("2026") } == [
                "2026-03-01-1", "2026-03-01-2", "2026-03-01-3", "2026-03-02-1",
            ])
    }

    @Test("Two conversations that differ only in what is removed get the same ids")
    func idsSayNothingOfContent() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (first, firstIDs) = try Self.archive(
            in: folder, "a", Self.export(caller: "Ana Lima", number: "+44 7700 900123", friend: "Ben Okafor"))
        let (second, secondIDs) = try Self.archive(
            in: folder, "b", Self.export(caller: "Chiara Rossi", number: "+1 555 010 9999", friend: "Dev Patel"))
        #expect(Set(firstIDs).isDisjoint(with: secondIDs))
        var layouts: [String] = []
        for archive in [first, second] {
            let out = archive + ".json"
            let rendered = CLIRunner.run(["render", archive, "--redact", "--anonymize", "-o", out])
            #expect(rendered.status == 0, "\(rendered.stderr)")
            layouts.append(try String(contentsOfFile: out, encoding: .utf8))
        }
        #expect(Self.layoutIDs(layouts[0]) == Self.layoutIDs(layouts[1]))
        #expect(!Self.layoutIDs(layouts[0]).isEmpty)
    }

    /// An export whose own ids spell a phone number, a name and a time with a sender.
    static let ownIDs = """
        {"type":"conversation","title":"Plans","participants":[{"id":"U0BMQB6JE","name":"Ana Lima"},{"id":"447700900123","name":"Ben Okafor"}]}
        {"id":"447700900123-1772359200","sender":"447700900123","time":"2026-03-01T10:00:00Z","text":"first"}
        {"id":"ana.lima-2","sender":"U0BMQB6JE","time":"2026-03-01T10:01:00Z","text":"second","replyTo":"447700900123-1772359200"}
        {"id":"U0BMQB6JE@1772359320","sender":"U0BMQB6JE","time":"2026-03-01T10:02:00Z","text":"third","replyTo":"ana.lima-2"}
        {"id":"x","sender":"447700900123","time":"2026-03-01T10:03:00Z","text":"fourth","replyTo":"ben.okafor-gone"}
        """

    @Test("Export ids that embed a number or a name are replaced, and replies reach the same messages")
    func ownIDsReplaced() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = try folder.write("plans.jsonl", Self.ownIDs)
        var outputs: [String] = []
        for format in ["json", "html"] {
            let out = folder.path("out." + format)
            let rendered = CLIRunner.run(["render", log, "--redact", "--anonymize", "-o", out])
            #expect(rendered.status == 0, "\(rendered.stderr)")
            outputs.append(try String(contentsOfFile: out, encoding: .utf8) + rendered.stderr)
        }
        let site = folder.url.appendingPathComponent("site")
        #expect(CLIRunner.run(["site", log, "-o", site.path, "--redact", "--anonymize"]).status == 0)
        for file in ArchiveTesting.files(under: site) {
            let data = FileManager.default.contents(atPath: site.appendingPathComponent(file).path) ?? Data()
            outputs.append(file + "\n" + String(decoding: data, as: UTF8.self))
        }
        for text in outputs {
            for needle in [
                "447700900123", "7700", "-1772359200", "@1772359320", "U0BMQB6JE", "ana.lima", "Lima", "okafor",
                "Okafor",
            ] {
                #expect(!text.contains(needle), "\(needle) in \(text.prefix(300))")
            }
        }
        let layout = outputs[0]
        #expect(layout.contains("\"replyTo\" : \"2026-03-01-1\""))
        #expect(layout.contains("\"replyTo\" : \"2026-03-01-2\""))
        #expect(layout.contains("\"replyTo\" : \"unknown-1\""))
        // The page links each reply to its message's new permalink.
        #expect(outputs[1].contains("href=\"#msg-2026-03-01-1\""))
        #expect(outputs[1].contains("id=\"msg-2026-03-01-2\""))
    }

    @Test("Without --redact or --anonymize the export's ids stay")
    func idsKeptOtherwise() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = try folder.write("plans.jsonl", Self.ownIDs)
        let out = folder.path("out.json")
        let rendered = CLIRunner.run(["render", log, "-o", out])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("\"replyTo\" : \"ana.lima-2\""))
    }
}

@Suite("Standard error under --redact --anonymize")
struct AnonymizedDiagnosticsTests {
    static let log = """
        {"type":"conversation","title":"Ana Lima trip","participants":[{"id":"ana","name":"Ana Lima"},{"id":"+44 7700 900123","name":"Ben Okafor"}]}
        {"id":"ana-lima-1","sender":"ana","time":"2026-03-01T10:00:00Z","text":"hi"}
        {"id":"ana-lima-1","sender":"+44 7700 900123","time":"2026-03-01T10:01:00Z","text":"hello"}
        {"id":"ben.okafor-447700900123","sender":"+44 7700 900123","time":"2026-03-01T10:02:00Z","text":""}
        """

    @Test("Notes and warnings name no participant, title, number or export id; the input's path stays")
    func noRealNames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var inputs = [try folder.write("chat.jsonl", Self.log)]
        if let shared = Fixtures.shared {
            inputs.append(shared.appendingPathComponent("telegram/chat-analytics/DM_2A_7M.json").path)
            inputs.append(shared.appendingPathComponent("messenger/chat-analytics/2A_7M.json").path)
        }
        for input in inputs {
            let plain = CLIRunner.run(["render", input, "-o", folder.path("plain.json")])
            let result = CLIRunner.run(["render", input, "--redact", "--anonymize", "-o", folder.path("out.json")])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!plain.stderr.isEmpty && !result.stderr.isEmpty)
            #expect(result.stderr.contains(input))
            let stderr = result.stderr.replacingOccurrences(of: input, with: "INPUT")
            for needle in ["Ana", "Lima", "Okafor", "7700", "ana-lima-1", "Alice", "Bob"] {
                #expect(!stderr.contains(needle), "\(needle) in \(stderr)")
            }
        }
    }
}
