import Foundation
import Scrollback
import Testing

@testable import ScrollbackServe

@Suite("A live conversation kept cut into days")
struct LiveSuffixTests {
    /// A stream of appends and updates by id across three days: chains that grow and break,
    /// outgoing statuses that move, edits near the end and far back, replies to edited
    /// messages, reactions, a deletion and a system line.
    static func stream() -> [String] {
        var lines = [
            #"{"type":"conversation","title":"Suffix","me":"ana","participants":[{"id":"ana","name":"Ana"},{"id":"ben","name":"Ben"},{"id":"cy","name":"Cy"}]}"#
        ]
        var minute = 0
        for number in 1...90 {
            minute += [1, 1, 2, 7, 1, 30][number % 6]
            let day = 1 + minute / (24 * 60) / 1
            let time = String(format: "2026-11-%02dT%02d:%02d:00Z", day, (minute / 60) % 24, minute % 60)
            let sender = ["ben", "ben", "ana", "ana", "cy", "ana", "ben"][number % 7]
            var line = #"{"id":"m\#(number)","sender":"\#(sender)","time":"\#(time)","text":"message \#(number)""#
            if sender == "ana" { line += #","status":"sending""# }
            if number % 11 == 0 { line += #","replyTo":"m\#(number - 3)""# }
            lines.append(line + "}")
            if sender == "ana" { lines.append(#"{"id":"m\#(number)","status":"read"}"#) }
            if number % 9 == 0 {
                lines.append(#"{"id":"m\#(number - 1)","text":"edited \#(number)","edited":"\#(time)"}"#)
            }
            if number % 13 == 0 { lines.append(#"{"id":"m\#(number - 3)","text":"answered, then edited"}"#) }
            if number % 17 == 0 { lines.append(#"{"id":"m\#(number / 2)","reactions":[{"emoji":"👍","by":["ana"]}]}"#) }
            if number == 40 { lines.append(#"{"id":"m39","deleted":true}"#) }
            if number == 50 { lines.append(#"{"id":"s1","kind":"system","time":"\#(time)","text":"Cy joined"}"#) }
            if number % 20 == 0 { minute += 600 }
        }
        return lines
    }

    @Test("After every line the page equals a fresh render, and its operations reach it from the last page")
    func everyPrefix() throws {
        let lines = Self.stream()
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        var log = conversation.document.log
        for count in 1...lines.count {
            let change = try conversation.apply([Array(lines[count - 1].utf8)])
            let expected = try freshLog(Array(lines[..<count]))
            #expect(conversation.document.log == expected, "after line \(count)")
            let transcript = try Transcript.load(
                bytes: Array(lines[..<count].joined(separator: "\n").utf8), name: "live.jsonl", format: .jsonl)
            #expect(conversation.document.page == (try transcript.render(.html, options: RenderOptions())))
            log = LogApplier.apply(change.operations, to: log)
            #expect(log == expected, "operations after line \(count)")
            if log != expected || conversation.document.log != expected { break }
        }
    }

    @Test(
        "After every step of a random stream the page equals a fresh render, laid out from the changed chains",
        arguments: [(1, true), (2, true), (3, false), (4, true), (5, false)])
    func randomStreams(seed: UInt64, listed: Bool) throws {
        var random = RandomLiveStream(seed: seed)
        var lines = [random.header(listed: listed)]
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        _ = try conversation.apply([Array(lines[0].utf8)])
        var log = conversation.document.log
        for step in 1...110 {
            // Now and then a batch of several lines, as a fast writer gives them.
            let batch = (0..<(step % 7 == 0 ? 3 : 1)).map { _ in random.next() }
            lines += batch
            let change = try conversation.apply(batch.map { Array($0.utf8) })
            let transcript = try Transcript.load(
                bytes: Array(lines.joined(separator: "\n").utf8), name: "live.jsonl", format: .jsonl)
            let expected = try transcript.render(.html, options: RenderOptions())
            let expectedLog = LiveDocument(page: expected).log
            #expect(conversation.document.page == expected, "seed \(seed), step \(step): \(batch)")
            log = LogApplier.apply(change.operations, to: log)
            #expect(log == expectedLog, "operations, seed \(seed), step \(step): \(batch)")
            if conversation.document.page != expected || log != expectedLog { break }
        }
        // Most updates are laid out from the chains they change (presence and new senders are not).
        #expect(conversation.suffixLayouts > 3 * conversation.wholeLayouts)
    }
}
