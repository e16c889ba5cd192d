import Foundation
import Scrollback
import Testing

@testable import ScrollbackServe

@Suite("The live event history")
struct LiveHistoryTests {
    @Test("A big message edited many times keeps the history within 4 MiB; a page further behind gets a reset")
    func boundedByBytes() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        let channel = LiveChannel(document: conversation.document, token: "t")
        let big = String(repeating: "word ", count: 100_000)  // 500 kB of text in one bubble
        channel.publish(
            try conversation.feed(
                scriptedStream[0], scriptedStream[1],
                #"{"id":"big","sender":"ana","time":"2026-11-28T09:15:00+01:00","format":"plain","text":"\#(big)"}"#),
            document: conversation.document)
        let early = channel.snapshot().version
        var largest = 0
        for edit in 1...16 {
            let line = #"{"id":"big","text":"\#(big)edit \#(edit)"}"#
            channel.publish(try conversation.feed(line), document: conversation.document)
            largest = max(largest, channel.historySize)
        }
        // Sixteen edits of 500 kB are 8 MB of events: the history keeps the newest that fit.
        #expect(largest <= LiveChannel.historyBytes)
        #expect(channel.historySize > LiveChannel.historyBytes / 2)
        let behind = String(decoding: channel.stream(since: early)() ?? [], as: UTF8.self)
        #expect(behind.contains(#""op":"reset""#))
        #expect(behind.contains("edit 16"))
        #expect(!behind.contains("edit 15"))
        // A page one update behind still gets just that update.
        let recent = String(decoding: channel.stream(since: "t-16")() ?? [], as: UTF8.self)
        #expect(recent.contains("id: t-17\n") && !recent.contains(#""op":"reset""#))
        channel.close()
    }
}
