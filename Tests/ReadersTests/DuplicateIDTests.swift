import ScrollbackModel
import ScrollbackReaders
import Testing

@Suite("Duplicate ids")
struct DuplicateIDTests {
    @Test("Two messages with one id are read, with a warning naming both")
    func warns() throws {
        let markdown = try read(
            "### ana · 2026-11-28 09:00 {#a}\nHi\n### ben · 2026-11-28 09:01 {#a}\nYo\n", name: "d.md")
        #expect(markdown.conversations[0].messages.count == 2)
        #expect(
            markdown.report.warnings.map(\.description) == [
                #"d.md:3:1: message 2 has the id "a" of message 1; links and replies to it reach only the first."#
            ])
        let json = try read(
            #"{"messages": [{"id": "x", "sender": "a", "time": "2026-01-01T00:00:00Z", "text": "Hi"}, {"id": "x", "sender": "b", "time": "2026-01-01T00:00:00Z", "text": "Yo"}]}"#,
            name: "d.json")
        #expect(json.report.warnings.count == 1)
    }
}
