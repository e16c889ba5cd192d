import Foundation
import Scrollback
import TestSupport
import Testing

@Suite("Share previews")
struct SharePreviewTests {
    static func meta(_ html: String, _ name: String) -> String? {
        for marker in ["<meta name=\"\(name)\" content=\"", "<meta property=\"\(name)\" content=\""] {
            if let start = html.range(of: marker) {
                let rest = html[start.upperBound...]
                return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
            }
        }
        return nil
    }

    @Test("A page's head describes it: title, who, the days and the first words, for Open Graph and Twitter too")
    func pageHead() throws {
        let transcript = try Transcript.load(path: Fixtures.example("weekend-plans.json").path)
        let html = try transcript.render(.html)
        let description = try #require(Self.meta(html, "description"))
        #expect(description == "Ben Okafor · Saturday, November 28, 2026 · Still on for Saturday?")
        #expect(
            Self.meta(html, "og:description") == description && Self.meta(html, "twitter:description") == description)
        #expect(Self.meta(html, "og:title") == "Weekend plans" && Self.meta(html, "twitter:title") == "Weekend plans")
        #expect(Self.meta(html, "twitter:card") == "summary")
        // A standalone page has no address of its own.
        #expect(!html.contains("rel=\"canonical\""))
    }

    @Test("Preview text is data: quotes and markup in the first words are escaped, long text is cut at a word")
    func escapedAndShort() throws {
        let long = String(repeating: "word ", count: 60)
        let transcript = Transcript(
            title: "\"><script>x</script>",
            participants: [Participant(id: "a", name: "A & B")],
            messages: [Message(id: "1", sender: "a", time: Timestamp(seconds: 0), text: "<b>\"hi\"</b> " + long)])
        let html = try transcript.render(.html)
        let description = try #require(Self.meta(html, "description"))
        #expect(!html.contains("<script>x"))
        #expect(description.hasPrefix("A &amp; B · Thursday, January 1, 1970 · &lt;b&gt;&quot;hi&quot;&lt;/b&gt; word"))
        #expect(description.hasSuffix("word…"))
        #expect(description.count < 260)
    }

    @Test("Site pages get canonical URLs with --base-url, and previews are redacted like the page")
    func siteCanonical() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = try folder.write(
            "chat.jsonl",
            """
            {"type":"conversation","title":"Ops"}
            {"id":"1","sender":"ana","time":"2026-03-01T10:00:00Z","text":"the key is \(Secrets.openAI)"}
            {"id":"2","sender":"ben","time":"2026-03-02T10:00:00Z","text":"thanks"}
            """)
        let site = folder.url.appendingPathComponent("site")
        let result = CLIRunner.run(["site", input, "-o", site.path, "--redact", "--base-url", "https://example.org/c"])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("ops/2026-03.html"), encoding: .utf8)
        #expect(page.contains("<link rel=\"canonical\" href=\"https://example.org/c/ops/2026-03.html\">"))
        #expect(Self.meta(page, "og:url") == "https://example.org/c/ops/2026-03.html")
        let description = try #require(Self.meta(page, "description"))
        #expect(description.contains("the key is [openai key]"))
        #expect(description.contains("Sunday, March 1, 2026 – Monday, March 2, 2026"))
        #expect(!page.contains(Secrets.openAI))
    }
}
