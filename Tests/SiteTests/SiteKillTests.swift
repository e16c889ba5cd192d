import Foundation
import TestSupport
import Testing

@testable import ScrollbackModel
@testable import ScrollbackSite

/// Runs the real `scrollback site` and kills it with SIGKILL at several points of a rebuild:
/// the site folder must always hold one whole site (the old one, or after the swap the new one).
@Suite("Site builds killed part-way", .serialized)
struct SiteKillTests {
    static let binary = Fixtures.packageRoot.appendingPathComponent(".build/debug/scrollback").path

    /// Six conversations of `count` messages; `version` changes every message's text.
    static func inputs(in folder: URL, version: Int, count: Int = 120) throws -> [String] {
        try (0..<6).map { conversation in
            var messages: [(String, String, String, String, String)] = []
            for n in 0..<count {
                let time = String(format: "2026-%02d-%02dT%02d:%02d", 1 + n / 60, 1 + (n / 4) % 15, 8 + n % 4, n % 60)
                messages.append(("m\(n)", n % 2 == 0 ? "ana" : "ben", time, "Version \(version) message \(n)", ""))
            }
            return try SiteTest.write(
                SiteTest.log(title: "Chat \(conversation)", messages), "c\(conversation).json", in: folder)
        }
    }

    /// Starts a build of `inputs` into `site`.
    static func start(_ inputs: [String], site: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["site"] + inputs + ["-o", site.path, "--page-size", "8"]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Whether `site` is whole: its manifest lists exactly its files, each with the bytes it records.
    static func whole(_ site: URL) throws -> Bool {
        guard let manifest = SiteManifest.read(folder: site.path) else { return false }
        let files = Set(SiteTest.files(site)).subtracting([SiteManifest.fileName])
        guard files == Set(manifest.files.keys) else { return false }
        for (path, hash) in manifest.files {
            let data = try Data(contentsOf: site.appendingPathComponent(path))
            guard SHA256.hex([UInt8](data)) == hash else { return false }
        }
        return true
    }

    @Test("A rebuild killed at any point leaves the old site or the new one, whole; the next build completes")
    func killed() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build the scrollback binary first")
        let input = try SiteTest.folder("input")
        let site = try SiteTest.folder()
        // Each build stages in a folder named after its process.
        let stem = ".\(site.lastPathComponent).scrollback-staging"
        let staging = { (process: Process) in
            site.deletingLastPathComponent().appendingPathComponent(stem + "-\(process.processIdentifier)")
        }
        let oldInputs = try Self.inputs(in: input, version: 1)
        let first = try Self.start(oldInputs, site: site)
        first.waitUntilExit()
        try #require(first.terminationStatus == 0)
        let old = try SiteTest.contents(site)
        try #require(try Self.whole(site))

        let newInputs = try Self.inputs(in: input, version: 2)
        var sawOld = 0
        // Kill when the staging folder holds this many files (1: just started), or after a delay.
        for threshold in [1, 5, 40, 120, Int.max] {
            let process = try Self.start(newInputs, site: site)
            let deadline = Date().addingTimeInterval(threshold == Int.max ? 0.8 : 120)
            while process.isRunning {
                let staged = FileManager.default.enumerator(atPath: staging(process).path)?.allObjects.count ?? 0
                if staged >= threshold || Date() > deadline { break }
                usleep(2_000)
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            #expect(try Self.whole(site), "after a kill at \(threshold) files the site is not whole")
            if try SiteTest.contents(site) == old { sawOld += 1 }
        }
        #expect(sawOld >= 3, "most kills land before the swap and leave the old site byte for byte")

        let last = try Self.start(newInputs, site: site)
        last.waitUntilExit()
        #expect(last.terminationStatus == 0)
        #expect(try Self.whole(site))
        #expect(try SiteTest.read(site, "chat-0/2026-01.html").contains("Version 2 message 0"))
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.deletingLastPathComponent().path)
        #expect(!beside.contains { $0.hasPrefix(stem) }, "the killed builds' staging folders are gone")
    }
}
