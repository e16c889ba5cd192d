import Scrollback
import Testing

@testable import ScrollbackServe

@Suite("Typing and presence")
struct LiveStateTests {
    static let header =
        #"{"type":"conversation","me":"ana","participants":[{"id":"ana","name":"Ana"},{"id":"ben","name":"Ben Okafor"}]}"#

    @Test("A typing line shows a typing bubble that ends with the sender's next message")
    func endsWithMessage() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        let started = try conversation.feed(
            Self.header, #"{"type":"typing","sender":"ben","time":"2026-11-28T09:00:00Z"}"#)
        #expect(started.typing?.contains("sb-typing-dots") == true)
        #expect(started.typing?.contains("Ben Okafor") == true)
        #expect(started.operations.isEmpty)
        let ended = try conversation.feed(#"{"id":"m1","sender":"ben","time":"2026-11-28T09:00:03Z","text":"hi"}"#)
        #expect(ended.typing == "")
    }

    @Test("A stop line ends typing; another sender's message does not")
    func stopLine() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        _ = try conversation.feed(Self.header, #"{"type":"typing","sender":"ben","time":"2026-11-28T09:00:00Z"}"#)
        let other = try conversation.feed(#"{"id":"m1","sender":"ana","time":"2026-11-28T09:00:02Z","text":"hi"}"#)
        #expect(other.typing == nil)
        #expect(conversation.typing.senders == ["ben"])
        let stopped = try conversation.feed(#"{"type":"typing","sender":"ben","stop":true}"#)
        #expect(stopped.typing == "")
    }

    @Test("Typing ends after ten seconds of stream time")
    func timeout() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        _ = try conversation.feed(Self.header, #"{"type":"typing","sender":"ben","time":"2026-11-28T09:00:00Z"}"#)
        _ = try conversation.feed(#"{"id":"m1","sender":"ana","time":"2026-11-28T09:00:09Z","text":"still?"}"#)
        #expect(conversation.typing.senders == ["ben"])
        let later = try conversation.feed(#"{"id":"m2","sender":"ana","time":"2026-11-28T09:00:10Z","text":"hello?"}"#)
        #expect(later.typing == "")
    }

    @Test("Typing ends when the idle stream's clock passes ten seconds")
    func idleTimeout() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        _ = try conversation.feed(Self.header, #"{"type":"typing","sender":"ben","time":"2026-11-28T09:00:00Z"}"#)
        let start = try #require(conversation.typing.clock)
        #expect(try conversation.expireTyping(at: Timestamp(seconds: start.seconds + 5)).isEmpty)
        #expect(try conversation.expireTyping(at: Timestamp(seconds: start.seconds + 10)).typing == "")
    }

    @Test("Presence gives the avatar a green dot, then a grey one")
    func presenceDot() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        _ = try conversation.feed(Self.header, #"{"id":"m1","sender":"ben","time":"2026-11-28T09:00:00Z","text":"hi"}"#)
        #expect(!conversation.document.log.contains("sb-presence"))
        let online = try conversation.feed(#"{"type":"presence","participant":"ben","online":true}"#)
        #expect(online.operations.count == 1)
        #expect(conversation.document.log.contains(#"<span class="sb-presence sb-online">"#))
        _ = try conversation.feed(#"{"type":"presence","participant":"ben","online":false}"#)
        #expect(conversation.document.log.contains(#"<span class="sb-presence sb-offline">"#))
    }

    @Test("A static render shows the last known presence and ignores typing")
    func staticRender() throws {
        let lines = [
            Self.header, #"{"id":"m1","sender":"ben","time":"2026-11-28T09:00:00Z","text":"hi"}"#,
            #"{"type":"presence","participant":"ben","online":false}"#,
            #"{"type":"typing","sender":"ben","time":"2026-11-28T09:00:05Z"}"#,
            #"{"type":"presence","participant":"ben","online":true}"#,
        ]
        let transcript = try Transcript.load(bytes: Array(lines.joined(separator: "\n").utf8), format: .jsonl)
        #expect(transcript.participants.first { $0.id == "ben" }?.online == true)
        let page = try transcript.render(.html)
        #expect(page.contains(#"<span class="sb-presence sb-online">"#))
        #expect(!page.contains("typing"))
    }

    @Test("A typing line without a sender is an error that says where")
    func typingNeedsSender() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        #expect {
            _ = try conversation.feed(#"{"type":"typing","time":"2026-11-28T09:00:00Z"}"#)
        } throws: { error in
            String(describing: (error as? LiveBatchError)?.errors.first ?? error).hasPrefix("live.jsonl:1:1:")
        }
    }

    @Test("A bad line in a batch is left out with its error; the lines around it are applied")
    func badLineInBatch() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        do {
            _ = try conversation.feed(
                Self.header, #"{"id":"m1","sender":"ben","text":"no time"}"#,
                #"{"id":"m2","sender":"ben","time":"2026-11-28T09:00:00Z","text":"fine"}"#)
            Issue.record("the bad line was accepted")
        } catch let failure as LiveBatchError {
            #expect(failure.errors.count == 1)
            #expect(String(describing: failure.errors[0]).hasPrefix("live.jsonl:2:1: message 1 (id \"m1\")"))
            #expect(failure.change.operations.count == 1)
        }
        #expect(conversation.transcript.messages.map(\.id) == ["m2"])
    }
}
