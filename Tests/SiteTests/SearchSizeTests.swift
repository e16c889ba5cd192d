import Foundation
import Scrollback
import TestSupport
import Testing

/// The search index's size next to the text it covers (docs/SITE.md, "Size"; figures for more
/// corpora from `scripts/search-size.py`, which builds this corpus the same way).
@Suite("Search index size")
struct SearchSizeTests {
    /// The GFM spec's prose: its paragraphs outside the examples, without headings and front matter.
    static func paragraphs(_ spec: String) -> [String] {
        var paragraphs: [String] = []
        var current: [Substring] = []
        var inExample = false
        var inFrontMatter = false
        for (number, line) in spec.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if number == 0 && line == "---" {
                inFrontMatter = true
            } else if inFrontMatter {
                inFrontMatter = line != "---" && line != "..."
            } else if line.hasPrefix(String(repeating: "`", count: 32)) {
                inExample.toggle()
                current = []
            } else if inExample {
                continue
            } else if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { paragraphs.append(current.joined(separator: "\n")) }
                current = []
            } else if !current.isEmpty || !line.hasPrefix("#") {
                current.append(line)
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: "\n")) }
        return paragraphs
    }

    /// A native log: one paragraph an hour from 2026-01-05 08:00 UTC, three people taking turns.
    static func log(_ paragraphs: [String]) throws -> Data {
        let senders = ["ana", "ben", "chiara"]
        let start = try #require(CivilDate(year: 2026, month: 1, day: 5)).daysSinceEpoch
        let messages: [[String: String]] = paragraphs.enumerated().map { index, text in
            let (days, hour) = (8 + index).quotientAndRemainder(dividingBy: 24)
            let day = CivilDate(daysSinceEpoch: start + Int64(days))
            return [
                "id": "m\(index + 1)", "sender": senders[(index / 2 + index / 5) % 3],
                "time": "\(day)T\(hour < 10 ? "0" : "")\(hour):00:00Z", "text": text,
            ]
        }
        let log: [String: Any] = [
            "version": 1, "title": "Spec reading group", "me": "ana", "timeZone": "UTC",
            "participants": senders.map { ["id": $0, "name": $0.capitalized] }, "messages": messages,
        ]
        return try JSONSerialization.data(withJSONObject: log, options: [.sortedKeys])
    }

    @Test("On English prose the index (shards and dictionary) stays within 30% of the text it covers")
    func englishProse() throws {
        let fixtures = try #require(Fixtures.shared, "../shared/fixtures is missing")
        let spec = try String(contentsOf: fixtures.appendingPathComponent("commonmark-gfm/spec.txt"), encoding: .utf8)
        let paragraphs = Self.paragraphs(spec)
        #expect(paragraphs.count > 800)
        let input = try SiteTest.folder("input")
        let path = input.appendingPathComponent("spec.json")
        try Self.log(paragraphs).write(to: path)
        let site = try SiteTest.folder()
        try SiteTest.build([path.path], into: site)

        let text = paragraphs.reduce(0) { $0 + $1.utf8.count }
        let files = SiteTest.files(site).filter { $0.hasPrefix("search/") }
        let index = try files.reduce(0) { $0 + (try Data(contentsOf: site.appendingPathComponent($1))).count }
        let ratio = Double(index) / Double(text)
        #expect(files.count == 3, "two monthly shards and a dictionary: \(files)")
        #expect(ratio <= 0.30, "index \(index) B for \(text) B of text: \(ratio)")
        #expect(ratio > 0.15, "the index still holds every word: \(ratio)")
    }
}
