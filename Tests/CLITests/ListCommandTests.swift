import Foundation
import Scrollback
import TestSupport
import Testing

@Suite("list: the conversations of an export, one a line, or as JSON")
struct ListCommandTests {
    /// Every fixture of a format that holds several conversations (Telegram full exports, Slack
    /// workspaces, ChatGPT and Claude.ai conversations.json, Messenger).
    static let inputs = [
        "chatgpt/chatgpt-explorer/conversations.json", "claude-ai-export/anthropic-data/conversations.json",
        "telegram/Telegram-Export-Parser/test_data.json", "telegram/telegram-export-md/result.json",
        "telegram/chat-miner/test_batch_export.json", "slack/slack-export-viewer/testarchive",
        "slack/slack-export-viewer/testarchive.zip", "slack/slackdump/source_export_dir",
        "messenger/chat-analytics/2A_7M.json",
    ]

    @Test("Each conversation is a line: id, title, messages, first and last day", arguments: inputs)
    func text(_ name: String) throws {
        let shared = try #require(Fixtures.shared)
        let path = shared.appendingPathComponent(name).path
        let conversations = try Readers.read(try ChatInput.load(path)).conversations
        let run = CLIRunner.run(["list", path])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == conversations.count)
        for (line, conversation) in zip(lines, conversations) {
            let count = conversation.messages.count
            #expect(line.hasPrefix(conversation.id ?? ""), "\(line)")
            #expect(line.contains(conversation.title ?? "(no title)"), "\(line)")
            #expect(line.contains("\(count) message\(count == 1 ? "" : "s")"), "\(line)")
            #expect(line.contains(/\d{4}-\d\d-\d\d  \d{4}-\d\d-\d\d$/), "\(line)")
        }
    }

    @Test("--format json gives the same conversations for scripts", arguments: inputs)
    func json(_ name: String) throws {
        let shared = try #require(Fixtures.shared)
        let path = shared.appendingPathComponent(name).path
        let conversations = try Readers.read(try ChatInput.load(path)).conversations
        let run = CLIRunner.run(["list", path, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == conversations.count)
        for (number, (item, conversation)) in zip(items, conversations).enumerated() {
            #expect(item["id"] as? String == conversation.id ?? "\(number + 1)")
            #expect(item["messages"] as? Int == conversation.messages.count)
            #expect((item["first"] as? String)?.count == 10)
            #expect((item["last"] as? String)?.count == 10)
            #expect(Set(item.keys) == ["id", "title", "messages", "first", "last"])
        }
    }

    @Test("render's error for an input of several conversations points to list, and an id from list picks one")
    func pointsToList() throws {
        let shared = try #require(Fixtures.shared)
        let path = shared.appendingPathComponent("telegram/telegram-export-md/result.json").path
        let run = CLIRunner.run(["render", path, "--format", "text", "-q"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("'scrollback list' shows them"), "\(run.stderr)")
        let id = try #require(CLIRunner.run(["list", path, "-q"]).stdout.split(separator: " ").first)
        #expect(CLIRunner.run(["render", path, "--conversation", String(id), "--format", "text", "-q"]).status == 0)
    }

    @Test("list's notes say how dates were read, not who is me (list takes no --me); -q leaves them out")
    func notes() throws {
        let shared = try #require(Fixtures.shared)
        let path = shared.appendingPathComponent(
            "whatsapp/whatsapp-chat-parser-website/whatsapp-chat-parser-example.zip")
        let loud = CLIRunner.run(["list", path.path])
        #expect(loud.status == 0)
        #expect(loud.stderr.contains("scrollback: note: dates read as day/month/year"), "\(loud.stderr)")
        #expect(!loud.stderr.contains("--me") && !loud.stderr.contains("exporter"), "\(loud.stderr)")
        #expect(CLIRunner.run(["render", path.path, "--format", "text"]).stderr.contains("--me NAME"))
        let quiet = CLIRunner.run(["list", path.path, "-q"])
        #expect(quiet.stderr == "" && quiet.stdout == loud.stdout)
    }
}
