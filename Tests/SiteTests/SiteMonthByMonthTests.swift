import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackSite

/// A big log is built a month at a time from two readings (`monthByMonthFromBytes`): the site it
/// gives is the one the whole conversation held at once gives, byte for byte, warnings included;
/// a log that cannot be laid out as it is read (out of time order, a reply before what it
/// answers) is read whole.
@Suite("Sites built a month at a time")
struct SiteMonthByMonthTests {
    /// Builds `inputs` twice, held whole and month by month, into fresh folders; returns both
    /// folders' files, warnings and summaries.
    static func both(
        _ inputs: [String], options: SiteOptions = SiteOptions()
    ) throws -> (whole: Built, streamed: Built) {
        var whole = options
        whole.monthByMonthFromBytes = .max
        var streamed = options
        streamed.monthByMonthFromBytes = 0
        return (try built(inputs, whole), try built(inputs, streamed))
    }

    struct Built {
        var files: [String: Data]
        var warnings: [String]
        var summary: SiteSummary?
        var error: String?
    }

    static func built(_ inputs: [String], _ options: SiteOptions) throws -> Built {
        let folder = try SiteTest.folder("by-month")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let (summary, warnings) = try SiteTest.build(inputs, into: folder, options: options)
            return Built(files: try SiteTest.contents(folder), warnings: warnings, summary: summary)
        } catch {
            return Built(files: [:], warnings: [], error: String(describing: error))
        }
    }

    static func expectSame(_ pair: (whole: Built, streamed: Built), _ label: String) {
        #expect(pair.whole.error == pair.streamed.error, "\(label)")
        #expect(pair.whole.warnings == pair.streamed.warnings, "\(label)")
        #expect(pair.whole.files.keys.sorted() == pair.streamed.files.keys.sorted(), "\(label)")
        for (path, bytes) in pair.whole.files where pair.streamed.files[path] != bytes {
            Issue.record("\(label): \(path) differs")
        }
        #expect((pair.whole.summary?.monthByMonth ?? 0) == 0, "\(label)")
    }

    /// Messages over three months: replies within and across pages and to a missing id, a
    /// repeated id, statuses (the latest and a failed one shown), a hidden message, a system
    /// line, a missing attachment, chains and long pauses.
    static func log(reversed: Bool = false, extra: [(String, String, String, String, String)] = []) -> String {
        var messages: [(String, String, String, String, String)] = []
        let days = ["2026-01-30", "2026-01-31", "2026-02-01", "2026-02-14", "2026-03-02"]
        for (number, day) in days.enumerated() {
            for minute in stride(from: 0, to: 40, by: 7) {
                let id = "m\(number)-\(minute)"
                let sender = minute % 14 == 0 ? "ana" : "ben"
                var more = ""
                if minute == 7 { more += #", "replyTo": "m0-0""# }
                if minute == 14 { more += #", "status": "\#(number == 1 ? "failed" : "delivered")""# }
                if minute == 21 && number == 2 { more += #", "hidden": true"# }
                if minute == 28 { more += #", "attachments": [{"path": "photos/\#(id).jpg", "name": "p.jpg"}]"# }
                messages.append(
                    (id, sender, "\(day)T09:\(minute < 10 ? "0" : "")\(minute)", "Note \(id) about the trip", more))
            }
        }
        messages.append(("m4-0", "ben", "2026-03-02T10:00", "a repeated id", #", "replyTo": "nowhere""#))
        messages.append(("s1", "ana", "2026-03-02T10:01", "Ana left", #", "kind": "system", "sender": null"#))
        messages.append(("last", "ana", "2026-03-02T18:00", "see you", #", "replyTo": "m3-7", "status": "read""#))
        messages += extra
        if reversed { messages.reverse() }
        return SiteTest.log(title: "Trip", messages)
    }

    @Test("A log over months gives the same site either way, page by page and with feeds")
    func sameSite() throws {
        let folder = try SiteTest.folder("by-month-input")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try SiteTest.write(Self.log(), "trip.json", in: folder)
        for options in [
            SiteOptions(pageSize: 4, baseURL: "https://example.org/"),
            SiteOptions(pageBudget: 5_000),
            SiteOptions(),
        ] {
            let pair = try Self.both([path], options: options)
            Self.expectSame(pair, "\(options.pageSize ?? options.pageBudget)")
            #expect(pair.streamed.summary?.monthByMonth == 1)
            #expect(pair.streamed.warnings.contains { $0.contains("photos/m0-28.jpg") })
        }
        var days = SiteOptions(pageSize: 3)
        days.layout.from = CivilDate(year: 2026, month: 1, day: 31)
        days.layout.to = CivilDate(year: 2026, month: 2, day: 14)
        let pair = try Self.both([path], options: days)
        Self.expectSame(pair, "from, to")
        #expect(pair.streamed.summary?.monthByMonth == 1)
    }

    @Test("Several big logs are built side by side, each a month at a time, as they are held whole")
    func sideBySide() throws {
        let folder = try SiteTest.folder("by-month-input")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = try (1...3).map { number in
            try SiteTest.write(Self.log(), "trip-\(number).json", in: folder)
        }
        let pair = try Self.both(paths, options: SiteOptions(pageSize: 2))
        Self.expectSame(pair, "three logs")
        #expect(pair.streamed.summary?.monthByMonth == 3)
        #expect(pair.streamed.summary?.conversations == 3)
    }

    @Test("Logs a stream cannot lay out are read whole, and give the same site")
    func readWhole() throws {
        let folder = try SiteTest.folder("by-month-input")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A reply before the message it answers; then the same log out of time order.
        let early = try SiteTest.write(
            Self.log(extra: [
                ("early", "ben", "2026-03-02T18:30", "answer", #", "replyTo": "later""#),
                ("later", "ana", "2026-03-02T18:40", "question", ""),
            ]),
            "early.json", in: folder)
        let shuffled = try SiteTest.write(Self.log(reversed: true), "shuffled.json", in: folder)
        for path in [early, shuffled] {
            let pair = try Self.both([path], options: SiteOptions(pageSize: 5))
            Self.expectSame(pair, path)
            #expect(pair.streamed.summary?.monthByMonth == 0)
            #expect(pair.streamed.summary?.messages ?? 0 > 30)
        }
    }

    @Test("A rebuild after new messages keeps the same pages either way")
    func incremental() throws {
        let folder = try SiteTest.folder("by-month-input")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("trip.json").path
        var summaries: [SiteSummary] = []
        var sites: [[String: Data]] = []
        for limit in [Int.max, 0] {
            var options = SiteOptions(pageSize: 4)
            options.monthByMonthFromBytes = limit
            let site = try SiteTest.folder("by-month")
            defer { try? FileManager.default.removeItem(at: site) }
            try SiteTest.write(Self.log(), "trip.json", in: folder)
            try SiteTest.build([path], into: site, options: options)
            try SiteTest.write(
                Self.log(extra: [("new", "ben", "2026-03-03T08:00", "one more", #", "replyTo": "m0-0""#)]),
                "trip.json", in: folder)
            summaries.append(try SiteTest.build([path], into: site, options: options).0)
            sites.append(try SiteTest.contents(site))
        }
        #expect(sites[0] == sites[1])
        #expect(summaries[0].filesKept == summaries[1].filesKept)
        #expect(summaries[0].filesWritten == summaries[1].filesWritten)
        #expect(summaries[1].filesKept > 0)
        #expect(summaries[1].monthByMonth == 1)
    }

    @Test("Every fixture gives the same site either way")
    func fixtures() throws {
        guard let root = Fixtures.shared else { return }
        var streamed = 0
        let formats = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        for format in formats {
            let folder = root.appendingPathComponent(format)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for entry in entries.sorted() where !entry.hasSuffix(".md") {
                let path = folder.appendingPathComponent(entry).path
                let pair = try Self.both([path], options: SiteOptions(pageSize: 7))
                Self.expectSame(pair, path)
                streamed += pair.streamed.summary?.monthByMonth ?? 0
            }
        }
        #expect(streamed > 0)
    }
}
