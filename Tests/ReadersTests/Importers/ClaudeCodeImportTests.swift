import ScrollbackModel
import Testing

@testable import ScrollbackReaders

@Suite("Claude Code import")
struct ClaudeCodeImportTests {
    static let session = """
        {"type":"summary","summary":"Hello function","leafUuid":"u4"}
        {"type":"user","timestamp":"2025-12-24T10:00:00.000Z","sessionId":"s1","uuid":"u1","message":{"role":"user","content":"Write *hello*"}}
        {"type":"assistant","timestamp":"2025-12-24T10:00:05.000Z","sessionId":"s1","uuid":"u2","message":{"role":"assistant","content":[{"type":"text","text":"Writing **it**."},{"type":"tool_use","id":"t1","name":"Write","input":{"file_path":"hello.py","content":"print(1)\\n"}}]}}
        "just a string"
        {"type":"user","timestamp":"2025-12-24T10:00:06.000Z","sessionId":"s1","uuid":"u3","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]}}
        {"type":"assistant","timesstamp":"broken","sessionId":"s1","uuid":"u9","message":{"role":"assistant","content":"lost"}}
        {"type":"assistant","timestamp":"2025-12-24T10:00:09.000Z","sessionId":"s1","uuid":"u4","message":{"role":"assistant","content":[{"type":"text","text":"Done."}]}}
        """

    @Test("Text is shown, tool calls and results are kept hidden, and broken lines are skipped with their line")
    func session() throws {
        let result = try ImportTesting.read(Self.session, name: "s1.jsonl")
        #expect(result.format == .claudeCode)
        let transcript = result.conversations[0]
        #expect(transcript.id == "s1" && transcript.title == "Hello function" && transcript.me == "user")
        #expect(transcript.messages.map(\.id) == ["u1", "u2", "u2-tools", "u3", "u4"])
        #expect(transcript.messages.map(\.hidden) == [false, false, true, true, false])
        #expect(transcript.messages[0].format == .plain && transcript.messages[0].text == "Write *hello*")
        #expect(transcript.messages[2].text.contains(#"{"file_path": "hello.py", "content": "print(1)\n"}"#))
        #expect(result.report.skipped.map { $0.location?.line } == [4, 6])
        #expect(result.report.skipped[1].text.contains("timestamp"))
    }

    @Test("The layout shows the user on the right and Claude's two replies as separate chains around hidden tools")
    func layout() throws {
        let layout = try ImportTesting.layout(try ImportTesting.transcript(Self.session, name: "s1.jsonl"))
        #expect(layout.chainIDs == [["u1"], ["u2", "u4"]])
        #expect(layout.chains.first?["alignment"] as? String == "trailing")
    }
}
