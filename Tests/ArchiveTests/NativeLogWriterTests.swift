import Foundation
import Scrollback
import Testing

@Suite("Native JSON Lines writer")
struct NativeLogWriterTests {
    @Test("Writing a transcript and reading it back gives the same transcript", arguments: 0..<40)
    func roundTrip(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &* 7919 &+ 17)
        let transcript = RandomTranscript.make(using: &random)
        let text = NativeLogWriter.string(transcript)
        let read = try ArchiveTesting.read(text)
        #expect(ArchiveTesting.withoutLocations(read) == transcript)
        // Writing what was read changes no byte.
        #expect(NativeLogWriter.string(read) == text)
    }

    @Test("Every field the model has is one the round trip covers")
    func everyFieldCovered() throws {
        // A field added to the model but not to the writer (and to this list) fails here first.
        let encoder = JSONEncoder()
        let full = Message(
            id: "m", kind: .message, sender: "a", time: Timestamp(seconds: 0), text: "t", format: .plain, replyTo: "r",
            status: .read, reactions: [Reaction(emoji: "x")], attachments: [ScrollbackModel.Attachment(path: "p")],
            edited: Timestamp(seconds: 1), deleted: true, forwardedFrom: "f", topic: "t",
            revisions: [Revision(text: "o")],
            missingFromLatestExport: true, hidden: true, pinned: true, meta: .null, location: SourceLocation(file: "f"))
        let messageKeys = Set(
            (try JSONSerialization.jsonObject(with: encoder.encode(full)) as? [String: Any])?.keys.map { $0 } ?? [])
        #expect(
            messageKeys == [
                "id", "kind", "sender", "time", "text", "format", "replyTo", "status", "reactions", "attachments",
                "edited", "deleted", "forwardedFrom", "topic", "revisions", "missingFromLatestExport", "hidden",
                "pinned", "meta", "location",
            ])
        var attachment = ScrollbackModel.Attachment(
            path: "a", url: "u", type: "t", name: "n", alt: "a", size: 1, width: 1, height: 1, duration: 1, title: "t",
            description: "d", siteName: "s", performer: "p", emoji: "e", omitted: true,
            poll: Poll(question: "q", options: []), place: Place(latitude: 1, longitude: 2),
            contact: ContactCard(name: "c"))
        attachment.spoiler = true
        let attachmentKeys = Set(
            (try JSONSerialization.jsonObject(with: encoder.encode(attachment)) as? [String: Any])?.keys.map { $0 }
                ?? [])
        #expect(attachmentKeys == RandomTranscript.attachmentFields)
        var header = Transcript(id: "i", title: "t", me: "m", timeZone: "UTC")
        header.topic = "t"
        let transcriptKeys = Set(
            (try JSONSerialization.jsonObject(with: encoder.encode(header)) as? [String: Any])?.keys.map { $0 } ?? [])
        #expect(
            transcriptKeys.subtracting(["source", "messages", "participants"]) == [
                "id", "title", "topic", "me", "timeZone", "undated", "isGroup",
            ])
        let participantKeys = Set(
            (try JSONSerialization.jsonObject(with: encoder.encode(Participant(id: "a", avatar: "x", online: true)))
                as? [String: Any])?.keys.map { $0 } ?? [])
        #expect(participantKeys == ["id", "name", "avatar", "online", "isBot", "aliases"])
    }

    @Test("Text with quotes, backslashes, control characters and emoji survives")
    func awkwardText() throws {
        let text = "a \"quote\" \\ back\nnew\ttab \u{1} \u{7F} 👩‍👩‍👧 \u{2028}"
        let transcript = Transcript(
            participants: [Participant(id: "a")],
            messages: [Message(id: "m1", sender: "a", time: Timestamp(seconds: 1_700_000_000), text: text)])
        let read = try ArchiveTesting.read(NativeLogWriter.string(transcript))
        #expect(read.messages.first?.text == text)
    }
}

/// Random transcripts that use every field the native reader reads.
enum RandomTranscript {
    static let attachmentFields: Set<String> = [
        "path", "url", "type", "name", "alt", "size", "width", "height", "duration", "title", "description", "siteName",
        "performer", "emoji", "omitted", "spoiler", "poll", "place", "contact",
    ]

    static func make(using random: inout SeededRandom) -> Transcript {
        let people = (1...Int.random(in: 1...4, using: &random)).map { index in
            var person = Participant(
                id: "p\(index)", name: pick(["Ana Lima", "Ben", "Chen \"Lee\"", "Dörte", "+1 555 0100"], &random),
                avatar: Bool.random(using: &random) ? "avatars/\(index).jpg" : nil,
                online: pick([nil, true, false], &random))
            person.isBot = Int.random(in: 0..<4, using: &random) == 0
            person.aliases = pick([[], ["ana_l"], ["Ana Maria Lima", "ana"]], &random)
            return person
        }
        var transcript = Transcript(
            id: Bool.random(using: &random) ? "chat-\(Int.random(in: 1...99, using: &random))" : nil,
            title: Bool.random(using: &random) ? pick(["Trip", "Ünïcode 🥾", "a\nb"], &random) : nil,
            me: Bool.random(using: &random) ? people[0].id : nil,
            timeZone: pick([nil, "Europe/Berlin", "UTC", "America/New_York"], &random), participants: people)
        transcript.undated = Int.random(in: 0..<8, using: &random) == 0
        transcript.topic = pick([nil, "Trail talk", "Ünïcode \"topic\" 🥾"], &random)
        var time: Int64 = 1_700_000_000
        for index in 1...Int.random(in: 1...12, using: &random) {
            time += Int64.random(in: 1...5000, using: &random)
            let moment = Timestamp(
                seconds: time, nanoseconds: pick([0, 0, 500_000_000, 123_456_789], &random),
                utcOffset: pick([0, 3600, -18000, 19800], &random))
            let system = Int.random(in: 0..<6, using: &random) == 0
            var message = Message(
                id: pick(["m\(index)", "id-\(index)", "\(index * 7)"], &random), kind: system ? .system : .message,
                sender: system ? nil : pick(people, &random).id, time: moment,
                text: pick(
                    ["", "hi", "**bold** and `code`", "line\nbreak", "\"quoted\" \\ 😀", "||spoiler||"], &random),
                format: Bool.random(using: &random) ? .markdown : .plain)
            if Bool.random(using: &random) { message.replyTo = "m\(max(1, index - 1))" }
            message.status = pick([nil] + DeliveryStatus.allCases.map { $0 }, &random)
            if Bool.random(using: &random) {
                message.reactions = [
                    Reaction(emoji: "👍", by: [people[0].id], count: Int.random(in: 1...5, using: &random)),
                    Reaction(emoji: ":party:", by: []),
                ]
            }
            if Bool.random(using: &random) { message.attachments = [attachment(&random, people: people)] }
            if Bool.random(using: &random) {
                message.edited = Timestamp(seconds: time + 60, utcOffset: moment.utcOffset)
                message.revisions = [
                    Revision(text: "first", time: Timestamp(seconds: time)), Revision(text: "second", time: nil),
                ]
            }
            message.deleted = Int.random(in: 0..<5, using: &random) == 0
            message.hidden = Int.random(in: 0..<6, using: &random) == 0
            message.forwardedFrom = Bool.random(using: &random) ? "News" : nil
            message.topic = Bool.random(using: &random) ? "General" : nil
            message.missingFromLatestExport = Bool.random(using: &random)
            if Bool.random(using: &random) {
                message.meta = .object([
                    "n": .number(3), "f": .number(0.25), "s": .string("x\"y"), "b": .bool(true), "z": .null,
                    "a": .array([.number(-1), .object(["k": .string("v")])]),
                ])
            }
            transcript.messages.append(message)
        }
        return transcript
    }

    static func attachment(_ random: inout SeededRandom, people: [Participant]) -> ScrollbackModel.Attachment {
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            var photo = ScrollbackModel.Attachment(
                path: "photos/a b.jpg", type: "image/jpeg", name: "a b.jpg", alt: "A view", size: 12345, width: 800,
                height: 600)
            photo.spoiler = Bool.random(using: &random)
            return photo
        case 1:
            return ScrollbackModel.Attachment(
                url: "https://example.org/v", type: "link", title: "Title", description: "About", siteName: "Site")
        case 2:
            return ScrollbackModel.Attachment(
                path: "voice.ogg", type: "voice", duration: 12.5, title: "Song", performer: "Band", emoji: "🎤",
                omitted: Bool.random(using: &random))
        case 3:
            return ScrollbackModel.Attachment(
                type: "poll",
                poll: Poll(
                    question: "Where?",
                    options: [PollOption(text: "Here", votes: 3, by: [people[0].id]), PollOption(text: "There")],
                    closed: Bool.random(using: &random), voters: Bool.random(using: &random) ? 4 : nil))
        case 4:
            return ScrollbackModel.Attachment(place: Place(latitude: 52.520008, longitude: -13.404954))
        default:
            return ScrollbackModel.Attachment(
                contact: ContactCard(name: "Dr. Who", phones: ["+44 20 7946 0958"], emails: ["who@example.org"]))
        }
    }

    static func pick<T>(_ choices: [T], _ random: inout SeededRandom) -> T {
        choices[Int.random(in: 0..<choices.count, using: &random)]
    }
}
