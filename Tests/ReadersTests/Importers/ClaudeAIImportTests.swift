import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

@Suite("Claude.ai import")
struct ClaudeAIImportTests {
    static let export = """
        [{"uuid": "c1", "name": "Trip", "created_at": "2025-01-02T10:00:00Z", "updated_at": "2025-01-02T10:05:00Z",
          "chat_messages": [
           {"uuid": "h1", "sender": "human", "created_at": "2025-01-02T10:00:01.5Z", "text": "Plan *2* days",
            "content": [{"type": "text", "text": "Plan *2* days"}],
            "attachments": [{"file_name": "notes.txt", "file_size": 120, "file_type": "text/plain",
                             "extracted_content": "Day one: museum\\nDay two: hike"}],
            "files": [{"file_name": "map.png"}]},
           {"uuid": "a1", "sender": "assistant", "created_at": "2025-01-02T10:00:09Z", "text": "",
            "content": [{"type": "thinking", "thinking": "They want two days."},
                        {"type": "tool_use", "name": "web_search", "input": {"query": "hikes"}},
                        {"type": "tool_result", "content": [{"type": "text", "text": "3 results"}]},
                        {"type": "text", "text": "**Day 1**: museum"}]},
           {"uuid": "h2", "sender": "human", "created_at": "2025-01-02T10:01:00Z", "text": "", "content": []}]},
         {"uuid": "c2", "name": "", "created_at": "2025-01-03T10:00:00Z", "chat_messages": []}]
        """

    @Test("Each conversation's chat messages are read: the human is me, text blocks shown, thinking and tools hidden")
    func conversations() throws {
        let input = ChatInput(name: "conversations.json", bytes: Array(Self.export.utf8))
        #expect(try Readers.detect(input) == .claudeAI)
        let result = try Readers.read(input)
        #expect(result.conversations.map(\.id) == ["c1", "c2"])
        let trip = result.conversations[0]
        #expect(trip.title == "Trip" && trip.me == "human")
        #expect(trip.participants.map(\.name) == ["You", "Claude"])
        let shown = trip.messages.filter { !$0.hidden }
        #expect(shown.map(\.id) == ["h1", "a1"])
        #expect(shown[0].format == .plain && shown[0].text == "Plan *2* days")
        #expect(shown[0].time.description == "2025-01-02T10:00:01.5Z")
        #expect(shown[1].text == "**Day 1**: museum" && shown[1].sender == "assistant")
        #expect(trip.messages.filter(\.hidden).count == 3)
        #expect(result.report.inferences.contains { $0.contains("kept hidden 3") })
        #expect(result.report.inferences.contains { $0.contains("skipped 1 empty message") })
    }

    @Test("Attachments keep their name, size and a preview of the extracted text; uploaded files are left out")
    func attachments() throws {
        let trip = try ImportTesting.read(Self.export, name: "conversations.json").conversations[0]
        let files = trip.messages[0].attachments
        #expect(files.map(\.name) == ["notes.txt", "map.png"])
        #expect(files[0].size == 120 && files[0].description == "Day one: museum" && files[0].omitted)
        #expect(files[1].kind == .image && files[1].omitted && files[1].path == nil)
    }

    @Test("The real export is read from its file and from its folder", .enabled(if: Fixtures.shared != nil))
    func realExport() throws {
        let folder = try #require(Fixtures.shared).appendingPathComponent("claude-ai-export/anthropic-data").path
        for input in [try ChatInput.load(folder), try ChatInput.load(folder + "/conversations.json")] {
            #expect(try Readers.detect(input) == .claudeAI)
            let result = try Readers.read(input)
            let chat = try #require(result.conversations.first)
            #expect(chat.title == "Bleep bloop")
            let shown = chat.messages.filter { !$0.hidden }
            #expect(shown.map(\.sender) == ["human", "assistant"])
            #expect(shown[1].text.hasPrefix("Dog saliva does contain"))
            #expect(chat.messages.filter(\.hidden).first?.text.hasPrefix("The user is asking") == true)
        }
    }

    @Test("A content block of a type the reader does not know is kept hidden and named in the report")
    func unknownBlocks() throws {
        let text = """
            [{"uuid": "c", "name": "X", "chat_messages": [
              {"uuid": "a", "sender": "assistant", "created_at": "2025-01-02T10:00:00Z",
               "content": [{"type": "text", "text": "hi"}, {"type": "canvas", "text": "drawing"}]}]}]
            """
        let result = try ImportTesting.read(text, name: "conversations.json", format: .claudeAI)
        #expect(result.conversations[0].messages.filter(\.hidden).map(\.text) == ["drawing"])
        #expect(result.report.warnings.contains { $0.text.contains("not shown: \"canvas\" content (1 block)") })
    }

    @Test("--input-format claude-ai names the format")
    func formatName() {
        #expect(InputFormat(rawValue: "claude-ai") == .claudeAI)
        #expect(Readers.reader(for: .claudeAI) != nil)
    }
}

@Suite("Export folders")
struct ExportFolderTests {
    @Test("A folder holding a Telegram result.json is read from the folder")
    func telegramFolder() throws {
        let folder = try ImportTesting.folder([
            "result.json": """
            {"name": "Ben", "type": "personal_chat", "id": 5, "messages": [
              {"id": 1, "type": "message", "date": "2024-01-01T10:00:00", "date_unixtime": "1704103200",
               "from": "Ben", "from_id": "user2", "text": "", "photo": "photos/p.jpg"}]}
            """,
            "photos/p.jpg": "jpeg",
        ])
        let input = try ChatInput.load(folder)
        #expect(try Readers.detect(input) == .telegram)
        let result = try Readers.read(input)
        #expect(result.conversations[0].messages[0].attachments.first?.path == "photos/p.jpg")
        #expect(result.report.warnings.isEmpty)
    }
}
