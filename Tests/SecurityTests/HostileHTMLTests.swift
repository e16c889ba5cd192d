import Foundation
import Scrollback
import TestSupport
import Testing

/// XSS vectors and naughty strings in every field: the page gains no element, attribute or URL
/// that could run code, beyond what its own template writes.
@Suite("Hostile text in HTML")
struct HostileHTMLTests {
    /// Elements a page may hold: those the templates and the Markdown writer produce.
    static let allowedElements: Set<String> = [
        "html", "head", "meta", "title", "style", "link", "body", "div", "header", "h1", "h2", "h3", "h4", "h5", "h6",
        "p", "nav", "main", "section", "article", "span", "bdi", "time", "a", "img", "strong", "em", "del", "code",
        "pre", "blockquote", "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td", "br", "hr", "input",
        "figure", "figcaption", "small", "footer", "abbr",
    ]
    /// URL-valued attributes: each is checked against the URL policy.
    static let urlAttributes: Set<String> = [
        "href", "src", "action", "formaction", "poster", "background", "cite", "data", "srcset", "xlink:href",
        "ping", "manifest", "codebase", "longdesc", "lowsrc", "dynsrc",
    ]

    /// The scheme a browser would see in `value`, lower-cased; `nil` for relative URLs and fragments.
    static func scheme(_ value: String) -> String? {
        // Browsers drop tab and newline anywhere and C0 controls and spaces at the ends.
        let cleaned = String(
            String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
        let trimmed = cleaned.unicodeScalars.drop { $0.value <= 0x20 }
        let text = String(String.UnicodeScalarView(trimmed))
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let head = text[..<colon]
        if head.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return nil }
        return head.lowercased()
    }

    /// Everything wrong with a page, compared with a page of the same options and no hostile text.
    static func problems(_ html: String, baseline: String, inlinedImages: Bool = false) -> [String] {
        var found: [String] = []
        let elements = HTMLScan.elements(html)
        let expected = HTMLScan.elements(baseline)
        for name in ["script", "style", "meta", "link", "title", "base", "iframe", "object", "embed", "form"] {
            let count = elements.filter { $0.name == name }.count
            let allowed = expected.filter { $0.name == name }.count
            if count != allowed { found.append("\(count) <\(name)> elements, the template writes \(allowed)") }
        }
        if let csp = elements.first(where: { $0.attribute("http-equiv") == "Content-Security-Policy" }),
            let own = expected.first(where: { $0.attribute("http-equiv") == "Content-Security-Policy" }),
            csp.attribute("content") != own.attribute("content")
        {
            found.append("the CSP differs: \(csp.attribute("content") ?? "")")
        }
        for element in elements {
            if !allowedElements.contains(element.name) { found.append("element \(element)") }
            for (name, value) in element.attributes {
                if name.hasPrefix("on") || name == "style" || name == "srcdoc" || name.contains("\"")
                    || name.contains("'")
                    || name.contains("<")
                {
                    found.append("attribute \(name) in \(element)")
                }
                let inlined = inlinedImages && element.name == "img" && name == "src" && value.hasPrefix("data:image/")
                if urlAttributes.contains(name), let scheme = scheme(value),
                    !["http", "https", "mailto"].contains(scheme), !inlined
                {
                    found.append("URL \(value.prefix(80)) in \(element.name)")
                }
                if name == "id", value.unicodeScalars.contains(where: { !isPermalinkScalar($0) }) {
                    found.append("id \(value.prefix(80)) has characters outside [A-Za-z0-9._~-]")
                }
                if name == "class", value.unicodeScalars.contains(where: { !isClassScalar($0) }) {
                    found.append("class \(value.prefix(80)) is not one of the page's own")
                }
            }
        }
        // No CSS from content: with no media files to inline, the page's style is the template's.
        let style = { (page: String) in
            page.components(separatedBy: "<style>").dropFirst().first?.components(separatedBy: "</style>").first
        }
        if let own = style(baseline), let page = style(html), page != own {
            // Avatars are the one rule a page adds: one quoted URL each (remote, inlined or relative).
            let ownLines = Set(own.split(separator: "\n"))
            for rule in page.split(separator: "\n") where !ownLines.contains(rule) && !isAvatarRule(rule) {
                found.append("CSS from content: \(rule.prefix(120))")
            }
        }
        return found
    }

    /// `.sb-avatar-N{background-image:url("URL")}` with a URL that cannot end the string or the rule.
    static func isAvatarRule(_ rule: Substring) -> Bool {
        guard let match = rule.wholeMatch(of: /\.sb-avatar-[0-9]+\{background-image:url\("([^"]*)"\)\}/) else {
            return false
        }
        let url = match.1
        return !url.contains(where: { $0 == "\\" || $0 == "<" || $0 == "\n" || $0.unicodeScalars.first!.value < 0x20 })
            && ["http", "https", "data"].contains(scheme(String(url)) ?? "http")  // no scheme: a relative path
    }

    static func isPermalinkScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "._~-".unicodeScalars.contains(scalar))
    }

    static func isClassScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || " _-".unicodeScalars.contains(scalar))
    }

    static func render(_ transcript: Transcript, options: HTMLOptions) throws -> String {
        try HTMLRenderer.render(LayoutEngine.layout(transcript), options: options)
    }

    @Test("The corpus is there: thousands of payloads from the public lists")
    func corpusLoaded() throws {
        try #require(Fixtures.shared != nil, "../shared/fixtures is missing")
        #expect(HostileCorpus.payloads.count > 5_000)
    }

    @Test("Pages of hostile text hold nothing executable that the template did not write")
    func pagesAreInert() throws {
        let empty = try TemporaryFolder()
        defer { empty.remove() }
        let transcripts = HostileCorpus.transcripts()
        try #require(!transcripts.isEmpty)
        for options in [
            HTMLOptions(mediaBaseDirectory: empty.url.path), HTMLOptions(remoteMedia: true, selfContained: false),
        ] {
            let baseline = try Self.render(Transcript(participants: [Participant(id: "ana")]), options: options)
            for (index, transcript) in transcripts.enumerated() {
                let html = try Self.render(transcript, options: options)
                let problems = Self.problems(html, baseline: baseline)
                #expect(problems.isEmpty, "page \(index): \(problems.prefix(5).joined(separator: "; "))")
            }
        }
    }

    @Test("The check catches what it guards against")
    func checkerCatchesInjection() throws {
        let baseline = try Self.render(Transcript(participants: [Participant(id: "ana")]), options: HTMLOptions())
        let injected = baseline.replacingOccurrences(
            of: "</main>",
            with:
                #"<img src=x onerror=alert(1)><a href=" jav&#x09;ascript:x">x</a><svg/onload=alert(1)><script>x</script></main>"#
        )
        let problems = Self.problems(injected, baseline: baseline)
        #expect(problems.contains { $0.contains("attribute onerror") })
        #expect(problems.contains { $0.hasPrefix("URL") })
        #expect(problems.contains { $0.contains("<script> elements") })
        #expect(problems.contains { $0.contains("attribute onload") })
    }
}
