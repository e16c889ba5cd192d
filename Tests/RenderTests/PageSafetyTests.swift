import Foundation
import Scrollback
import TestSupport
import Testing

@Suite("Page safety and privacy")
struct PageSafetyTests {
    /// The CSP `content` of a page.
    static func policy(_ html: String) throws -> String {
        let marker = #"<meta http-equiv="Content-Security-Policy" content=""#
        let start = try #require(html.range(of: marker))
        let rest = html[start.upperBound...]
        return String(rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)])
    }

    @Test("Every page carries a strict Content-Security-Policy: nothing but its own styles and data: images")
    func strictPolicy() throws {
        let html = try HTMLTest.page(HTMLTest.log([HTMLTest.message("m1", "hi")]))
        let policy = try Self.policy(html)
        #expect(policy.hasPrefix("default-src 'none'"))
        #expect(policy.contains("img-src data:;"))
        #expect(policy.contains("base-uri 'none'"))
        #expect(!policy.contains("script-src"))  // default-src 'none' forbids every script
        #expect(!policy.contains("http"))
        #expect(
            html.range(of: "<meta http-equiv=\"Content-Security-Policy\"")!.lowerBound
                < html.range(of: "<style>")!.lowerBound)
    }

    @Test("Remote images are allowed by the policy only with --remote-media")
    func remoteMediaPolicy() throws {
        let log = HTMLTest.log([
            HTMLTest.message(
                "m1", "![map](https://example.org/map.png)",
                extra:
                    #", "attachments": [{"url": "https://example.org/p.jpg", "type": "image/jpeg", "alt": "a photo"}]"#)
        ])
        let closed = try HTMLTest.page(log)
        #expect(!closed.contains("src=\"https://"))
        #expect(closed.contains("<span class=\"sb-alt\">map</span>"))
        let open = try HTMLTest.page(log, options: HTMLOptions(remoteMedia: true))
        #expect(open.contains(#"src="https://example.org/map.png""#))
        #expect(open.contains(#"src="https://example.org/p.jpg""#))
        #expect(try Self.policy(open).contains("img-src data: https: http:"))
    }

    @Test(
        "A page of every example references no http(s) resource",
        arguments: ["weekend-plans", "hiking-club", "tickets", "road-trip"])
    func noNetwork(_ name: String) throws {
        let url = Fixtures.example(name + ".json")
        let transcript = try Transcript.load(path: url.path)
        let options = HTMLOptions(mediaBaseDirectory: url.deletingLastPathComponent().path)
        let html = try HTMLRenderer.render(LayoutEngine.layout(transcript), options: options)
        for pattern in [
            #"src\s*=\s*["']?\s*(https?:)?//"#, #"url\(\s*["']?\s*(https?:)?//"#, #"@import"#, #"<link[^>]+href="http"#,
        ] {
            #expect(html.range(of: pattern, options: [.regularExpression, .caseInsensitive]) == nil, "\(pattern)")
        }
        #expect(!html.contains("<script"))
    }

    @Test("Local images and avatars inside the input's folder are inlined; a path outside it is not read")
    func localImages() throws {
        let folder = try TestFolders.folder("media")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("in"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A 1×1 PNG.
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 3, 0, 0, 0,
            2,
            8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89,
        ]
        try Data(png).write(to: folder.appendingPathComponent("in/a.png"))
        try Data(png).write(to: folder.appendingPathComponent("secret.png"))
        let log = [
            HTMLTest.message(
                "m1", "", extra: #", "attachments": [{"path": "a.png", "type": "image/png", "alt": "dot"}]"#),
            HTMLTest.message("m2", "![s](../secret.png) ![t](/etc/passwd)", minute: 1),
        ]
        let people = #"[{"id": "ana", "name": "Ana"}, {"id": "ben", "name": "Ben", "avatar": "a.png"}]"#
        let html = try HTMLTest.page(
            HTMLTest.log(log, participants: people),
            options: HTMLOptions(mediaBaseDirectory: folder.appendingPathComponent("in").path))
        #expect(html.contains(#".sb-avatar-1{background-image:url("data:image/png;base64,"#))
        #expect(html.contains(#"<span class="sb-avatar sb-avatar-image sb-avatar-1" aria-hidden="true">"#))
        #expect(html.contains(#"<img class="sb-image" src="data:image/png;base64,"#))
        #expect(html.contains(#"alt="dot" width="3" height="2""#))
        let second = try #require(HTMLTest.element("msg-m2", in: html))
        #expect(!second.contains("<img"))
    }

    @Test("Links to script URLs are classified as forbidden however they are disguised")
    func linkPolicy() {
        #expect(LinkPolicy.kind(of: "javascript:alert(1)") == .forbidden)
        #expect(LinkPolicy.kind(of: "\u{1}javascript:alert(1)") == .forbidden)
        #expect(LinkPolicy.kind(of: "jav\nascript:alert(1)") == .forbidden)
        #expect(LinkPolicy.kind(of: "DATA:text/html,x") == .forbidden)
        #expect(LinkPolicy.kind(of: "//evil.example/x") == .remote)
        #expect(LinkPolicy.kind(of: "media/a:b.png") == .relative)
        #expect(LinkPolicy.kind(of: "#msg-m1") == .relative)
        #expect(LinkPolicy.kind(of: "HTTPS://example.org") == .remote)
    }
}
