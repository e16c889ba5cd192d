import Scrollback
import Testing

@Suite("Permalinks")
struct PermalinkTests {
    @Test("Every day is a section with id day-YYYY-MM-DD and every message has id msg-ID, in time order")
    func ids() throws {
        let log = HTMLTest.log([
            HTMLTest.message("b", "second", minute: 5),
            HTMLTest.message("a", "first", minute: 1),
            #"{"id": "c", "sender": "ben", "time": "2026-11-29T10:00:00Z", "text": "next day"}"#,
        ])
        let html = try HTMLTest.page(log)
        #expect(html.contains(#"<section class="sb-day" id="day-2026-11-28""#))
        #expect(html.contains(#"<section class="sb-day" id="day-2026-11-29""#))
        let a = try #require(html.range(of: #"id="msg-a""#))
        let b = try #require(html.range(of: #"id="msg-b""#))
        let c = try #require(html.range(of: #"id="msg-c""#))
        #expect(a.lowerBound < b.lowerBound && b.lowerBound < c.lowerBound)
    }

    @Test(
        "Ids outside [A-Za-z0-9._-] are encoded one-to-one with a ~ prefix",
        arguments: [
            ("m1", "m1"), ("a.b_c-9", "a.b_c-9"), ("m 1", "~m_201"), ("a_b c", "~a_5Fb_20c"), ("é", "~_C3_A9"),
            ("", "~"), ("\"><x", "~_22_3E_3Cx"),
        ])
    func encoding(_ id: String, _ expected: String) {
        #expect(PermalinkID.encode(id) == expected)
    }

    @Test("Encoded ids never collide with plain ones")
    func noCollisions() {
        let ids = ["a b", "a_20b", "~a_20b", "a_b", "a b_", "a__20b", "_", "__5F"]
        #expect(Set(ids.map(PermalinkID.encode)).count == ids.count)
    }

    @Test("A reply quotes the original and links to its permalink; a site can link across pages")
    func replyLinks() throws {
        let log = HTMLTest.log([
            HTMLTest.message("m 1", "**Saturday**?"),
            HTMLTest.message("m2", "Yes", sender: "ana", minute: 1, extra: #", "replyTo": "m 1""#),
        ])
        let html = try HTMLTest.page(log)
        let reply = try #require(HTMLTest.element("msg-m2", in: html))
        #expect(reply.contains(##"<a class="sb-reply" href="#msg-~m_201">"##))
        #expect(reply.contains("Saturday?"))
        #expect(html.contains(#"id="msg-~m_201""#))
        let site = PageContext(
            messageHref: { "2026-11.html#" + PermalinkID.message($0) },
            links: [
                PageLink(rel: "prev", href: "2026-10.html", label: "Older"),
                PageLink(rel: "next", href: "javascript:x", label: "Bad"),
            ],
            stylesheetHref: "style.css")
        let page = try HTMLTest.page(log, page: site)
        #expect(page.contains(#"href="2026-11.html#msg-~m_201""#))
        #expect(page.contains(#"<link rel="stylesheet" href="style.css">"#))
        #expect(page.contains(#"<link rel="prev" href="2026-10.html">"#))
        #expect(!page.contains("javascript:x"))
        #expect(!page.contains("<style>") || !page.contains(".sb-bubble {"))
        #expect(page.contains("style-src 'self' 'unsafe-inline'"))
    }
}
