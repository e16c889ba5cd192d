// The code between the markers is the worked example in docs/LIBRARY.md;
// LibraryDocTests fails when the two differ.
// BEGIN LIBRARY EXAMPLE
import Foundation
import Scrollback
import ScrollbackTesting
import Testing

@Suite("Support chat transcripts")
struct SupportChatSnapshotTests {
    /// The conversation under test, built in code the way a support bot builds it.
    static func conversation() throws -> Transcript {
        func at(_ time: String) throws -> Timestamp { try #require(Timestamp(rfc3339: time)) }
        return Transcript(
            title: "Order 1234", me: "bot", timeZone: "Europe/Lisbon",
            participants: [Participant(id: "bot", name: "Help Bot"), Participant(id: "sam", name: "Sam")],
            messages: [
                Message(id: "q1", sender: "sam", time: try at("2026-11-28T09:14:00Z"), text: "Where is my parcel?"),
                Message(
                    id: "a1", sender: "bot", time: try at("2026-11-28T09:14:05Z"),
                    text: "It left the depot this **morning**.", status: .read),
            ])
    }

    @Test("The support conversation lays out as recorded")
    func layout() throws {
        let json = try Self.conversation().render(.json)
        expectSnapshot(json, named: "support-chat.json")
    }

    @Test("A log read from bytes renders like the same conversation built in code")
    func fromData() throws {
        let log = Data(
            """
            {"version": 1, "title": "Order 1234", "me": "bot", "timeZone": "Europe/Lisbon",
             "participants": [{"id": "bot", "name": "Help Bot"}, {"id": "sam", "name": "Sam"}],
             "messages": [
              {"id": "q1", "sender": "sam", "time": "2026-11-28T09:14:00Z", "text": "Where is my parcel?"},
              {"id": "a1", "sender": "bot", "time": "2026-11-28T09:14:05Z",
               "text": "It left the depot this **morning**.", "status": "read"}]}
            """.utf8)
        let transcript = try Transcript.load(data: log, name: "support-chat.json")
        let options = RenderOptions(terminal: TerminalOptions(width: 60))
        for format in [OutputFormat.text, .json, .html] {
            #expect(
                try transcript.render(format, options: options) == Self.conversation().render(format, options: options))
        }
    }
}
// END LIBRARY EXAMPLE
