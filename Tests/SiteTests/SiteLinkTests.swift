import Foundation
import Scrollback
import Testing

@Suite("Site links")
struct SiteLinkTests {
    /// A log over two months whose replies reach back across pages.
    static func crossPageLog() -> String {
        var messages: [(String, String, String, String, String)] = [
            ("a1", "ben", "2026-09-30T20:00", "Question from **September**", ""),
            ("a2", "ana", "2026-09-30T20:01", "Let me think", ""),
        ]
        for n in 0..<8 {
            messages.append(("b\(n)", n % 2 == 0 ? "ben" : "ana", "2026-10-0\(n + 1)T09:00", "October \(n)", ""))
        }
        messages.append(("r1", "ana", "2026-10-09T10:00", "Answer", #", "replyTo": "a1""#))
        messages.append(("r2", "ben", "2026-10-09T10:01", "And to you", #", "replyTo": "b1""#))
        messages.append(("r3", "ben", "2026-10-09T10:02", "Ghost", #", "replyTo": "nowhere""#))
        return SiteTest.log(title: "Cross", messages)
    }

    @Test("A reply links to its original's page and permalink, wherever that message landed")
    func crossPageReplies() throws {
        let input = try SiteTest.folder("input")
        let path = try SiteTest.write(Self.crossPageLog(), "cross.json", in: input)
        let site = try SiteTest.folder()
        var options = SiteOptions()
        options.pageSize = 4
        try SiteTest.build([path], into: site, options: options)
        let last = try SiteTest.read(site, "cross/2026-10-3.html")
        #expect(last.contains(#"<a class="sb-reply" href="2026-09.html#msg-a1">"#))
        #expect(last.contains(#"<a class="sb-reply" href="2026-10.html#msg-b1">"#))
        #expect(last.contains("a message that is not in this export"))
        let september = try SiteTest.read(site, "cross/2026-09.html")
        #expect(september.contains(#"id="msg-a1""#))
        #expect(september.contains(#"id="day-2026-09-30""#))
    }

    @Test(
        "Crawling every built page finds no dangling link or fragment",
        arguments: [nil, 3] as [Int?])
    func crawl(pageSize: Int?) throws {
        let input = try SiteTest.folder("input")
        let cross = try SiteTest.write(Self.crossPageLog(), "cross.json", in: input)
        let site = try SiteTest.folder()
        var options = SiteOptions()
        options.pageSize = pageSize
        try SiteTest.build(SiteTest.examples + [cross], into: site, options: options)
        let (problems, links) = try LinkCrawler.problems(in: site)
        #expect(problems.isEmpty, "dangling: \(problems.prefix(10))")
        #expect(links > 100, "the crawl followed \(links) links")
    }

    @Test("The search shards list every message of their page, by the id its permalink uses")
    func searchTargets() throws {
        let input = try SiteTest.folder("input")
        let cross = try SiteTest.write(Self.crossPageLog(), "cross.json", in: input)
        let site = try SiteTest.folder()
        var options = SiteOptions()
        options.pageSize = 3
        try SiteTest.build(SiteTest.examples + [cross], into: site, options: options)
        var shards = 0
        for shard in SiteTest.files(site) where shard.hasPrefix("search/") && !shard.hasSuffix("/words.js") {
            shards += 1
            let text = try SiteTest.read(site, shard)
            let parts = shard.split(separator: "/")
            let page = String(parts[2]).replacingOccurrences(of: ".js", with: ".html")
            let html = try SiteTest.read(site, "\(parts[1])/\(page)")
            let decoded = try SearchIndexReader.shard(text)
            #expect(decoded.slug == parts[1])
            #expect(decoded.page == page)
            let onPage = html.components(separatedBy: "id=\"msg-").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            #expect(decoded.documents.map(\.id) == onPage, "\(shard)")
        }
        #expect(shards > 5)
    }
}
