import Scrollback
import Testing

@Suite("Bubbles in the page")
struct BubblePlacementTests {
    /// The `class` of the message element `id`.
    static func classes(_ id: String, in html: String) throws -> String {
        let marker = try #require(html.range(of: #"id="msg-\#(id)""#))
        let start = try #require(html[..<marker.lowerBound].range(of: "class=\"", options: .backwards))
        return String(html[start.upperBound..<marker.lowerBound]).replacingOccurrences(of: "\" ", with: "")
    }

    @Test("A chain's positions are marked and only its last bubble has a tail; the avatar sits beside it")
    func tails() throws {
        let html = try HTMLTest.page(
            HTMLTest.log([
                HTMLTest.message("a", "one"), HTMLTest.message("b", "two", minute: 1),
                HTMLTest.message("c", "three", minute: 2), HTMLTest.message("d", "mine", sender: "ana", minute: 3),
            ]))
        #expect(try Self.classes("a", in: html) == "sb-msg sb-first")
        #expect(try Self.classes("b", in: html) == "sb-msg sb-middle")
        #expect(try Self.classes("c", in: html) == "sb-msg sb-last sb-tail")
        #expect(try Self.classes("d", in: html) == "sb-msg sb-single sb-tail")
        #expect(try #require(HTMLTest.element("msg-c", in: html)).contains("class=\"sb-avatar"))
        #expect(try !#require(HTMLTest.element("msg-a", in: html)).contains("class=\"sb-avatar"))
        #expect(html.contains(#"<div class="sb-chain sb-trailing">"#))
    }

    @Test("Status shows under the latest outgoing message only; a failed one says Not delivered with a mark")
    func status() throws {
        let html = try HTMLTest.page(
            HTMLTest.log([
                HTMLTest.message("a", "one", sender: "ana", extra: #", "status": "read""#),
                HTMLTest.message("b", "two", sender: "ana", minute: 1, extra: #", "status": "failed""#),
                HTMLTest.message("c", "three", sender: "ana", minute: 2, extra: #", "status": "delivered""#),
                HTMLTest.message("d", "hi", minute: 3),
            ]))
        #expect(try !#require(HTMLTest.element("msg-a", in: html)).contains("sb-status"))
        let failed = try #require(HTMLTest.element("msg-b", in: html))
        #expect(
            failed.contains(
                #"<p class="sb-status sb-failed"><span class="sb-failed-mark" aria-hidden="true">!</span>Not delivered</p>"#
            ))
        #expect(try #require(HTMLTest.element("msg-c", in: html)).contains(#"<p class="sb-status">Delivered</p>"#))
    }

    @Test("Screen readers hear who said it, and every bubble has a machine-readable time")
    func speech() throws {
        let html = try HTMLTest.page(
            HTMLTest.log([HTMLTest.message("a", "hi"), HTMLTest.message("b", "hey", sender: "ana", minute: 1)]))
        let theirs = try #require(HTMLTest.element("msg-a", in: html))
        // The label has its own direction, so `dir="auto"` reads the bubble's direction from the message.
        #expect(theirs.contains(#"<span class="sb-sr" dir="ltr"><bdi>Ben Okafor</bdi> said, </span>"#))
        #expect(theirs.contains(#"<time datetime="2026-11-28T09:00:00Z">09:00</time>"#))
        #expect(try #require(HTMLTest.element("msg-b", in: html)).contains("<bdi>You</bdi> said, "))
        #expect(html.contains(#"<div class="sb-bubble" dir="auto">"#))
    }

    @Test("Jumbo emoji, edits, deletions, reactions with counts and file chips are drawn")
    func decorations() throws {
        let html = try HTMLTest.page(
            HTMLTest.log([
                HTMLTest.message("a", "🎉🎉"),
                HTMLTest.message("b", "fixed", minute: 10, extra: #", "edited": "2026-11-28T09:11:00Z""#),
                HTMLTest.message("c", "", minute: 20, extra: #", "deleted": true"#),
                HTMLTest.message(
                    "d", "see", minute: 30,
                    extra:
                        #", "reactions": [{"emoji": "❤️", "by": ["ana", "ben"]}], "attachments": [{"path": "x/report.pdf", "type": "application/pdf", "size": 1234567}]"#
                ),
            ]))
        #expect(try Self.classes("a", in: html).contains("sb-jumbo"))
        #expect(try #require(HTMLTest.element("msg-b", in: html)).contains("<span class=\"sb-edited\">Edited</span>"))
        #expect(try #require(HTMLTest.element("msg-c", in: html)).contains("This message was deleted"))
        let d = try #require(HTMLTest.element("msg-d", in: html))
        #expect(
            d.contains(
                #"<span class="sb-emoji" aria-hidden="true">❤️</span><span class="sb-count" aria-hidden="true">2</span>"#
            ))
        #expect(d.contains("<span class=\"sb-sr\">You, Ben Okafor reacted ❤️</span>"))
        #expect(
            d.contains(
                #"<span class="sb-file-name" dir="auto">report.pdf</span> <span class="sb-file-size">1.2 MB</span>"#))
    }

    @Test("An undated transcript shows no day headings and no clock times")
    func undated() throws {
        var transcript = try Transcript.load(
            bytes: Array(HTMLTest.log([HTMLTest.message("a", "hi"), HTMLTest.message("b", "yo", sender: "ana")]).utf8))
        transcript.undated = true
        let html = try HTMLRenderer.render(LayoutEngine.layout(transcript), options: HTMLOptions())
        #expect(!html.contains("<h2"))
        #expect(!html.contains("<time"))
        #expect(html.contains(#"id="msg-a""#) && html.contains("<bdi>Ben Okafor</bdi> said, "))
    }

    @Test("Names show above incoming chains in groups, inside <bdi>")
    func groupNames() throws {
        let people = #"[{"id": "ana", "name": "Ana"}, {"id": "ben", "name": "Ben Okafor"}, {"id": "cy", "name": "Cy"}]"#
        let html = try HTMLTest.page(HTMLTest.log([HTMLTest.message("a", "hi")], participants: people))
        #expect(html.contains(#"<p class="sb-sender sb-color-"#))
        #expect(html.contains("<bdi>Ben Okafor</bdi></p>"))
    }
}
