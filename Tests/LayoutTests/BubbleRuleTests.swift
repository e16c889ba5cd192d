import ScrollbackLayout
import ScrollbackModel
import TestSupport
import Testing

@Suite("Layout: positions, tails, alignment, avatars, names (layout rules 4–7)")
struct BubbleRuleTests {
    @Test("Positions run single, or first … middle … last, and only single/last have tails")
    func positionsAndTails() throws {
        var chat = TranscriptBuilder(me: "ana", participants: ["ana", "ben"])
        chat.say("ben", at: "09:00")
        chat.say("ana", at: "09:01")
        chat.say("ana", at: "09:02")
        chat.say("ben", at: "09:03")
        chat.say("ben", at: "09:03:30")
        chat.say("ben", at: "09:04")
        let chains = try LayoutEngine.layout(chat.transcript).days[0].chains
        #expect(chains.map { $0.bubbles.map(\.position) } == [[.single], [.first, .last], [.first, .middle, .last]])
        #expect(chains.map { $0.bubbles.map(\.tail) } == [[true], [false, true], [false, false, true]])
    }

    @Test("me is on the right, others on the left")
    func alignment() throws {
        var chat = TranscriptBuilder(me: "ana", participants: ["ana", "ben"])
        chat.say("ben", at: "09:00")
        chat.say("ana", at: "09:01")
        let chains = try LayoutEngine.layout(chat.transcript).days[0].chains
        #expect(chains.map(\.alignment) == [.leading, .trailing])
    }

    @Test("A chat with no me has everyone on the left")
    func noMe() throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"])
        chat.say("ben", at: "09:00")
        chat.say("ana", at: "09:01")
        let layout = try LayoutEngine.layout(chat.transcript)
        #expect(layout.me == nil)
        #expect(layout.days[0].chains.allSatisfy { $0.alignment == .leading })
    }

    @Test("--me overrides the log's me, by id or by display name")
    func meOverride() throws {
        var chat = TranscriptBuilder(me: "ana", participants: ["ana", "ben"])
        chat.say("ben", at: "09:00")
        chat.say("ana", at: "09:01")
        let byID = try LayoutEngine.layout(chat.transcript, options: LayoutOptions(me: "ben"))
        #expect(byID.days[0].chains.map(\.alignment) == [.trailing, .leading])
        let byName = try LayoutEngine.layout(chat.transcript, options: LayoutOptions(me: "Ben"))
        #expect(byName.me == "ben")
    }

    @Test("--me naming nobody is an error that lists the participants")
    func unknownMe() throws {
        var chat = TranscriptBuilder(participants: ["ana", "ben"])
        chat.say("ben", at: "09:00")
        #expect {
            try LayoutEngine.layout(chat.transcript, options: LayoutOptions(me: "zed"))
        } throws: { error in
            String(describing: error).contains("\"zed\"")
                && String(describing: error).contains("\"Ana\" (ana), \"Ben\" (ben)")
        }
    }

    @Test("The avatar sits beside the last bubble of an incoming chain only")
    func avatars() throws {
        var chat = TranscriptBuilder(me: "ana", participants: ["ana", "ben"])
        chat.say("ben", at: "09:00")
        chat.say("ben", at: "09:01")
        chat.say("ana", at: "09:02")
        let chains = try LayoutEngine.layout(chat.transcript).days[0].chains
        #expect(chains[0].bubbles.map(\.avatar) == [false, true])
        #expect(chains[1].bubbles.map(\.avatar) == [false])
    }

    @Test("Names show above incoming chains only with three or more participants")
    func names() throws {
        var pair = TranscriptBuilder(me: "ana", participants: ["ana", "ben"])
        pair.say("ben", at: "09:00")
        #expect(try LayoutEngine.layout(pair.transcript).days[0].chains[0].showName == false)

        var group = TranscriptBuilder(me: "ana", participants: ["ana", "ben", "cy"])
        group.say("ben", at: "09:00")
        group.say("ana", at: "09:01")
        let chains = try LayoutEngine.layout(group.transcript).days[0].chains
        #expect(chains.map(\.showName) == [true, false])
    }

    @Test("Unlisted senders and me count towards a group")
    func groupCounting() throws {
        var chat = TranscriptBuilder(me: "ana", participants: [])
        chat.say("ben", at: "09:00")
        chat.say("cy", at: "09:01")
        let layout = try LayoutEngine.layout(chat.transcript)
        #expect(layout.isGroup)
        #expect(layout.participants.map(\.id) == ["ben", "cy"])
    }
}
