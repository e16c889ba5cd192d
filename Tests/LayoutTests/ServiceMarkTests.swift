import ScrollbackLayout
import ScrollbackModel
import TestSupport
import Testing

@Suite("Layout: the service a message went by (SMS, RCS, iMessage)")
struct ServiceMarkTests {
    /// Per chain, each bubble's service label (`-` where none is shown).
    private func labels(_ chat: TranscriptBuilder) throws -> [[String]] {
        let layout = try LayoutEngine.layout(chat.transcript)
        return layout.days.flatMap(\.chains).map { chain in
            chain.bubbles.map { layout.presentation(of: $0).serviceLabel ?? "-" }
        }
    }

    private func say(_ chat: inout TranscriptBuilder, _ sender: String, at time: String, by service: String?) {
        chat.say(sender, at: time)
        if let service {
            chat.transcript.messages[chat.transcript.messages.count - 1].meta = .object(["service": .string(service)])
        }
    }

    @Test("A chain sent by SMS or RCS names it on its first bubble; an iMessage chain is not marked")
    func firstOfChain() throws {
        var chat = TranscriptBuilder(me: "ana", participants: ["ana", "ben"])
        say(&chat, "ana", at: "09:00", by: "SMS")
        say(&chat, "ana", at: "09:01", by: "SMS")
        say(&chat, "ben", at: "09:02", by: "iMessage")
        say(&chat, "ben", at: "09:03", by: "iMessage")
        say(&chat, "ana", at: "09:04", by: "rcs")
        #expect(try labels(chat) == [["SMS", "-"], ["-", "-"], ["RCS"]])
    }

    @Test("Where the service changes inside a chain, the bubble names the new one, iMessage too")
    func changeInsideChain() throws {
        var chat = TranscriptBuilder(me: "ana", participants: ["ana", "ben"])
        say(&chat, "ana", at: "09:00", by: "iMessage")
        say(&chat, "ana", at: "09:01", by: "SMS")
        say(&chat, "ana", at: "09:02", by: "SMS")
        say(&chat, "ana", at: "09:03", by: "iMessage")
        #expect(try labels(chat) == [["-", "SMS", "-", "iMessage"]])
    }

    @Test("A log that does not say how messages went shows no service, and system lines never do")
    func noService() throws {
        var chat = TranscriptBuilder(me: "ana", participants: ["ana", "ben"])
        say(&chat, "ana", at: "09:00", by: nil)
        say(&chat, "ben", at: "09:01", by: "carrier pigeon")
        chat.system(at: "09:02")
        #expect(try labels(chat) == [["-"], ["-"], ["-"]])
    }
}
