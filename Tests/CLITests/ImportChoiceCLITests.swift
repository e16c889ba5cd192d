import Foundation
import TestSupport
import Testing

/// How the command line names the conversations of an export and what its import report says.
@Suite("Import choices and reports on the command line", .enabled(if: Fixtures.shared != nil))
struct ImportChoiceCLITests {
    static func fixture(_ path: String) throws -> String {
        try #require(Fixtures.shared).appendingPathComponent(path).path
    }

    @Test("Without --conversation the error lists each conversation by its title with its id")
    func choicesNameTitles() throws {
        let result = CLIRunner.run(["render", try Self.fixture("telegram/telegram-export-md/result.json")])
        #expect(result.status == 1)
        #expect(result.stderr.contains(#""Gaming Crew" (id 42), "Saved Messages" (id 7)"#))
    }

    @Test("--conversation takes a title as well as an id", arguments: ["42", "Gaming Crew", "gaming crew"])
    func titleOrID(_ choice: String) throws {
        let output = TestFolders.path("choice", suffix: ".json")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = CLIRunner.run([
            "render", try Self.fixture("telegram/telegram-export-md/result.json"), "--conversation", choice,
            "--format", "json", "-o", output.path,
        ])
        #expect(result.status == 0)
        let json = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        #expect(json.contains(#""title" : "Gaming Crew""#))
    }

    @Test("An unknown --conversation lists the choices by title and id")
    func unknownChoice() throws {
        let result = CLIRunner.run([
            "render", try Self.fixture("chatgpt/chatgpt-explorer/conversations.json"), "--conversation", "nope",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no conversation is named \"nope\""))
        #expect(result.stderr.contains("(id "))
    }

    @Test("A hint to pass --me is printed without --me and left out with it")
    func meHint() throws {
        let path = try Self.fixture("whatsapp/chat-analytics/2A_5M.txt")
        let output = TestFolders.path("hint", suffix: ".txt")
        defer { try? FileManager.default.removeItem(at: output) }
        let without = CLIRunner.run(["render", path, "--format", "text", "-o", output.path])
        #expect(without.stderr.contains("--me"))
        let with = CLIRunner.run(["render", path, "--format", "text", "--me", "A", "-o", output.path])
        #expect(with.status == 0)
        #expect(!with.stderr.contains("--me") && !with.stderr.contains("`me`"))
    }

    @Test("A WhatsApp zip's photos are read from inside the zip and inlined in the page")
    func zipPhotosInline() throws {
        let output = TestFolders.path("zip", suffix: ".html")
        defer { try? FileManager.default.removeItem(at: output) }
        let path = try Self.fixture("whatsapp/whatsapp-chat-parser-website/whatsapp-chat-parser-example.zip")
        let result = CLIRunner.run(["render", path, "-o", output.path])
        #expect(result.status == 0)
        let html = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        #expect(html.contains("data:image/jpeg;base64,/9j/"))
    }

    @Test("A site of a WhatsApp zip copies the zip's media into the site and links them")
    func zipMediaInSite() throws {
        let site = TestFolders.path("zip-site")
        defer { try? FileManager.default.removeItem(at: site) }
        let path = try Self.fixture("whatsapp/whatsapp-chat-parser-website/whatsapp-chat-parser-example.zip")
        let result = CLIRunner.run(["site", path, "-o", site.path])
        #expect(result.status == 0)
        #expect(!result.stderr.contains("is missing"))
        let media = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("media").path)
        #expect(media.filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".mp4") || $0.hasSuffix(".mp3") }.count == 3)
    }
}
