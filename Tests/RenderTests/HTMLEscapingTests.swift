import Scrollback
import Testing

@Suite("HTML escaping")
struct HTMLEscapingTests {
    static let payload = #"<script>alert(1)</script><img src=x onerror=alert(2)>"'&"#

    @Test("A hostile title is text in <title> and <h1>")
    func title() throws {
        let html = try HTMLTest.page(HTMLTest.log([HTMLTest.message("m1", "hi")]), title: Self.payload)
        #expect(!html.contains("<script>"))
        #expect(html.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;"))
        #expect(!html.contains("<img src=x"))
    }

    @Test("Hostile participant names are text in names, avatars, quotes and screen-reader labels")
    func names() throws {
        let people =
            #"[{"id": "ana", "name": "Ana"}, {"id": "ben", "name": "<b onmouseover=alert(1)>Ben\"'"},"#
            + #" {"id": "cy", "name": "Cy"}]"#
        let html = try HTMLTest.page(
            HTMLTest.log(
                [
                    HTMLTest.message("m1", "hi"),
                    HTMLTest.message("m2", "yo", sender: "ana", minute: 1, extra: #", "replyTo": "m1""#),
                ],
                participants: people))
        let body = HTMLTest.body(html)
        #expect(!body.contains("<b onmouseover"))
        #expect(body.contains("<bdi>&lt;b onmouseover=alert(1)&gt;Ben&quot;&#39;</bdi>"))
        #expect(body.contains("&lt;b onmouseover=alert(1)&gt;Ben&quot;&#39;</bdi> said, "))
    }

    @Test("Raw HTML in message text is shown as text, inline and as a block")
    func messageText() throws {
        let html = try HTMLTest.page(
            HTMLTest.log([
                HTMLTest.message("m1", "before <img src=x onerror=alert(1)> after"),
                HTMLTest.message("m2", "<div onclick=\"alert(1)\">\nblock\n</div>", minute: 1),
                HTMLTest.message("m3", "plain <b>", minute: 2, extra: #", "format": "plain""#),
            ]))
        let body = HTMLTest.body(html)
        #expect(body.contains("before &lt;img src=x onerror=alert(1)&gt; after"))
        #expect(body.contains("&lt;div onclick=\"alert(1)\"&gt;"))
        #expect(body.contains("plain &lt;b&gt;"))
        #expect(!body.contains("<img src=x") && !body.contains("<div onclick"))
    }

    @Test("Reactions, attachment names and alt text are escaped")
    func reactionsAndAttachments() throws {
        let extra =
            #", "reactions": [{"emoji": "<svg onload=alert(1)>", "by": ["ana"]}], "attachments": ["#
            + #"{"url": "https://example.org/x.pdf", "name": "<script>x</script>.pdf", "type": "application/pdf"},"#
            + #" {"url": "https://example.org/a.png", "type": "image/png", "alt": "\"><script>y</script>"}]"#
        let html = try HTMLTest.page(
            HTMLTest.log([HTMLTest.message("m1", "look", extra: extra)]), options: HTMLOptions(remoteMedia: true))
        let body = HTMLTest.body(html)
        #expect(body.contains(#"alt="&quot;&gt;&lt;script&gt;y&lt;/script&gt;""#))
        #expect(!body.contains("<svg") && !body.contains("<script>"))
        #expect(body.contains("&lt;svg onload=alert(1)&gt;"))
        #expect(body.contains("&lt;script&gt;x&lt;/script&gt;.pdf"))
    }

    @Test(
        "Links to script, data and unknown schemes are dropped, their words kept",
        arguments: [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", "java\tscript:alert(1)", " javascript:alert(1)",
            "vbscript:msgbox(1)", "data:text/html;base64,PHNjcmlwdD4=", "file:///etc/passwd",
        ])
    func forbiddenLinks(_ target: String) throws {
        let html = try HTMLTest.page(HTMLTest.log([HTMLTest.message("m1", "[click me](<\(target)>)")]))
        let bubble = try #require(HTMLTest.element("msg-m1", in: html))
        #expect(bubble.contains("click me"))
        #expect(!bubble.contains("<a "))
    }

    @Test("Allowed links carry rel=noopener noreferrer nofollow and an escaped href")
    func allowedLinks() throws {
        let html = try HTMLTest.page(
            HTMLTest.log([
                HTMLTest.message("m1", ##"[a](https://example.org/?q="x"&y=<1>) [b](#msg-m1) [c](mailto:a@b.c)"##)
            ]))
        let bubble = try #require(HTMLTest.element("msg-m1", in: html))
        #expect(
            bubble.contains(
                #"<a href="https://example.org/?q=&quot;x&quot;&amp;y=&lt;1&gt;" rel="noopener noreferrer nofollow""#))
        #expect(bubble.contains(##"href="#msg-m1""##))
        #expect(bubble.contains(#"href="mailto:a@b.c""#))
    }

    @Test("The escaping functions escape exactly what HTML needs")
    func functions() {
        #expect(HTMLEscaping.text(#"a<b>&"c'"#) == #"a&lt;b&gt;&amp;"c'"#)
        #expect(HTMLEscaping.attribute(#"a<b>&"c'"#) == "a&lt;b&gt;&amp;&quot;c&#39;")
        #expect(HTMLEscaping.text("plain") == "plain")
    }
}
