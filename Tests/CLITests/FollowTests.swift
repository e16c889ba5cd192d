import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackCLI

@Suite("follow")
struct FollowTests {
    /// An example log as JSON Lines: a header, every message with its status first `sent`,
    /// then update lines (same id) that set the real statuses.
    static func jsonLines(from example: String) throws -> String {
        let data = try Data(contentsOf: Fixtures.example(example + ".json"))
        var root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let messages = try #require(root.removeValue(forKey: "messages") as? [[String: Any]])
        root["type"] = "conversation"
        func line(_ object: [String: Any]) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
        var lines = [try line(root)]
        var updates: [String] = []
        for var message in messages {
            if let status = message["status"] as? String, let id = message["id"] as? String {
                message["status"] = "sent"
                updates.append(try line(["id": id, "status": status]))
            }
            lines.append(try line(message))
        }
        return (lines + updates).joined(separator: "\n") + "\n"
    }

    /// Writes `contents` to a file named `name` in a fresh test folder and returns its URL.
    static func temporaryFile(_ name: String, _ contents: String) throws -> URL {
        let url = try TestFolders.folder("follow").appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test(
        "Off a terminal, following a whole log prints what render prints", arguments: ["weekend-plans", "hiking-club"])
    func matchesRender(example: String) throws {
        let file = try Self.temporaryFile("\(example).jsonl", try Self.jsonLines(from: example))
        let captured = Capture()
        var console = Console(out: { captured.append($0) }, err: { captured.append($0) })
        let status = CommandLineTool.run(["follow", file.path, "--once", "--width", "60"], console: &console)
        #expect(status == 0)
        var options = RenderOptions()
        options.terminal = TerminalOptions(width: 60)
        let expected = try Transcript.load(path: Fixtures.example(example + ".json").path).render(
            .text, options: options)
        #expect(captured.text == expected)
    }

    @Test("An update line changes the status shown; a broken line is a located error")
    func updatesAndErrors() throws {
        let lines = """
            {"type":"conversation","me":"ana"}
            {"id":"a","sender":"ana","time":"2026-11-28T09:15:00Z","text":"yo","status":"sending"}
            {"id":"a","status":"read"}
            """
        let file = try Self.temporaryFile("update.jsonl", lines + "\n")
        let captured = Capture()
        var console = Console(out: { captured.append($0) }, err: { captured.append($0) })
        #expect(CommandLineTool.run(["follow", file.path, "--once", "--width", "40"], console: &console) == 0)
        #expect(captured.text.contains("09:15 · Read"))
        #expect(!captured.text.contains("Sending"))

        let broken = try Self.temporaryFile("broken.jsonl", lines + "\n{\"id\": \"b\", \"sender\": \"ben\"}\n")
        let errors = Capture()
        var errorConsole = Console(out: { _ in }, err: { errors.append($0) })
        #expect(CommandLineTool.run(["follow", broken.path, "--once"], console: &errorConsole) == 1)
        #expect(errors.text.hasPrefix("scrollback: error: \(broken.path):4:1: "))
        #expect(errors.text.contains("has no \"time\""))
    }
}
