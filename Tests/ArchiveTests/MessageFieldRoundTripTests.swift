import Foundation
import Scrollback
import Testing

/// Every field `Message.fields` declares, set on random messages: written as a native log, read
/// back, and merged with an older and a newer version of the same message. The fields come from
/// the declaration, so a field added to it is covered here without a change to this test.
@Suite("Every declared message field: written, read back and merged")
struct MessageFieldRoundTripTests {
    /// Fields that say which message a version is (the merge finds a message again by them): the
    /// same in every version.
    static let identity: Set<String> = ["id", "sender", "time"]

    @Test("A message with every field set is read back from its native log unchanged", arguments: 0..<20)
    func nativeLogRoundTrip(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &+ 17)
        let message = try Self.message(version: 0, using: &random)
        let back = try Self.readBack(Self.transcript([message]))
        let read = try #require(back.messages.first { $0.id == message.id })
        for field in Message.fields where field.storage != .transient {
            #expect(
                Self.same(read[keyPath: field.keyPath], message[keyPath: field.keyPath]),
                "\(field.key): wrote \(message[keyPath: field.keyPath]), read \(read[keyPath: field.keyPath])")
        }
    }

    @Test(
        "Merged with an older and a newer version of itself, every field takes the version its rule says",
        arguments: 0..<20)
    func mergeWithOlderAndNewer(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &* 31 &+ 5)
        let older = try Self.message(version: 0, using: &random)
        let message = try Self.message(version: 1, using: &random)
        let newer = try Self.message(version: 2, using: &random)
        for (first, second) in [(older, message), (message, newer)] {
            let merged = try Self.merge(first, then: second)
            for field in Message.fields where field.storage != .transient {
                let path = field.keyPath
                let (was, now, got) = (first[keyPath: path], second[keyPath: path], merged[keyPath: path])
                switch field.merge {
                case .first:
                    #expect(Self.same(got, was), "\(field.key) (first): \(was) then \(now) gave \(got)")
                case .newest, .earlierVersion, .special:
                    #expect(Self.same(got, now), "\(field.key) (\(field.merge)): \(was) then \(now) gave \(got)")
                case .union:
                    let values = try #require(got as? [AnyHashable], "\(field.key) is a union but not a list")
                    for value in (was as? [AnyHashable] ?? []) + (now as? [AnyHashable] ?? []) {
                        #expect(values.contains(value), "\(field.key) (union): \(value) was lost, got \(got)")
                    }
                }
            }
            // The older text is kept as an earlier version of the newer one.
            #expect(merged.revisions.map(\.text).contains(first.text))
        }
    }

    // MARK: Making and merging messages

    /// A message with every declared field set, each to a value of `version`'s own: versions 0, 1
    /// and 2 differ in every field but the identity, except that a flag is set only in version 0
    /// (the one read back whole) and a choice alternates. A deleted version is never the newer one
    /// (deleting a message is not an edit of it).
    static func message(version: Int, using random: inout SeededRandom) throws -> Message {
        var message = Message(id: "m1", sender: "ana", time: Timestamp(seconds: 1_800_000_000))
        for field in Message.fields where field.storage != .transient && !identity.contains(field.key) {
            guard set(field, of: &message, version: version, using: &random) else {
                Issue.record("No value for the declared field \(field.key) of its type: teach this test the type")
                continue
            }
        }
        return message
    }

    /// Sets `field` of `message` to a random value of `version`'s; `false` for a type it does not know.
    static func set(_ field: MessageField, of message: inout Message, version: Int, using random: inout SeededRandom)
        -> Bool
    {
        let word = "\(field.key)-\(version)-\(random.next() % 10_000)"
        let moment = Timestamp(seconds: 1_800_000_000 + Int64(version) * 600 + Int64(random.next() % 300) + 1)
        switch field.keyPath {
        case let path as WritableKeyPath<Message, String>: message[keyPath: path] = word
        case let path as WritableKeyPath<Message, String?>: message[keyPath: path] = word
        case let path as WritableKeyPath<Message, Bool>: message[keyPath: path] = version == 0
        case let path as WritableKeyPath<Message, Timestamp?>: message[keyPath: path] = moment
        case let path as WritableKeyPath<Message, Message.Kind>:
            message[keyPath: path] = version % 2 == 0 ? .system : .message
        case let path as WritableKeyPath<Message, TextFormat>:
            message[keyPath: path] = version % 2 == 0 ? .plain : .markdown
        case let path as WritableKeyPath<Message, DeliveryStatus?>:
            message[keyPath: path] = DeliveryStatus.allCases[version % DeliveryStatus.allCases.count]
        case let path as WritableKeyPath<Message, [Reaction]>:
            message[keyPath: path] = [Reaction(emoji: ["👍", "🎉", "❤️"][version % 3], by: ["ana"], count: 2 + version)]
        case let path as WritableKeyPath<Message, [ScrollbackModel.Attachment]>:
            message[keyPath: path] = [
                ScrollbackModel.Attachment(path: word + ".png", type: "image/png", name: word, size: 100 + version)
            ]
        case let path as WritableKeyPath<Message, [Revision]>:
            message[keyPath: path] = [Revision(text: word, time: Timestamp(seconds: moment.seconds - 1_000))]
        case let path as WritableKeyPath<Message, MetaValue?>:
            message[keyPath: path] = .object(["note": .string(word), "n": .number(Double(version))])
        default: return false
        }
        return true
    }

    /// `first` then `second` as two archives (an archive's marks count, as an export's do not), each
    /// dated by one more message after it so that `second` is the newer; the merged message.
    static func merge(_ first: Message, then second: Message) throws -> Message {
        let sources = [first, second].enumerated().map { number, message in
            let clock = Message(
                id: "clock-\(number)", sender: "ana", time: Timestamp(seconds: 1_800_100_000 + Int64(number) * 60),
                text: "later")
            return MergeSource(
                name: "archive-\(number).jsonl", transcript: transcript([message, clock]), isArchive: true)
        }
        let results = try ArchiveMerger.merge(sources, asOne: true)
        let merged = try readBack(try #require(results.first).transcript)
        return try #require(merged.messages.first { $0.id == first.id })
    }

    static func transcript(_ messages: [Message]) -> Transcript {
        Transcript(participants: [Participant(id: "ana", name: "Ana")], messages: messages)
    }

    /// `transcript` written as a native log and read again.
    static func readBack(_ transcript: Transcript) throws -> Transcript {
        ArchiveTesting.withoutLocations(try ArchiveTesting.read(NativeLogWriter.string(transcript)))
    }

    static func same(_ a: Any, _ b: Any) -> Bool { (a as? AnyHashable) == (b as? AnyHashable) }
}
