import Foundation
import Scrollback
import TestSupport
import Testing

@Suite("Site rebuilds")
struct SiteIncrementalTests {
    /// Three months of a chat, as `(id, sender, time, text, extra)`.
    static func months(extraDay: Bool = false) -> [(String, String, String, String, String)] {
        var messages: [(String, String, String, String, String)] = []
        for month in 8...10 {
            for day in [3, 14, 25] {
                let time = String(format: "2026-%02d-%02dT12:00", month, day)
                messages.append(("m\(month)-\(day)", day == 14 ? "ana" : "ben", time, "Hello on \(month)/\(day)", ""))
            }
        }
        if extraDay {
            messages.append(("new1", "ben", "2026-10-28T08:00", "A new day", ""))
            messages.append(("new2", "ana", "2026-10-28T08:01", "Indeed", #", "replyTo": "m10-25""#))
        }
        return messages
    }

    @Test("Two builds of the same inputs are byte-for-byte identical")
    func deterministic() throws {
        let first = try SiteTest.folder()
        let second = try SiteTest.folder()
        var options = SiteOptions()
        options.baseURL = "https://example.org/"
        try SiteTest.build(SiteTest.examples, into: first, options: options)
        try SiteTest.build(SiteTest.examples, into: second, options: options)
        let a = try SiteTest.contents(first)
        let b = try SiteTest.contents(second)
        #expect(a.keys.sorted() == b.keys.sorted())
        for (path, data) in a { #expect(b[path] == data, "\(path) differs") }
    }

    @Test("Building again from unchanged input rewrites no file: inodes and modification times are kept")
    func unchanged() throws {
        let site = try SiteTest.folder()
        try SiteTest.build(SiteTest.examples, into: site)
        let before = SiteTest.identities(site)
        Thread.sleep(forTimeInterval: 0.02)
        let (summary, _) = try SiteTest.build(SiteTest.examples, into: site)
        #expect(summary.filesWritten == 0)
        #expect(!summary.changed)
        #expect(SiteTest.identities(site) == before)
    }

    @Test("An input the caller marks unchanged is kept without its bytes being read to tell")
    func markedUnchanged() throws {
        let input = try SiteTest.folder("input")
        let path = try SiteTest.write(SiteTest.log(title: "Months", Self.months()), "months.json", in: input)
        let other = Fixtures.example("weekend-plans.json").path
        let site = try SiteTest.folder()
        try SiteTest.build([path, other], into: site)
        let before = SiteTest.identities(site)
        // The bytes change, but the caller says they did not (a live site goes by the file's
        // inode, size and time): the pages stay as built, which shows the bytes were not hashed.
        try SiteTest.write(SiteTest.log(title: "Months", Self.months(extraDay: true)), "months.json", in: input)
        var inputs = [SiteInput(path: path), SiteInput(path: other)]
        inputs[0].unchanged = true
        let summary = try SiteBuilder.build(inputs, into: site.path, options: SiteOptions())
        #expect(summary.filesWritten == 0)
        #expect(SiteTest.identities(site) == before)
        inputs[0].unchanged = false
        #expect(try SiteBuilder.build(inputs, into: site.path, options: SiteOptions()).filesWritten > 0)
    }

    @Test("Appending a day re-renders only the pages it touches, the index and the affected shard")
    func appendDay() throws {
        let input = try SiteTest.folder("input")
        let path = try SiteTest.write(SiteTest.log(title: "Months", Self.months()), "months.json", in: input)
        let other = Fixtures.example("weekend-plans.json").path
        let site = try SiteTest.folder()
        try SiteTest.build([path, other], into: site)
        let before = SiteTest.identities(site)
        Thread.sleep(forTimeInterval: 0.02)
        try SiteTest.write(SiteTest.log(title: "Months", Self.months(extraDay: true)), "months.json", in: input)
        let (summary, _) = try SiteTest.build([path, other], into: site)
        let after = SiteTest.identities(site)
        let changed = Set(after.keys.filter { before[$0] != after[$0] })
        let expected: Set<String> = [
            "months/2026-10.html", "search/months/2026-10.js", "search/months/words.js", "months/calendar.html",
            "index.html", ".scrollback-site.json",
        ]
        #expect(changed == expected, "changed: \(changed.sorted())")
        #expect(summary.filesWritten == changed.count - 1)  // the manifest is not one of the counted files
        let october = try SiteTest.read(site, "months/2026-10.html")
        #expect(october.contains(#"id="msg-new2""#))
    }

    @Test("A rebuild never writes into a file of the old site: every old inode keeps its bytes")
    func oldFilesUntouched() throws {
        let input = try SiteTest.folder("input")
        let path = try SiteTest.write(SiteTest.log(title: "Months", Self.months()), "months.json", in: input)
        let site = try SiteTest.folder()
        try SiteTest.build([path], into: site)
        let before = try SiteTest.contents(site)
        let backup = try SiteTest.folder("backup")
        for file in before.keys {
            let name = backup.appendingPathComponent(file.replacingOccurrences(of: "/", with: "__")).path
            #expect(link(site.path + "/" + file, name) == 0)
        }
        try SiteTest.write(SiteTest.log(title: "Months", Self.months(extraDay: true)), "months.json", in: input)
        var options = SiteOptions()
        options.pageSize = 2  // moves every message to another page
        try SiteTest.build([path], into: site, options: options)
        for (file, data) in before {
            let name = backup.appendingPathComponent(file.replacingOccurrences(of: "/", with: "__"))
            #expect(try Data(contentsOf: name) == data, "\(file) was changed in place")
        }
        #expect(try SiteTest.contents(site) != before)
    }

    @Test("--clean renders every page again but produces the same bytes")
    func clean() throws {
        let site = try SiteTest.folder()
        try SiteTest.build(SiteTest.examples, into: site)
        let before = try SiteTest.contents(site)
        var options = SiteOptions()
        options.clean = true
        let (summary, _) = try SiteTest.build(SiteTest.examples, into: site, options: options)
        #expect(summary.filesWritten == summary.files)
        #expect(try SiteTest.contents(site) == before)
    }

    @Test("A conversation dropped from the inputs is removed with its files; the others are kept")
    func dropped() throws {
        let site = try SiteTest.folder()
        try SiteTest.build(SiteTest.examples, into: site)
        let before = SiteTest.identities(site)
        try SiteTest.build(Array(SiteTest.examples.prefix(2)), into: site)
        let files = SiteTest.files(site)
        #expect(!files.contains { $0.hasPrefix("weekend-plans/") || $0.hasPrefix("search/weekend-plans/") })
        #expect(SiteTest.identities(site)["hiking-club/2026-10.html"] == before["hiking-club/2026-10.html"])
        #expect(!FileManager.default.fileExists(atPath: site.path + "/weekend-plans"))
    }
}

@Suite("Site rebuilds match clean builds")
struct SiteRebuildEqualsCleanTests {
    /// A repeated id gets an anchor of its own (`msg-r~2`); when the first copy is renamed, the
    /// second becomes `msg-r`. The page holding it changed only in that, and must not be kept.
    @Test("After a change that only renumbers a repeated id, an incremental build equals a clean build")
    func repeatedIDRenumbered() throws {
        func log(withFirst: Bool) -> String {
            var messages: [(String, String, String, String, String)] = []
            messages.append((withFirst ? "r" : "q", "ben", "2026-08-01T12:00", "first copy", ""))
            for day in 2...9 { messages.append(("d\(day)", "ana", "2026-08-0\(day)T12:00", "day \(day)", "")) }
            messages.append(("r", "ben", "2026-09-20T12:00", "second copy", ""))
            return SiteTest.log(title: "Repeats", messages)
        }
        let input = try SiteTest.folder("input")
        let path = try SiteTest.write(log(withFirst: true), "repeats.json", in: input)
        var options = SiteOptions()
        options.pageSize = 4
        let site = try SiteTest.folder()
        try SiteTest.build([path], into: site, options: options)
        let before = try SiteTest.contents(site)
        #expect(before.values.contains { String(decoding: $0, as: UTF8.self).contains(#"id="msg-r~2""#) })
        try SiteTest.write(log(withFirst: false), "repeats.json", in: input)
        try SiteTest.build([path], into: site, options: options)
        let clean = try SiteTest.folder("clean")
        try SiteTest.build([path], into: clean, options: options)
        let incremental = try SiteTest.contents(site)
        let fresh = try SiteTest.contents(clean)
        #expect(incremental.keys.sorted() == fresh.keys.sorted())
        for (name, data) in fresh where !name.hasSuffix("manifest.json") {
            #expect(incremental[name] == data, "\(name) differs from a clean build")
        }
    }
}
