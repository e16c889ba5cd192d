import Scrollback
import Testing

@testable import ScrollbackServe

@Suite("Live updates")
struct LiveUpdateTests {
    @Test("After every prefix of a scripted stream the live log equals a fresh render of that prefix")
    func everyPrefix() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        var shown = conversation.document.log
        #expect(shown == (try freshLog([""])))
        for count in 1...scriptedStream.count {
            let change = try conversation.feed(scriptedStream[count - 1])
            shown = LogApplier.apply(change.operations, to: shown)
            #expect(shown == (try freshLog(Array(scriptedStream.prefix(count)))), "after line \(count)")
            #expect(!change.operations.contains { if case .reset = $0 { true } else { false } }, "line \(count)")
        }
    }

    @Test("Several lines in one batch give the same log as one line at a time")
    func batches() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        var shown = conversation.document.log
        for batch in stride(from: 0, to: scriptedStream.count, by: 3) {
            let lines = scriptedStream[batch..<min(batch + 3, scriptedStream.count)].map { Array($0.utf8) }
            shown = LogApplier.apply(try conversation.apply(lines).operations, to: shown)
        }
        #expect(shown == (try freshLog(scriptedStream)))
    }

    @Test("A status update replaces exactly that message's element")
    func statusUpdate() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        _ = try conversation.apply(scriptedStream.prefix(4).map { Array($0.utf8) })
        let change = try conversation.feed(#"{"id":"m2","status":"sent"}"#)
        #expect(change.operations.count == 1)
        guard case .replace(_, let html) = change.operations.first else {
            Issue.record("expected one replacement, got \(change.operations)")
            return
        }
        #expect(html.hasPrefix("<div class=\"sb-msg"))
        #expect(html.contains("id=\"msg-m2\""))
        #expect(html.contains("Sent"))
    }

    @Test("A message that extends a chain appends one element and redraws the bubble before it")
    func chainGrows() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        _ = try conversation.feed(scriptedStream[0], scriptedStream[1])
        let change = try conversation.feed(
            #"{"id":"m1b","sender":"ben","time":"2026-11-28T09:14:30+01:00","text":"And bring snacks"}"#)
        let replaced = change.operations.compactMap { if case .replace(_, let html) = $0 { html } else { nil } }
        let appended = change.operations.compactMap { if case .append(_, let html) = $0 { html } else { nil } }
        #expect(replaced.count == 1)
        #expect(replaced.first?.contains("id=\"msg-m1\"") == true)
        #expect(replaced.first?.contains("sb-first") == true)
        #expect(appended.count == 1)
        #expect(appended.first?.contains("id=\"msg-m1b\"") == true)
    }

    @Test("The status line moves from the older outgoing message to the newer one")
    func statusMoves() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        _ = try conversation.apply(scriptedStream.prefix(5).map { Array($0.utf8) })
        #expect(conversation.document.log.contains("sb-status"))
        let change = try conversation.feed(scriptedStream[5])
        let replaced = change.operations.compactMap { if case .replace(_, let html) = $0 { html } else { nil } }
        #expect(replaced.contains { $0.contains("id=\"msg-m2\"") && !$0.contains("sb-status") })
    }

    @Test("Message text that looks like markup reaches the page as text")
    func hostileText() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        let change = try conversation.feed(
            scriptedStream[0],
            #"{"id":"x","sender":"ben","time":"2026-11-28T09:14:00Z","text":"<img src=x onerror=alert(1)> \"quoted\""}"#
        )
        let html = change.operations.map { "\($0)" }.joined()
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        let json = change.json(version: "t-1")
        #expect(!json.contains("<"))
    }

    @Test("A day change adds a new day section to the log")
    func dayChange() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        _ = try conversation.feed(scriptedStream[0], scriptedStream[1])
        let change = try conversation.feed(scriptedStream[17])
        #expect(change.operations.count == 1)
        guard case .append(let path, let html) = change.operations.first else {
            Issue.record("expected an append, got \(change.operations)")
            return
        }
        #expect(path == [])
        #expect(html.contains("id=\"day-2026-11-29\""))
    }
}

@Suite("Live updates through --redact and --anonymize")
struct LivePrivacyTests {
    @Test("A live stream shown with --anonymize --redact holds no name, address or typing sender's id")
    func anonymized() throws {
        var privacy = PrivacyOptions(redactor: try Redactor(), anonymize: true)
        privacy.me = nil
        let lines = [
            #"{"type": "conversation", "title": "Plans", "participants": [{"id": "u-ana", "name": "Ana Lima"}, {"id": "u-ben", "name": "Ben Okafor"}]}"#,
            #"{"id": "m1", "sender": "u-ben", "time": "2026-11-28T09:00:00Z", "text": "Mail ana.lima@example.org, Ana"}"#,
            #"{"type": "typing", "sender": "u-ana", "time": "2026-11-28T09:00:05Z"}"#,
        ]
        var conversation = try LiveConversation(
            name: "live.jsonl", options: RenderOptions(), transform: privacy.transform)
        var shown = conversation.document.log
        for line in lines { shown = LogApplier.apply(try conversation.feed(line).operations, to: shown) }
        let page = shown + conversation.document.page
        for secret in ["Ana Lima", "Ben Okafor", "ana.lima@example.org", "u-ana", "u-ben"] {
            #expect(!page.contains(secret), "the live page shows \(secret)")
        }
        #expect(page.contains("Person"))
        #expect(page.contains("[email]"))
    }
}
