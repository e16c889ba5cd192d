import Scrollback
import Testing

@Suite("Poll voters")
struct PollVotersTests {
    static let transcript: Transcript = {
        var message = Message(id: "m1", sender: "ana", time: Timestamp(seconds: 1_709_280_000), text: "")
        let poll = Poll(
            question: "Lunch?", options: [PollOption(text: "Pizza", by: ["ana", "ben"]), PollOption(text: "Soup")])
        message.attachments = [Attachment(type: "poll", poll: poll)]
        return Transcript(
            participants: [Participant(id: "ana", name: "Ana"), Participant(id: "ben", name: "Ben")],
            messages: [message])
    }()

    @Test("The page lists who voted for each option in a collapsed list, named, and none for an option without voters")
    func html() throws {
        let html = try Self.transcript.render(.html, options: RenderOptions())
        #expect(
            html.contains(
                #"<details class="sb-poll-voters"><summary>Voters</summary><span class="sb-poll-names" dir="auto">Ana, Ben</span></details>"#
            ))
        #expect(html.components(separatedBy: "sb-poll-voters\"").count == 2)
    }

    @Test("Text output lists who voted under each option")
    func text() throws {
        var options = RenderOptions()
        options.terminal = TerminalOptions(width: 60, color: nil)
        let lines = try Self.transcript.render(.text, options: options).split(separator: "\n")
        let pizza = try #require(lines.firstIndex { $0.contains("▪ Pizza") })
        #expect(lines[pizza + 1].contains("Ana, Ben"))
        // The voters sit under the answer's words, not under its `▪`.
        let column = { (line: Substring, text: String) in
            line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
        }
        #expect(column(lines[pizza + 1], "Ana") == column(lines[pizza], "Pizza"))
    }
}
