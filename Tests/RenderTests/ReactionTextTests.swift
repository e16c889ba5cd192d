import Scrollback
import Testing

@Suite("Reactions in text output")
struct ReactionTextTests {
    @Test("A workspace's own emoji is shown whole, with its count, not cut to a few letters")
    func customReactionWhole() throws {
        var message = Message(id: "m1", sender: "ana", time: Timestamp(seconds: 1_709_280_000), text: "hi")
        message.reactions = [Reaction(emoji: ":custom-parrot:", by: ["ben", "cy"])]
        let transcript = Transcript(participants: [Participant(id: "ana")], messages: [message])
        var options = RenderOptions()
        options.terminal = TerminalOptions(width: 80, color: nil)
        let text = try transcript.render(.text, options: options)
        #expect(text.contains(":custom-parrot: 2"))
        #expect(!text.contains("…"))
    }
}
