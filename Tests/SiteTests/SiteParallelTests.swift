import Foundation
import Scrollback
import TestSupport
import Testing

/// Inputs are read and rendered side by side; what comes out must not depend on which finishes first.
@Suite("Site inputs built side by side")
struct SiteParallelTests {
    /// A log titled `title` with `count` messages, each with `extra` JSON fields.
    private static func log(_ title: String, messages count: Int, extra: String = "") -> String {
        SiteTest.log(
            title: title,
            (0..<count).map { number in
                let day = String(format: "%02d", 1 + number / 200)
                let time = String(format: "%02d:%02d", 10 + number % 200 / 60, number % 60)
                return (
                    "m\(number)", number % 3 == 0 ? "ana" : "ben", "2026-10-\(day)T\(time)", "**n** \(number)", extra
                )
            })
    }

    /// Conversation key → slug, from the site's manifest.
    private static func slugs(_ site: URL) throws -> [String: String] {
        let data = try Data(contentsOf: site.appendingPathComponent(".scrollback-site.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let conversations = try #require(object["conversations"] as? [[String: Any]])
        var result: [String: String] = [:]
        for conversation in conversations {
            result[try #require(conversation["key"] as? String)] = try #require(conversation["slug"] as? String)
        }
        return result
    }

    @Test("Same-titled conversations get the same folders in every build: the first input keeps the plain name")
    func slugsFollowInputOrder() throws {
        let input = try SiteTest.folder("input")
        // The first input is large and the rest tiny, so the others are read before it is.
        var paths = [try SiteTest.write(Self.log("Trip", messages: 2500), "big.json", in: input)]
        for index in 0..<9 {
            paths.append(try SiteTest.write(Self.log("Trip", messages: 2), "small\(index).json", in: input))
        }
        var trees: [[String: Data]] = []
        for _ in 0..<3 {
            let site = try SiteTest.folder()
            try SiteTest.build(paths, into: site)
            let slugs = try Self.slugs(site)
            #expect(slugs.count == 10)
            #expect(slugs.first { $0.key.hasPrefix("0|") }?.value == "trip")
            #expect(Set(slugs.values).count == 10)
            trees.append(try SiteTest.contents(site))
        }
        #expect(trees[0] == trees[1])
        #expect(trees[1] == trees[2])
    }

    @Test("Warnings come out in input order, each input's together")
    func warningsInInputOrder() throws {
        let input = try SiteTest.folder("input")
        var paths: [String] = []
        for index in 0..<8 {
            // Large inputs first: a one-at-a-time order shows only if the output waits for them.
            let log = Self.log(
                "Chat \(index)", messages: index < 2 ? 1500 : 3,
                extra: #", "attachments": [{"path": "gone-\#(index).pdf"}]"#)
            paths.append(try SiteTest.write(log, "c\(index).json", in: input))
        }
        let (_, warnings) = try SiteTest.build(paths, into: try SiteTest.folder())
        let order = warnings.compactMap { warning in (0..<8).first { warning.contains("gone-\($0).pdf") } }
        #expect(order.count == warnings.count)
        #expect(Set(order) == Set(0..<8))
        #expect(order == order.sorted())
    }

    @Test("When several inputs are broken, the error names the first of them, and no site is left")
    func firstErrorInInputOrder() throws {
        let input = try SiteTest.folder("input")
        var paths: [String] = []
        for index in 0..<8 {
            let text =
                index == 5 || index == 7 ? "{\"version\": 1, \"messages\": [" : Self.log("Chat \(index)", messages: 300)
            paths.append(try SiteTest.write(text, "c\(index).json", in: input))
        }
        let site = try SiteTest.folder()
        try FileManager.default.removeItem(at: site)
        for _ in 0..<3 {
            let error = #expect(throws: (any Error).self) { try SiteTest.build(paths, into: site) }
            #expect(error.map { "\($0)" }?.contains("c5.json") == true)
            #expect(!FileManager.default.fileExists(atPath: site.path))
        }
    }

    @Test("An unchanged input whose files are gone from the site is read again in its turn, beside changed ones")
    func keptInputRebuilt() throws {
        let input = try SiteTest.folder("input")
        var paths: [String] = []
        for index in 0..<6 {
            paths.append(try SiteTest.write(Self.log("Chat \(index)", messages: 300), "c\(index).json", in: input))
        }
        let site = try SiteTest.folder()
        try SiteTest.build(paths, into: site)
        let page = "chat-2/2026-10.html"
        let original = try SiteTest.read(site, page)
        try FileManager.default.removeItem(at: site.appendingPathComponent(page))
        try SiteTest.write(Self.log("Chat 4", messages: 310), "c4.json", in: input)
        let (summary, _) = try SiteTest.build(paths, into: site)
        #expect(try SiteTest.read(site, page) == original)
        #expect(summary.filesWritten > 0)
        let fresh = try SiteTest.folder()
        try SiteTest.build(paths, into: fresh)
        #expect(try SiteTest.contents(site) == SiteTest.contents(fresh))
    }

    @Test("An attachment sent in many conversations built at once is copied once, and every page links it")
    func sharedAttachment() throws {
        let input = try SiteTest.folder("input")
        try Data(contentsOf: Fixtures.example("media/summit.jpg")).write(to: input.appendingPathComponent("p.jpg"))
        let paths = try (0..<40).map { index in
            try SiteTest.write(
                Self.log("Photos \(index)", messages: 1, extra: #", "attachments": [{"path": "p.jpg"}]"#),
                "c\(index).json", in: input)
        }
        for _ in 0..<5 {
            let site = try SiteTest.folder()
            let (summary, warnings) = try SiteTest.build(paths, into: site)
            #expect(warnings.isEmpty)
            let media = SiteTest.files(site).filter { $0.hasPrefix("media/") }
            #expect(media.count == 1)
            // A file staged twice would be counted twice.
            let sizes = try SiteTest.contents(site).filter { $0.key != ".scrollback-site.json" }.values.map(\.count)
            #expect(summary.bytes == sizes.reduce(0, +))
            for index in 0..<40 {
                #expect(try SiteTest.read(site, "photos-\(index)/2026-10.html").contains("../\(media[0])"))
            }
        }
    }
}
