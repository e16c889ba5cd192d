import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

@Suite("ChatGPT import")
struct ChatGPTImportTests {
    static func node(_ id: String, parent: String?, children: [String], message: String?) -> String {
        let parentText = parent.map { "\"\($0)\"" } ?? "null"
        let childText = children.map { "\"\($0)\"" }.joined(separator: ",")
        return
            "\"\(id)\": {\"id\": \"\(id)\", \"parent\": \(parentText), \"children\": [\(childText)], \"message\": \(message ?? "null")}"
    }

    static func message(_ id: String, role: String, time: Double?, parts: String, extra: String = "") -> String {
        let timeText = time.map { String($0) } ?? "null"
        return """
            {"id": "\(id)", "author": {"role": "\(role)"}, "create_time": \(timeText),
             "content": {"content_type": "text", "parts": [\(parts)]}, "recipient": "all"\(extra)}
            """
    }

    static let export = """
        [{"id": "conv-1", "title": "Tables", "create_time": 1704067200.5, "current_node": "n5", "mapping": {
          \(node("root", parent: nil, children: ["n0"], message: nil)),
          \(node("n0", parent: "root", children: ["n1"], message: message("s", role: "system", time: nil, parts: "\"\""))),
          \(node("n1", parent: "n0", children: ["n2", "n2b"], message: message("u1", role: "user", time: 1704067201.25, parts: "\"What is *2*3*?\""))),
          \(node("n2", parent: "n1", children: [], message: message("a-old", role: "assistant", time: 1704067202, parts: "\"old answer\""))),
          \(node("n2b", parent: "n1", children: ["n3"], message: message("a1", role: "assistant", time: 1704067203, parts: "\"| a | b |\\n|---|---|\\n| 1 | 2 |\\n\\n```swift\\nlet x = 1\\n```\""))),
          \(node("n3", parent: "n2b", children: ["n4"], message: """
            {"id": "t1", "author": {"role": "tool", "name": "python"}, "create_time": 1704067204,
             "content": {"content_type": "execution_output", "text": "6"}, "recipient": "all"}
            """)),
          \(node("n4", parent: "n3", children: ["n5"], message: """
            {"id": "c1", "author": {"role": "assistant"}, "create_time": 1704067205,
             "content": {"content_type": "code", "language": "python", "text": "2*3"}, "recipient": "python"}
            """)),
          \(node("n5", parent: "n4", children: [], message: message("a2", role: "assistant", time: 1704067206, parts: "\"Six.\"")))
        }},
         {"title": "No times", "mapping": {
          \(node("x0", parent: nil, children: ["x1"], message: nil)),
          \(node("x1", parent: "x0", children: ["x2a", "x2"], message: message("q", role: "user", time: nil, parts: "\"hi\""))),
          \(node("x2a", parent: "x1", children: [], message: message("r-old", role: "assistant", time: nil, parts: "\"first try\""))),
          \(node("x2", parent: "x1", children: [], message: message("r", role: "assistant", time: nil, parts: "\"hello\"")))
         }}]
        """

    @Test("The branch ending at current_node is followed back to the root; other branches are left out")
    func branch() throws {
        let result = try ImportTesting.read(Self.export, name: "conversations.json", format: .chatgpt)
        let first = result.conversations[0]
        #expect(first.id == "conv-1" && first.title == "Tables")
        #expect(first.messages.map(\.id) == ["u1", "a1", "t1", "c1", "a2"])
        #expect(first.me == "user")
    }

    @Test("Without current_node the newest child is followed, and a conversation without times is undated")
    func noCurrentNode() throws {
        let result = try ImportTesting.read(Self.export, name: "conversations.json", format: .chatgpt)
        let second = result.conversations[1]
        #expect(second.id == "conversation-2")
        #expect(second.messages.map(\.id) == ["q", "r"])
        #expect(second.undated)
        #expect(second.messages[0].time < second.messages[1].time)
        #expect(result.report.inferences.contains { $0.contains("without times") })
    }

    @Test("User text is plain, assistant Markdown (tables, code) is kept, tools and code calls are hidden")
    func roles() throws {
        let result = try ImportTesting.read(Self.export, name: "conversations.json", format: .chatgpt)
        let messages = result.conversations[0].messages
        #expect(messages[0].format == .plain && messages[0].text == "What is *2*3*?" && messages[0].sender == "user")
        #expect(messages[1].text.contains("| a | b |") && messages[1].text.contains("```swift"))
        #expect(messages[1].hidden == false)
        #expect(messages[2].hidden && messages[2].sender == "tool")
        #expect(messages[3].hidden && messages[3].text == "```python\n2*3\n```")
        #expect(result.report.inferences.contains { $0.contains("skipped 1 empty message") })
    }

    @Test("create_time floats become timestamps with their fractions")
    func times() throws {
        let messages = try ImportTesting.read(Self.export, name: "c.json", format: .chatgpt).conversations[0].messages
        #expect(messages[0].time.description == "2024-01-01T00:00:01.25Z")
    }
}

@Suite("ChatGPT real exports", .enabled(if: Fixtures.shared != nil))
struct ChatGPTFixtureTests {
    @Test("Messages without times are dated by their conversation's create_time and keep their order")
    func conversationTimes() throws {
        let path = try #require(Fixtures.shared).appendingPathComponent("chatgpt/chatgpt-explorer/conversations.json")
        let result = try Readers.read(try ChatInput.load(path.path))
        for (index, conversation) in result.conversations.enumerated() {
            #expect(!conversation.undated)
            let start = Int64(1_700_000_000 + index * 1_000_000)
            #expect(conversation.messages.first?.time.seconds == start)
            #expect(conversation.messages.map(\.time) == conversation.messages.map(\.time).sorted())
        }
        #expect(result.report.inferences.contains { $0.contains("conversation's own time") })
    }

    @Test("The tool is listed only in a conversation where it shows, so a two-way chat is not read as a group")
    func toolParticipant() throws {
        let path = try #require(Fixtures.shared).appendingPathComponent(
            "chatgpt/chatgpt-export-parser/example-conversation.json")
        let chat = try Readers.read(try ChatInput.load(path.path)).conversations[0]
        #expect(chat.participants.map(\.id) == ["user", "assistant"])
    }

    @Test("Code the assistant shows the chat (recipient \"all\") is a fenced block; code sent to a tool stays hidden")
    func shownCode() throws {
        let code = """
            {"id": "c0", "author": {"role": "assistant"}, "create_time": 1704067205,
             "content": {"content_type": "code", "language": "python", "text": "print(6)"}, "recipient": "all"}
            """
        let shown = try #require(
            ChatGPTContent.message(try ImportJSON.parse(InputBytes(Array(code.utf8)), file: "c.json"), files: []))
        #expect(!shown.hidden && shown.text == "```python\nprint(6)\n```" && shown.sender == "assistant")
        let first = try ImportTesting.read(ChatGPTImportTests.export, name: "conversations.json", format: .chatgpt)
            .conversations[0]
        #expect(first.messages.first { $0.id == "c1" }?.hidden == true)
    }
}
