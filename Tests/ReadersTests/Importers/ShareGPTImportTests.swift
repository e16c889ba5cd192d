import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

@Suite("ShareGPT import")
struct ShareGPTImportTests {
    @Test(
        "FastChat's ShareGPT file is read as LLM chats, one conversation per item", .enabled(if: Fixtures.shared != nil)
    )
    func fastChatFixture() throws {
        let path = try #require(Fixtures.shared)
            .appendingPathComponent("llm-chat/sharegpt/FastChat-dummy_conversation.json").path
        let input = try ChatInput.load(path)
        #expect(try Readers.detect(input) == .sharegpt)
        let result = try Readers.read(input)
        #expect(result.conversations.count == 500)
        let first = result.conversations[0]
        #expect(first.id == "identity_0" && first.undated && first.me == "user")
        #expect(first.messages.map(\.sender) == ["user", "assistant", "user", "assistant"])
        #expect(first.messages[0].text == "Who are you?" && first.messages[0].format == .plain)
        #expect(first.messages[3].text == "You too!")
    }

    @Test("System and tool turns are kept hidden; the model's text is Markdown")
    func rolesAndHidden() throws {
        let text = """
            [{"id": "a", "conversations": [{"from": "system", "value": "Be kind"}, {"from": "human", "value": "2*3*4?"},
             {"from": "function_call", "value": "{}"}, {"from": "gpt", "value": "**24**"}]}]
            """
        let transcript = try ImportTesting.transcript(text, name: "data.json")
        #expect(transcript.messages.map(\.hidden) == [true, false, true, false])
        #expect(transcript.messages[0].kind == .system)
        #expect(transcript.messages[1].format == .plain && transcript.messages[3].format == .markdown)
    }

    @Test(
        "A ShareGPT file is told by its first turn, white space allowed; other conversations members are not",
        arguments: [
            (#"[{"id": "a", "conversations": [{"from": "human", "value": "Hi"}]}]"#, true),
            ("[ {\n  \"conversations\" :\n [\n {\t\"value\": \"Hi\", \"from\": \"human\"}]}]", true),
            (#"{"conversations": [{"from": "gpt", "value": "One item"}]}"#, true),
            (#"[{"conversations": []}, {"conversations": [{"from": "human", "value": "Hi"}]}]"#, true),
            (#"[{"conversations": "none"}]"#, false),
            (#"[{"title": "x", "conversations": [{"role": "user"}]}]"#, false),
        ])
    func detection(text: String, isShareGPT: Bool) throws {
        let input = ChatInput(name: "data.json", bytes: Array(text.utf8))
        let detected = try? Readers.detect(input)
        #expect((detected == .sharegpt) == isShareGPT, "\(text): \(String(describing: detected))")
    }
}
