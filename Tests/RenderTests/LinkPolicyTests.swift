import ScrollbackRender
import Testing

@Suite("Link targets")
struct LinkPolicyTests {
    static let cases: [(String, LinkPolicy.Kind)] = [
        ("https://example.org/a", .remote), ("HTTP://x", .remote), ("HtTpS:x", .remote), ("//host/x", .remote),
        ("\\\\host", .remote), ("/\\host", .remote), ("mailto:a@b.c", .mail), ("MAILTO:a", .mail),
        ("javascript:alert(1)", .forbidden), ("JavaScript:x", .forbidden), ("data:text/html,x", .forbidden),
        (":nothing", .forbidden), ("media/a.jpg", .relative), ("#msg-m1", .relative), ("a/b:c", .relative),
        ("?q=a:b", .relative), ("", .relative), ("/", .relative),
        // Not plain ASCII: browsers drop tabs and newlines and trim controls, so these are still schemes.
        (" javascript:x", .forbidden), ("java\tscript:x", .forbidden), ("jav\nascript:x", .forbidden),
        ("\u{1}https://x", .remote), ("ht tp:x", .forbidden), ("héllo:x", .forbidden), ("ä/b:c", .relative),
    ]

    @Test("Destinations are classified as a browser reads them", arguments: cases)
    func classified(_ destination: String, _ kind: LinkPolicy.Kind) {
        #expect(LinkPolicy.kind(of: destination) == kind)
        #expect((LinkPolicy.safeHref(destination) == nil) == (kind == .forbidden))
    }
}
