import ScrollbackModel
import Testing

@testable import ScrollbackLayout

/// Repeated ids and reply targets, which the layout finds without a table of every id.
@Suite("Layout: repeated ids and reply targets in a big log")
struct IDTableTests {
    /// `count` messages `m0`, `m1`, … a minute apart, then `extra` appended in order.
    static func transcript(count: Int, extra: [Message] = []) -> Transcript {
        var messages = (0..<count).map { number in
            Message(
                id: "m\(number)", sender: number % 2 == 0 ? "ana" : "ben", time: Timestamp(seconds: 60 * Int64(number)))
        }
        for (offset, message) in extra.enumerated() {
            var message = message
            message.time = Timestamp(seconds: 60 * Int64(count + offset))
            messages.append(message)
        }
        return Transcript(participants: [Participant(id: "ana"), Participant(id: "ben")], messages: messages)
    }

    static func bubbles(_ layout: TranscriptLayout) -> [Bubble] {
        layout.days.flatMap(\.chains).flatMap(\.bubbles)
    }

    @Test("Among thousands of ids, every repeat is numbered in its order and the first of each keeps its own")
    func repeatsNumbered() throws {
        let repeats = ["m7", "m4000", "m7", "m9999"].map { Message(id: $0, sender: "ana", time: Timestamp(seconds: 0)) }
        let layout = try LayoutEngine.layout(Self.transcript(count: 10_000, extra: repeats))
        let bubbles = Self.bubbles(layout)
        #expect(bubbles.count == 10_004)
        let numbered = bubbles.enumerated().filter { $0.element.repeatNumber != 0 }
        #expect(numbered.map(\.offset) == [10_000, 10_001, 10_002, 10_003])
        #expect(
            numbered.map { "\($0.element.message.id)#\($0.element.repeatNumber)" } == [
                "m7#1", "m4000#1", "m7#2", "m9999#1",
            ])
    }

    @Test("A log without repeats numbers none")
    func noRepeats() throws {
        let layout = try LayoutEngine.layout(Self.transcript(count: 5_000))
        #expect(Self.bubbles(layout).allSatisfy { $0.repeatNumber == 0 })
    }

    @Test("A reply quotes the first message with the id it names; one naming no message is marked not found")
    func replyTargets() throws {
        var first = Message(id: "m3", sender: "ben", time: Timestamp(seconds: 0), text: "the first m3")
        first.replyTo = nil
        var reply = Message(id: "r1", sender: "ana", time: Timestamp(seconds: 0), text: "yes")
        reply.replyTo = "m2"
        var lost = Message(id: "r2", sender: "ana", time: Timestamp(seconds: 0), text: "which?")
        lost.replyTo = "nowhere"
        var again = Message(id: "r3", sender: "ana", time: Timestamp(seconds: 0), text: "and that")
        again.replyTo = "m3"
        var transcript = Self.transcript(count: 3_000, extra: [first, reply, lost, again])
        transcript.messages[2].text = "the second message"
        transcript.messages[3].text = "the real m3"
        let bubbles = Self.bubbles(try LayoutEngine.layout(transcript))
        let previews = bubbles.suffix(3).map(\.reply)
        #expect(previews.map { $0?.found } == [true, false, true])
        #expect(previews[0]?.excerpt == "the second message")
        #expect(previews[2]?.excerpt == "the real m3")
    }

    @Test(
        "The hash set says each value is new exactly once, whatever its low bits, past the room it was made with",
        arguments: [0, 3, 100, 5_000])
    func hashSeen(capacity: Int) {
        var seen = HashSeen(capacity: capacity)
        // Multiples of a large power of two share their low bits, so they all probe from one slot.
        let values = (0..<(capacity * 3 + 20)).map { $0 << 40 } + [-1, Int.min, Int.max, 0, 7, 7 + (1 << 40)]
        var firsts = 0
        for value in values where seen.insert(value) { firsts += 1 }
        #expect(firsts == Set(values).count)
        #expect(values.allSatisfy { !seen.insert($0) })
    }
}
