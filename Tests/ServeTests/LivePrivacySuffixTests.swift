import Foundation
import Scrollback
import Testing

@testable import ScrollbackServe

@Suite("A live conversation under --people, --redact and --anonymize")
struct LivePrivacySuffixTests {
    /// The options a test runs with, by name.
    static func privacy(_ name: String) throws -> PrivacyOptions {
        let people = PeopleDirectory([("Ben Okafor", ["ben", "ben@example.org"]), ("Ana Lima", ["ana"])])
        switch name {
        case "people": return PrivacyOptions(people: people)
        case "redact": return PrivacyOptions(redactor: try Redactor())
        case "anonymize": return PrivacyOptions(anonymize: true)
        default: return PrivacyOptions(people: people, redactor: try Redactor(), anonymize: true, me: "Ana Lima")
        }
    }

    /// The page `render` makes of `lines` with `privacy`.
    static func render(_ lines: [String], privacy: PrivacyOptions?) throws -> String {
        let transcript = try Transcript.load(
            bytes: Array(lines.joined(separator: "\n").utf8), name: "live.jsonl", format: .jsonl,
            options: ReadOptions(transform: privacy?.transform))
        return try transcript.render(.html, options: RenderOptions())
    }

    @Test(
        "After every step of a random stream the page equals a render with the same options, mostly laid out from the end",
        arguments: [
            ("people", 1, true), ("redact", 2, true), ("anonymize", 3, true), ("anonymize", 4, false), ("all", 5, true),
            ("all", 6, false),
        ] as [(String, UInt64, Bool)])
    func randomStreams(privacy name: String, seed: UInt64, listed: Bool) throws {
        let privacy = try Self.privacy(name)
        var random = RandomLiveStream(seed: seed, secrets: true)
        var lines = [random.header(listed: listed)]
        var conversation = try LiveConversation(
            name: "live.jsonl", options: RenderOptions(), transform: privacy.transform)
        _ = try conversation.apply([Array(lines[0].utf8)])
        var log = conversation.document.log
        for step in 1...110 {
            let batch = (0..<(step % 7 == 0 ? 3 : 1)).map { _ in random.next() }
            lines += batch
            let change = try conversation.apply(batch.map { Array($0.utf8) })
            let expected = try Self.render(lines, privacy: privacy)
            let expectedLog = LiveDocument(page: expected).log
            #expect(conversation.document.page == expected, "\(name), seed \(seed), step \(step): \(batch)")
            log = LogApplier.apply(change.operations, to: log)
            #expect(log == expectedLog, "operations, \(name), seed \(seed), step \(step): \(batch)")
            if conversation.document.page != expected || log != expectedLog { break }
        }
        // Presence, new senders, times moved and replies to messages that come later are laid out whole.
        #expect(conversation.suffixLayouts > 2 * conversation.wholeLayouts, "\(name), seed \(seed)")
    }

    @Test(
        "An append or an edit to a long conversation is laid out from the end, changed alone",
        arguments: ["people", "redact", "anonymize", "all"])
    func longConversation(privacy name: String) throws {
        let privacy = try Self.privacy(name)
        var lines = [
            #"{"type":"conversation","title":"Long","participants":[{"id":"ana","name":"Ana Lima"},{"id":"ben","name":"Ben Okafor"}]}"#
        ]
        for number in 1...400 {
            let time = String(format: "2026-11-%02dT%02d:%02d:00Z", 1 + number / 100, (number / 10) % 10, number % 60)
            let sender = number % 3 == 0 ? "ana" : "ben"
            lines.append(
                #"{"id":"m\#(number)","sender":"\#(sender)","time":"\#(time)","text":"Ben, call +44 7700 900123"}"#)
        }
        var conversation = try LiveConversation(
            name: "live.jsonl", options: RenderOptions(), transform: privacy.transform)
        _ = try conversation.apply(lines.map { Array($0.utf8) })
        let whole = conversation.wholeLayouts
        for line in [
            #"{"id":"m401","sender":"ana","time":"2026-11-05T09:00:00Z","text":"Ana here: ana@example.org"}"#,
            #"{"id":"m398","text":"edited, Ben","edited":"2026-11-05T09:01:00Z"}"#,
            #"{"id":"m5","reactions":[{"emoji":"👍","by":["ana"]}]}"#,
            #"{"id":"m402","sender":"ben","time":"2026-11-05T09:02:00Z","text":"ok","replyTo":"m401"}"#,
        ] {
            lines.append(line)
            _ = try conversation.feed(line)
            #expect(conversation.document.page == (try Self.render(lines, privacy: privacy)), "\(name): \(line)")
        }
        #expect(conversation.wholeLayouts == whole, "\(name)")
        #expect(conversation.suffixLayouts == 4, "\(name)")
    }

    @Test("A change that reaches earlier messages lays the page out whole, as render shows it")
    func dependencies() throws {
        let privacy = try Self.privacy("all")
        var lines = [
            #"{"type":"conversation","title":"Plans","participants":[{"id":"cy","name":"Cy Ward"},{"id":"ana","name":"Ana Lima"},{"id":"ben","name":"Ben"}]}"#,
            #"{"id":"m1","sender":"ben","time":"2026-11-28T09:00:00Z","text":"Is Cy Ward coming?","replyTo":"m3"}"#,
            #"{"id":"m2","sender":"ben","time":"2026-11-28T09:01:00Z","text":"Ask Ana, or Dee"}"#,
        ]
        var conversation = try LiveConversation(
            name: "live.jsonl", options: RenderOptions(), transform: privacy.transform)
        _ = try conversation.apply(lines.map { Array($0.utf8) })
        for line in [
            // m1 answered a message that had not come: its reply target is numbered again.
            #"{"id":"m3","sender":"ben","time":"2026-11-28T09:02:00Z","text":"Well?"}"#,
            // Ana speaks before Cy: Person 2 and Person 3 swap, in every message.
            #"{"id":"m4","sender":"ana","time":"2026-11-28T09:03:00Z","text":"Yes"}"#,
            // A new participant: their name is replaced in every message that says it.
            #"{"id":"m5","sender":"dee","time":"2026-11-28T09:04:00Z","text":"Hi all"}"#,
        ] {
            lines.append(line)
            let whole = conversation.wholeLayouts
            _ = try conversation.feed(line)
            #expect(conversation.document.page == (try Self.render(lines, privacy: privacy)), "\(line)")
            #expect(conversation.wholeLayouts == whole + 1, "\(line)")
        }
        for name in ["Cy Ward", "Ana", "Dee"] { #expect(!conversation.document.page.contains(name), "\(name)") }
    }
}

@Suite("Presence lines on a live page")
struct LivePresenceTests {
    @Test(
        "A presence line lays out its participant's chains when they are near the end, else the whole page",
        arguments: ["none", "all"])
    func presence(privacy name: String) throws {
        let privacy = name == "none" ? nil : try LivePrivacySuffixTests.privacy(name)
        var lines = [
            #"{"type":"conversation","title":"Dots","participants":[{"id":"ana","name":"Ana Lima"},{"id":"ben","name":"Ben Okafor"},{"id":"cy","name":"Cy"}]}"#
        ]
        for number in 1...400 {
            let time = String(format: "2026-11-%02dT%02d:%02d:00Z", 1 + number / 100, (number / 10) % 10, number % 60)
            let sender = number > 396 ? "cy" : number % 3 == 0 ? "ana" : "ben"
            lines.append(#"{"id":"m\#(number)","sender":"\#(sender)","time":"\#(time)","text":"line \#(number)"}"#)
        }
        var conversation = try LiveConversation(
            name: "live.jsonl", options: RenderOptions(), transform: privacy?.transform)
        _ = try conversation.apply(lines.map { Array($0.utf8) })
        let steps: [(lines: [String], whole: Bool)] = [
            ([#"{"type":"presence","participant":"cy","online":true}"#], false),
            (
                [
                    #"{"id":"m401","sender":"cy","time":"2026-11-05T09:00:00Z","text":"back"}"#,
                    #"{"type":"presence","participant":"cy","online":false}"#,
                ], false
            ),
            // Ben's avatars reach back to the first messages.
            ([#"{"type":"presence","participant":"ben","online":true}"#], true),
            // Someone no one listed: a new participant.
            ([#"{"type":"presence","participant":"dee","online":true}"#], true),
        ]
        for step in steps {
            lines += step.lines
            let whole = conversation.wholeLayouts
            _ = try conversation.apply(step.lines.map { Array($0.utf8) })
            let expected = try LivePrivacySuffixTests.render(lines, privacy: privacy)
            #expect(conversation.document.page == expected, "\(name): \(step.lines)")
            #expect(conversation.wholeLayouts == whole + (step.whole ? 1 : 0), "\(name): \(step.lines)")
        }
        #expect(conversation.document.page.contains("sb-presence sb-offline"))
        #expect(conversation.document.page.contains("sb-presence sb-online"))
    }
}
