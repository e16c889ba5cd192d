import Foundation
import Scrollback
import TestSupport
import Testing

@Suite("Search index")
struct SearchIndexTests {
    /// Words for made-up messages: a few common ones and many rare ones.
    static func text(_ seed: Int, words count: Int) -> String {
        let common = ["the", "and", "we", "trail", "hut", "lake"]
        return (0..<count).map { index in
            let value = (seed * 31 + index * 17) % 97
            return value % 3 == 0 ? common[value % common.count] : "w\(value)x\(seed % 5)"
        }.joined(separator: seed % 2 == 0 ? " " : ", ")
    }

    /// Messages over several days with gaps, ids that skip, both senders, long and short texts.
    static func messages(extraMonth: Bool = false) -> [(String, String, String, String, String)] {
        let days =
            ["2026-10-01", "2026-10-02", "2026-10-05", "2026-10-05", "2026-10-31", "2026-11-20"]
            + (extraMonth ? ["2026-12-24", "2026-12-25"] : [])
        var result: [(String, String, String, String, String)] = []
        for (number, day) in days.enumerated() {
            for item in 0..<4 {
                let seed = number * 4 + item
                let id = seed % 5 == 3 ? "k\(seed * 7)" : "m\(seed)"
                let words = seed % 3 == 0 ? 75 : 1 + seed % 9
                result.append(
                    (
                        id, seed % 4 < 2 ? "ana" : "ben", "\(day)T\(hour(number * 4 + item)):00",
                        text(seed, words: words), ""
                    ))
            }
        }
        return result
    }

    /// Hours that keep the two lists of the same day apart and in order.
    private static func hour(_ value: Int) -> String { value % 24 < 10 ? "0\(value % 24)" : "\(value % 24)" }

    static func read(_ site: URL) throws -> (
        dictionary: SearchIndexReader.Dictionary, documents: [SearchIndexReader.Document], shards: [String: String]
    ) {
        // In page order: `2026-10.js`, then its parts `2026-10-2.js`, … (fewer than ten here).
        let files = SiteTest.files(site).filter { $0.hasPrefix("search/log/") }.sorted {
            ($0.count == 21 ? $0.dropLast(3) + "-1" : $0) < ($1.count == 21 ? $1.dropLast(3) + "-1" : $1)
        }
        let (_, dictionary) = try SearchIndexReader.dictionary(SiteTest.read(site, "search/log/words.js"))
        var documents: [SearchIndexReader.Document] = []
        var shards: [String: String] = [:]
        for file in files where !file.hasSuffix("/words.js") {
            let script = try SiteTest.read(site, file)
            shards[file] = script
            documents += try SearchIndexReader.shard(script).documents
        }
        return (dictionary, documents, shards)
    }

    @Test("Every message comes back from the index: id, day, sender, its first 32 words in order, the rest once each")
    func roundTrip() throws {
        let input = try SiteTest.folder("input")
        let messages = Self.messages()
        let path = try SiteTest.write(SiteTest.log(title: "Log", messages), "log.json", in: input)
        let site = try SiteTest.folder()
        var options = SiteOptions()
        options.pageSize = 7
        try SiteTest.build([path], into: site, options: options)
        let (dictionary, documents, shards) = try Self.read(site)
        #expect(shards.count == 4)
        #expect(dictionary.title == "Log")
        #expect(dictionary.senders == ["Ana Lima", "Ben Okafor"])
        #expect(Set(dictionary.words).count == dictionary.words.count, "every word once")
        try #require(documents.count == messages.count)
        for (document, message) in zip(documents, messages) {
            #expect(document.id == message.0)
            #expect(document.date == String(message.2.prefix(10)))
            #expect(dictionary.senders[document.sender] == (message.1 == "ana" ? "Ana Lima" : "Ben Okafor"))
            let words = message.3.split { $0 == " " || $0 == "," }.map(String.init)
            let decoded = document.words.map { dictionary.words[$0] }
            #expect(Array(decoded.prefix(document.ordered)) == Array(words.prefix(32)), "\(message.0)")
            let rest = Set(words.dropFirst(32)).subtracting(words.prefix(32))
            #expect(
                Array(decoded.dropFirst(document.ordered))
                    == rest.sorted { a, b in
                        dictionary.words.firstIndex(of: a)! < dictionary.words.firstIndex(of: b)!
                    }, "\(message.0)")
        }
        #expect(documents.contains { $0.words.count > $0.ordered }, "some messages are longer than 32 words")
    }

    @Test("Styled text is found by its words, not its tags; the same characters in Markdown are words as written")
    func styleTagsNotWords() throws {
        let text = #"<u>Underlined</u> and <span data-effect="shake">shaking</span>"#
        let input = try SiteTest.folder("input")
        let path = try SiteTest.write(
            SiteTest.log(
                title: "Log",
                [
                    ("s1", "ben", "2026-10-01T09:00", text, #", "format": "styled-markdown""#),
                    ("m1", "ben", "2026-10-01T09:01", text, ""),
                ]), "log.json", in: input)
        let site = try SiteTest.folder()
        try SiteTest.build([path], into: site)
        let (dictionary, documents, _) = try Self.read(site)
        let words = documents.map { Set($0.words.map { dictionary.words[$0] }) }
        #expect(words.first == ["underlined", "and", "shaking"])
        #expect(words.last?.isSuperset(of: ["u", "span", "data", "effect", "shake", "underlined"]) == true)
    }

    @Test("Appending a month keeps every word's number and the earlier months' shards byte for byte")
    func appendKeepsNumbers() throws {
        let input = try SiteTest.folder("input")
        let path = try SiteTest.write(SiteTest.log(title: "Log", Self.messages()), "log.json", in: input)
        let site = try SiteTest.folder()
        try SiteTest.build([path], into: site)
        let before = try Self.read(site)
        try SiteTest.write(SiteTest.log(title: "Log", Self.messages(extraMonth: true)), "log.json", in: input)
        try SiteTest.build([path], into: site)
        let after = try Self.read(site)
        #expect(after.dictionary.words.count > before.dictionary.words.count, "the new month brings new words")
        #expect(Array(after.dictionary.words.prefix(before.dictionary.words.count)) == before.dictionary.words)
        #expect(after.shards.count == before.shards.count + 1)
        for (file, script) in before.shards { #expect(after.shards[file] == script, "\(file)") }
    }
}
