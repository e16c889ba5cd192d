import ScrollbackReaders
import Testing

@Suite("Messages with nothing to show")
struct EmptyMessageWarningTests {
    static func warnings(_ text: String, name: String) throws -> [String] {
        try Readers.read(ChatInput(name: name, bytes: Array(text.utf8))).report.warnings.map(\.description)
    }

    @Test("A native log that wrote body for text warns, naming the message, its line and the unknown field")
    func nativeBody() throws {
        let log = """
            {"version": 1, "messages": [
              {"id": "m1", "sender": "ana", "time": "2026-11-28T09:14:00Z", "text": "hi"},
              {"id": "m2", "sender": "ana", "time": "2026-11-28T09:15:00Z", "body": "lost", "colour": "red"}]}
            """
        let warnings = try Self.warnings(log, name: "chat.json")
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.hasPrefix("chat.json:3:"))
        #expect(warning.contains("message 2 (id \"m2\") has neither text nor attachments"))
        #expect(warning.contains("\"body\", \"colour\""))
    }

    @Test("A JSON Lines message still empty at the end warns; one an update filled does not")
    func jsonLines() throws {
        let log = """
            {"id": "a", "sender": "ana", "time": "2026-11-28T09:14:00Z", "content": "lost"}
            {"id": "b", "sender": "ana", "time": "2026-11-28T09:15:00Z", "text": ""}
            {"id": "b", "text": "filled in later"}
            """
        let warnings = try Self.warnings(log, name: "chat.jsonl")
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("message 1 (id \"a\")") == true)
        #expect(warnings.first?.contains("\"content\"") == true)
    }

    @Test("Deleted messages, system lines and attachments alone are not empty bubbles")
    func notEmpty() throws {
        let log = """
            {"version": 1, "messages": [
              {"id": "m1", "sender": "ana", "time": "2026-11-28T09:14:00Z", "deleted": true},
              {"id": "m2", "kind": "system", "time": "2026-11-28T09:15:00Z", "text": "Ana joined"},
              {"id": "m3", "sender": "ana", "time": "2026-11-28T09:16:00Z",
               "attachments": [{"type": "image/png", "url": "https://example.com/a.png"}]}]}
            """
        #expect(try Self.warnings(log, name: "chat.json").isEmpty)
    }
}
