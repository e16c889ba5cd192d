import Foundation
import Scrollback
import Testing

@Suite("Site structure")
struct SiteStructureTests {
    @Test("The examples build an index, one folder per conversation, calendars, search and shared assets")
    func examples() throws {
        let site = try SiteTest.folder()
        let (summary, _) = try SiteTest.build(SiteTest.examples, into: site)
        #expect(summary.conversations == 3)
        #expect(summary.messages == 58)
        let files = SiteTest.files(site)
        for expected in [
            "index.html", "search.html", ".scrollback-site.json", "hiking-club/2026-10.html",
            "hiking-club/calendar.html",
            "weekend-plans/2026-11.html", "search/hiking-club/2026-10.js",
        ] {
            #expect(files.contains(expected), "missing \(expected)")
        }
        #expect(files.contains { $0.hasPrefix("assets/scrollback-") && $0.hasSuffix(".css") })
        #expect(!files.contains { $0.hasSuffix("feed.atom") || $0 == "sitemap.xml" }, "feeds need --base-url")
    }

    @Test("The index lists conversations newest activity first, with participants, counts, dates and the last message")
    func index() throws {
        let site = try SiteTest.folder()
        try SiteTest.build(SiteTest.examples, into: site)
        let index = try SiteTest.read(site, "index.html")
        let tickets = try #require(index.range(of: ">Ben Okafor</bdi>"))  // last message 2026-11-28 evening
        let hiking = try #require(index.range(of: ">Hiking club 🥾</bdi>"))  // October
        #expect(tickets.lowerBound < hiking.lowerBound)
        #expect(index.contains("25 messages · 2026-10-24 – 2026-10-26"))
        #expect(index.contains("Ana Lima (you), Ben Okafor, Chiara Rossi, Dev Patel"))
        #expect(
            index.contains("<b><bdi>Ben Okafor</bdi>:</b> Next time I&#39;m setting three alarms")
                || index.contains("<b><bdi>Ben Okafor</bdi>:</b> Next time I'm setting three alarms"))
        #expect(index.contains("<svg class=\"sb-activity\""))
        #expect(index.contains("<title>2026-10: 25 messages</title>"))
        #expect(!index.contains("<script"))
        #expect(
            index.contains("href=\"hiking-club/2026-10.html#msg-g25\""), "opens the newest page at its newest message")
    }

    @Test("Only the search page has scripts: its own and the index shards, allowed by its CSP and nothing else")
    func scripts() throws {
        let site = try SiteTest.folder()
        try SiteTest.build(SiteTest.examples, into: site)
        let search = try SiteTest.read(site, "search.html")
        #expect(search.contains("default-src 'none'; script-src 'self';"))
        let sources = LinkCrawler.attributes("src", in: search)
        #expect(sources.first?.hasPrefix("assets/search-") == true)
        #expect(
            sources.dropFirst().sorted() == [
                "search/ben-okafor/2026-11.js", "search/ben-okafor/words.js", "search/hiking-club/2026-10.js",
                "search/hiking-club/words.js", "search/weekend-plans/2026-11.js", "search/weekend-plans/words.js",
            ])
        #expect(search.components(separatedBy: "<script").count - 1 == 7)
        for page in SiteTest.files(site) where page.hasSuffix(".html") && page != "search.html" {
            let html = try SiteTest.read(site, page)
            #expect(!html.contains("<script"), "\(page)")
            #expect(!html.contains("script-src"), "\(page)")
            #expect(html.contains("default-src 'none'"), "\(page)")
        }
    }

    @Test("A month over --page-size splits into numbered parts linked by previous and next")
    func parts() throws {
        let input = try SiteTest.folder("input")
        var messages: [(String, String, String, String, String)] = []
        for day in 1...3 {
            for minute in 0..<4 {
                messages.append(
                    (
                        "d\(day)m\(minute)", minute % 2 == 0 ? "ben" : "ana", "2026-10-0\(day)T10:0\(minute)",
                        "hello \(day) \(minute)", ""
                    ))
            }
        }
        messages.append(("n1", "ben", "2026-11-02T09:00", "November", ""))
        let path = try SiteTest.write(SiteTest.log(title: "Parts", messages), "parts.json", in: input)
        let site = try SiteTest.folder()
        var options = SiteOptions()
        options.pageSize = 5
        let (summary, _) = try SiteTest.build([path], into: site, options: options)
        #expect(summary.pages == 4)
        let files = SiteTest.files(site).filter { $0.hasPrefix("parts/") }
        #expect(
            files == [
                "parts/2026-10-2.html", "parts/2026-10-3.html", "parts/2026-10.html", "parts/2026-11.html",
                "parts/calendar.html",
            ])
        let second = try SiteTest.read(site, "parts/2026-10-2.html")
        #expect(second.contains("<a rel=\"prev\" href=\"2026-10.html\">"))
        #expect(second.contains("<a rel=\"next\" href=\"2026-10-3.html\">"))
        #expect(second.contains("id=\"msg-d2m1\""))
        let first = try SiteTest.read(site, "parts/2026-10.html")
        #expect(!first.contains("rel=\"prev\""))
        #expect(first.contains("href=\"calendar.html\""))
        let calendar = try SiteTest.read(site, "parts/calendar.html")
        #expect(
            calendar.contains("href=\"2026-10-2.html#day-2026-10-03\""), "a day links to the first page that shows it")
        #expect(calendar.contains("<span class=\"sb-day-count\">4</span>"))
        #expect(calendar.contains("November 2026"))
    }

    @Test("The byte budget splits a long month into parts near the budget")
    func budget() throws {
        let input = try SiteTest.folder("input")
        let long = String(repeating: "All work and no play makes a long message. ", count: 20)
        var messages: [(String, String, String, String, String)] = []
        for n in 0..<200 {
            let time = String(format: "2026-10-%02dT%02d:%02d", 1 + n / 24, n % 24, n % 60)
            messages.append(("m\(n)", n % 3 == 0 ? "ana" : "ben", time, long, ""))
        }
        let path = try SiteTest.write(SiteTest.log(title: "Budget", messages), "budget.json", in: input)
        let site = try SiteTest.folder()
        var options = SiteOptions()
        options.pageBudget = 60_000
        let (summary, _) = try SiteTest.build([path], into: site, options: options)
        #expect(summary.pages >= 3)
        for file in SiteTest.files(site) where file.hasPrefix("budget/2026-10") {
            let size = try Data(contentsOf: site.appendingPathComponent(file)).count
            #expect(size < 60_000 * 13 / 10, "\(file) is \(size) bytes")
        }
    }

    @Test("With --base-url: an Atom feed of the latest 50 messages per conversation and a sitemap")
    func feeds() throws {
        let input = try SiteTest.folder("input")
        var messages: [(String, String, String, String, String)] = []
        for n in 0..<60 {
            messages.append(("m\(n)", "ben", String(format: "2026-10-01T10:%02d", n), "Note <\(n)> & more", ""))
        }
        let path = try SiteTest.write(SiteTest.log(title: "Feed", messages), "feed.json", in: input)
        let site = try SiteTest.folder()
        var options = SiteOptions()
        options.baseURL = "https://example.org/chats"
        try SiteTest.build([path], into: site, options: options)
        let feed = try SiteTest.read(site, "feed/feed.atom")
        #expect(feed.components(separatedBy: "<entry>").count - 1 == 50)
        #expect(feed.contains("<id>https://example.org/chats/feed/2026-10.html#msg-m59</id>"))
        #expect(!feed.contains("#msg-m9<"), "only the latest 50")
        #expect(feed.contains("Note &lt;59&gt; &amp; more"))
        let sitemap = try SiteTest.read(site, "sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/chats/feed/2026-10.html</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/chats/index.html</loc>"))
    }
}
