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

    @Test("The events a page missed and a reset are written out with the channel's lock free")
    func builtOutsideTheLock() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        let channel = LiveChannel(document: conversation.document, token: "t")
        for line in scriptedStream.prefix(4) {
            channel.publish(try conversation.feed(line), document: conversation.document)
        }
        let free = Locked<[Bool]>([])
        channel.building = { [unowned channel] in free.change { $0.append(channel.isUnlocked) } }
        let missed = String(decoding: channel.stream(since: "t-2")() ?? [], as: UTF8.self)
        let reset = String(decoding: channel.stream(since: nil)() ?? [], as: UTF8.self)
        #expect(missed.contains("id: t-3\n") && missed.contains("id: t-4\n") && !missed.contains("reset"))
        #expect(reset.contains("id: t-4\n") && reset.contains(#""op":"reset""#))
        #expect(free.value == [true, true])
        channel.close()
    }

    @Test("Pages read while updates are published get every version once, in order, and resets of that version")
    func readWhilePublishing() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        let channel = LiveChannel(document: conversation.document, token: "t")
        var updates: [(LiveChange, LiveDocument)] = [(try conversation.feed(scriptedStream[0]), conversation.document)]
        for number in 1...60 {
            let line =
                #"{"id":"n\#(number)","sender":"ben","time":"2026-11-28T10:00:00Z","text":"note \#(number) end"}"#
            updates.append((try conversation.feed(line), conversation.document))
        }
        let published = updates
        let publisher = Thread {
            for (change, document) in published { channel.publish(change, document: document) }
        }
        publisher.start()
        var position: Int?
        var versions: [Int] = []
        var reads = 0
        while position != updates.count, reads < 50_000_000 {
            reads += 1
            guard let (text, next) = channel.pending(after: position, name: nil) else { break }
            for event in text.components(separatedBy: "\n\n") where event.hasPrefix("id: t-") {
                let version = Int(event.dropFirst(6).prefix { $0.isNumber })!
                if event.contains(#""op":"reset""#) {
                    // A reset shows the page as it was at its version: note 1 … note VERSION - 1.
                    #expect(version <= 1 || event.contains("note \(version - 1) end"), "reset at \(version)")
                    #expect(!event.contains("note \(version) end"), "reset at \(version)")
                } else {
                    #expect(version == (versions.last ?? position ?? 0) + 1, "event \(version) after \(versions)")
                }
                versions.append(version)
            }
            position = next
        }
        #expect(versions.last == updates.count)
        channel.close()
    }
}

/// A value threads of a test share.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }

    func change(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
