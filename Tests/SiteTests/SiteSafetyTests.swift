import Foundation
import Scrollback
import TestSupport
import Testing

@Suite("Site safety")
struct SiteSafetyTests {
    @Test("A non-empty folder Scrollback did not make is refused, and left untouched")
    func foreignFolder() throws {
        let site = try SiteTest.folder()
        try SiteTest.write("my notes", "notes.txt", in: site)
        #expect(throws: SiteError.self) { try SiteTest.build(SiteTest.examples, into: site) }
        #expect(SiteTest.files(site) == ["notes.txt"])
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.deletingLastPathComponent().path)
        #expect(!beside.contains { $0.hasPrefix("." + site.lastPathComponent + ".") }, "\(beside)")
    }

    @Test("With --force the site is added and foreign files survive this and every later build")
    func foreignFilesKept() throws {
        let site = try SiteTest.folder()
        try SiteTest.write("my notes", "notes.txt", in: site)
        try SiteTest.write("deep", "mine/deep.txt", in: site)
        var options = SiteOptions()
        options.force = true
        try SiteTest.build(SiteTest.examples, into: site, options: options)
        #expect(try SiteTest.read(site, "notes.txt") == "my notes")
        #expect(try SiteTest.read(site, "mine/deep.txt") == "deep")
        try SiteTest.write("added later", "hiking-club/later.txt", in: site)
        try SiteTest.build(Array(SiteTest.examples.prefix(1)), into: site)  // drops two conversations
        #expect(try SiteTest.read(site, "notes.txt") == "my notes")
        #expect(try SiteTest.read(site, "hiking-club/later.txt") == "added later")
        #expect(!SiteTest.files(site).contains("weekend-plans/2026-11.html"))
    }

    @Test("The same image in two conversations is stored once, under its content hash")
    func mediaDedup() throws {
        let input = try SiteTest.folder("input")
        let image = try Data(contentsOf: Fixtures.example("media/summit.jpg"))
        try FileManager.default.createDirectory(
            at: input.appendingPathComponent("a"), withIntermediateDirectories: true)
        try image.write(to: input.appendingPathComponent("a/one.jpg"))
        try image.write(to: input.appendingPathComponent("two.jpg"))
        let one = try SiteTest.write(
            SiteTest.log(
                title: "One", [("p1", "ben", "2026-10-01T10:00", "photo", #", "attachments": [{"path": "a/one.jpg"}]"#)]
            ),
            "one.json", in: input)
        let two = try SiteTest.write(
            SiteTest.log(
                title: "Two",
                [("p1", "ben", "2026-10-01T10:00", "same photo", #", "attachments": [{"path": "two.jpg"}]"#)]),
            "two.json", in: input)
        let site = try SiteTest.folder()
        try SiteTest.build([one, two], into: site)
        let media = SiteTest.files(site).filter { $0.hasPrefix("media/") }
        #expect(media.count == 1)
        let name = try #require(media.first)
        #expect(name.hasSuffix(".jpg"))
        #expect(try Data(contentsOf: site.appendingPathComponent(name)) == image)
        #expect(try SiteTest.read(site, "one/2026-10.html").contains("src=\"../\(name)\""))
        #expect(try SiteTest.read(site, "two/2026-10.html").contains("src=\"../\(name)\""))
    }

    @Test("Missing attachments warn and show a chip; paths and symlinks out of the input folder are refused")
    func mediaRefusals() throws {
        let root = try SiteTest.folder("root")
        let input = root.appendingPathComponent("input")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: input.appendingPathComponent("link.txt").path,
            withDestinationPath: root.appendingPathComponent("secret.txt").path)
        let attachments =
            #", "attachments": [{"path": "gone.pdf", "name": "gone.pdf"}, {"path": "../secret.txt"}, {"path": "link.txt"}, {"path": "/etc/passwd"}]"#
        let path = try SiteTest.write(
            SiteTest.log(title: "Files", [("f1", "ben", "2026-10-01T10:00", "files", attachments)]), "files.json",
            in: input)
        let site = try SiteTest.folder()
        let (_, warnings) = try SiteTest.build([path], into: site)
        #expect(warnings.contains { $0.contains("'gone.pdf' is missing") })
        #expect(warnings.contains { $0.contains("'../secret.txt' is outside the input's folder") })
        #expect(warnings.contains { $0.contains("'link.txt' is outside the input's folder") })
        #expect(warnings.contains { $0.contains("'/etc/passwd' is outside the input's folder") })
        #expect(!SiteTest.files(site).contains { $0.hasPrefix("media/") })
        let page = try SiteTest.read(site, "files/2026-10.html")
        #expect(page.contains("sb-missing"))
        #expect(!page.contains(#"href="gone.pdf""#))
        #expect(
            !page.contains("href=\"../secret") && !page.contains("src=\"../secret") && !page.contains("/etc/passwd\""))
    }

    @Test("Slugs are lower-case ASCII, never '..', and unique even where case is ignored")
    func slugs() throws {
        let input = try SiteTest.folder("input")
        var paths: [String] = []
        for (index, title) in ["Trip", "TRIP", "trip!", "..", "Ünïcödé Çafé", "media", "旅行"].enumerated() {
            paths.append(
                try SiteTest.write(
                    SiteTest.log(title: title, [("x", "ben", "2026-10-01T10:00", "hi", "")]), "c\(index).json",
                    in: input))
        }
        let site = try SiteTest.folder()
        try SiteTest.build(paths, into: site)
        let folders = try FileManager.default.contentsOfDirectory(atPath: site.path).filter {
            !["assets", "search", "index.html", "search.html", ".scrollback-site.json"].contains($0)
        }
        #expect(folders.count == 7)
        #expect(Set(folders.map { $0.lowercased() }).count == 7)
        for folder in folders {
            #expect(
                folder.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }, "\(folder)")
        }
        #expect(folders.contains("trip"))
        #expect(folders.contains("unicode-cafe"))
        #expect(folders.contains { $0.hasPrefix("trip-") })
        #expect(!folders.contains("media"))
    }

    @Test("A leftover staging folder from a killed build is cleared; an unrelated folder of that name is not")
    func leftovers() throws {
        let site = try SiteTest.folder()
        // The name earlier versions staged in, and this process's own.
        for name in [".scrollback-staging", ".scrollback-staging-\(getpid())"] {
            let staging = site.deletingLastPathComponent().appendingPathComponent("." + site.lastPathComponent + name)
            try SiteTest.write("partial", "index.html", in: staging)
            try SiteTest.write("x", ".scrollback-staging", in: staging)
            try SiteTest.build(SiteTest.examples, into: site)
            #expect(!FileManager.default.fileExists(atPath: staging.path))
            try SiteTest.write("someone's", "file.txt", in: staging)
            if name == ".scrollback-staging" {
                try SiteTest.build(SiteTest.examples, into: site)  // no build stages there now
            } else {
                #expect(throws: SiteError.self) { try SiteTest.build(SiteTest.examples, into: site) }
            }
            #expect(try SiteTest.read(staging, "file.txt") == "someone's")
            try FileManager.default.removeItem(at: staging)
        }
    }

    @Test("A killed build's empty staging folder and the old site it set aside are cleared by the next build")
    func leftoversOfKilledBuilds() throws {
        let site = try SiteTest.folder()
        try SiteTest.build(SiteTest.examples, into: site)
        // The number of a process that has exited.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let stem = "." + site.lastPathComponent + ".scrollback-staging-\(gone.processIdentifier)"
        let beside = site.deletingLastPathComponent()
        // Killed between making its folder and writing the marker; killed between two renames.
        let empty = beside.appendingPathComponent(stem)
        let old = beside.appendingPathComponent(stem + ".old")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
        try FileManager.default.copyItem(at: site, to: old)
        try SiteTest.build(SiteTest.examples, into: site)
        #expect(!FileManager.default.fileExists(atPath: empty.path))
        #expect(!FileManager.default.fileExists(atPath: old.path))
        // A folder of someone else's with that name is left alone.
        try SiteTest.write("someone's", "file.txt", in: old)
        try SiteTest.build(SiteTest.examples, into: site)
        #expect(try SiteTest.read(old, "file.txt") == "someone's")
        try FileManager.default.removeItem(at: old)
    }
}
