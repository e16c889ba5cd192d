import ScrollbackLayout
import ScrollbackModel
import TestSupport
import Testing

@Suite("Layout: ordering and chains (layout rules 1, 3)")
struct ChainRuleTests {
    private func chains(_ chat: TranscriptBuilder, _ options: LayoutOptions = LayoutOptions()) throws -> [[String]] {
        try LayoutEngine.layout(chat.transcript, options: options).days.flatMap(\.chains)
            .map { $0.bubbles.map(\.message.id) }
    }

    @Test("Messages are ordered by time; equal times keep input order")
    func ordering() throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"])
        chat.say("ben", at: "09:10", id: "late")
        chat.say("ana", at: "09:00", id: "first")
        chat.say("ben", at: "09:05", id: "tieA")
        chat.say("ana", at: "09:05", id: "tieB")
        let order = try chains(chat).flatMap { $0 }
        #expect(order == ["first", "tieA", "tieB", "late"])
    }

    @Test("Messages four minutes apart share a chain")
    func shareChain() throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"])
        chat.say("ben", at: "09:00")
        chat.say("ben", at: "09:04")
        #expect(try chains(chat) == [["m1", "m2"]])
    }

    @Test("A gap of exactly --chain-gap minutes chains; one second more does not")
    func gapBoundary() throws {
        var exact = TranscriptBuilder(participants: ["ana", "ben"])
        exact.say("ben", at: "09:00:00")
        exact.say("ben", at: "09:05:00")
        #expect(try chains(exact) == [["m1", "m2"]])

        var over = TranscriptBuilder(participants: ["ana", "ben"])
        over.say("ben", at: "09:00:00")
        over.say("ben", at: "09:05:01")
        #expect(try chains(over) == [["m1"], ["m2"]])
    }

    @Test("--chain-gap changes the boundary", arguments: [(2, 2), (10, 1)])
    func customGap(minutes: Int64, expectedChains: Int) throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"])
        chat.say("ben", at: "09:00")
        chat.say("ben", at: "09:06")
        let options = LayoutOptions(chainGap: minutes * 60)
        #expect(try chains(chat, options).count == expectedChains)
    }

    @Test("The gap is measured from the previous message, not the chain's first")
    func gapFromPrevious() throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"])
        for minute in stride(from: 0, through: 20, by: 4) {
            chat.say("ben", at: String(format: "09:%02d", minute))
        }
        #expect(try chains(chat).count == 1)
    }

    @Test("Another sender, a system message or a new day ends a chain")
    func chainBreakers() throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"])
        chat.say("ben", at: "09:00")
        chat.say("ana", at: "09:01")
        chat.say("ben", at: "09:02")
        chat.system(at: "09:03")
        chat.say("ben", at: "09:04")
        chat.say("ben", at: "23:58")
        chat.say("ben", at: "2026-11-29T00:01:00Z")  // three minutes later, but the next day
        let result = try chains(chat)
        #expect(result == [["m1"], ["m2"], ["m3"], ["m4"], ["m5"], ["m6"], ["m7"]])
    }

    @Test("System messages are chains of their own, centred, without tails or names")
    func systemChains() throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben", "cy"])
        chat.system(at: "09:00")
        chat.system(at: "09:00:30")
        let layout = try LayoutEngine.layout(chat.transcript)
        let all = layout.days[0].chains
        #expect(all.count == 2)
        for chain in all {
            #expect(chain.kind == .system)
            #expect(chain.alignment == .center)
            #expect(chain.sender == nil)
            #expect(chain.showName == false)
            #expect(chain.bubbles.allSatisfy { !$0.tail && !$0.avatar })
        }
    }

    @Test("Hidden messages are kept in the model but not laid out")
    func hidden() throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"])
        chat.say("ben", at: "09:00")
        chat.say("ben", at: "09:01")
        chat.transcript.messages[1].hidden = true
        chat.say("ben", at: "09:02")
        #expect(try chains(chat) == [["m1", "m3"]])
    }
}
