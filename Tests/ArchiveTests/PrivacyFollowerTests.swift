import Foundation
import Scrollback
import Testing

@Suite("Privacy options followed along a growing conversation")
struct PrivacyFollowerTests {
    /// A conversation that grows and changes at random: appends (now and then out of time order,
    /// from someone unlisted, answering a message that comes later), edits
    /// of text, replies, reactions, times and senders, and new participants.
    struct Growth {
        var random: SeededRandom
        var transcript = Transcript(
            title: "Ana and Ben", participants: [Participant(id: "ana", name: "Ana Lima"), Participant(id: "ben")])
        var number = 0
        var seconds: Int64 = 1_795_000_000

        /// The next change: the messages from the returned index on are new, and those with
        /// the returned ids were updated.
        mutating func next() -> (added: Int, updated: [String]) {
            let added = transcript.messages.count
            let messages = transcript.messages
            let roll = draw(100)
            if messages.isEmpty || roll < 45 {
                append()
                return (added, [transcript.messages[added].id])
            }
            let index = draw(messages.count)
            let id = messages[index].id
            switch roll {
            case 45..<65: transcript.messages[index].text = "edited: ben@example.org said Ana \(draw(9))"
            case 65..<72:
                transcript.messages[index].replyTo =
                    ["m1", "m\(number + 1)", messages[draw(messages.count)].id][draw(3)]
            case 72..<78:
                transcript.messages[index].reactions = [Reaction(emoji: "👍", by: [["ana", "ben", "cy"][draw(3)]])]
            case 78..<84:
                transcript.messages[index].time = Timestamp(seconds: messages[index].time.seconds + Int64(draw(7200)))
            case 84..<90: transcript.messages[index].sender = ["ana", "ben"][draw(2)]
            case 90..<94: transcript.participants.append(Participant(id: "p\(number)", name: "Guest \(number)"))
            default:
                append()
                return (added, [transcript.messages[added].id])
            }
            return (added, [id])
        }

        private mutating func append() {
            number += 1
            seconds += Int64([0, 30, 60, 600, 86_400][draw(5)])
            let late = draw(12) == 0 ? Int64(-3600) : 0
            let sender = ["ana", "ben", "ana", "ben", "cy"][draw(5)]
            if !transcript.participants.contains(where: { $0.id == sender }) {
                transcript.participants.append(Participant(id: sender, name: "Cy Ward"))
            }
            var message = Message(
                id: "m\(number)", sender: sender, time: Timestamp(seconds: seconds + late),
                text: ["hi Ben", "call +44 7700 900123", "Cy Ward is late", "ok"][draw(4)])
            if draw(5) == 0 { message.replyTo = draw(3) == 0 ? "m\(number + 1)" : "m\(max(number - 2, 1))" }
            transcript.messages.append(message)
        }

        /// A number below `bound`.
        mutating func draw(_ bound: Int) -> Int { Int(random.next() % UInt64(max(bound, 1))) }
    }

    @Test(
        "After every change the conversation followed equals the options applied to it whole",
        arguments: [(1, "people"), (2, "redact"), (3, "anonymize"), (4, "all"), (5, "all"), (6, "anonymize")])
    func randomGrowth(seed: UInt64, name: String) throws {
        let people = PeopleDirectory([("Ben Okafor", ["ben", "ben@example.org"])])
        let privacy =
            switch name {
            case "people": PrivacyOptions(people: people)
            case "redact": PrivacyOptions(redactor: try Redactor())
            case "anonymize": PrivacyOptions(anonymize: true)
            default: PrivacyOptions(people: people, redactor: try Redactor(), anonymize: true, me: "Ana Lima")
            }
        let transform = try #require(privacy.transform)
        var follower = try #require(transform.follower?())
        var growth = Growth(random: SeededRandom(seed: seed))
        growth.transcript.undated = seed == 6
        var followed = 0
        for step in 1...200 {
            let (added, updated) = growth.next()
            let result = follower.follow(growth.transcript, added: added, updated: updated)
            let whole = privacy.apply(growth.transcript)
            #expect(result.transcript == whole, "\(name), seed \(seed), step \(step)")
            if result.transcript != whole { break }
            if !result.whole {
                followed += 1
                let ids = updated.compactMap { id in growth.transcript.messages.firstIndex { $0.id == id } }
                #expect(result.updated == ids.map { whole.messages[$0].id }, "\(name), seed \(seed), step \(step)")
            }
        }
        // Most changes are followed; the rest are transformed whole.
        #expect(followed > 100, "\(name), seed \(seed)")
    }
}
