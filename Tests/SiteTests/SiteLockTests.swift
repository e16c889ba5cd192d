import Foundation
import TestSupport
import Testing

@testable import ScrollbackSite

/// Two builds into one folder take turns, each in a staging folder of its own.
@Suite("Site builds into one folder at once", .serialized)
struct SiteLockTests {
    @Test("Two builds started together into one folder wait for its lock, then both succeed in turn; the site is whole")
    func concurrentBuilds() throws {
        try #require(FileManager.default.isExecutableFile(atPath: CLIRunner.binary.path), "build the binary first")
        let site = try SiteTest.folder()
        let parent = site.deletingLastPathComponent()
        let versions = try [1, 2].map { version in
            try SiteKillTests.inputs(in: try SiteTest.folder("input"), version: version)
        }

        // The test holds the lock, as a build that is still running would.
        let lock = try HeldLock(parent.appendingPathComponent("." + site.lastPathComponent + ".scrollback-lock").path)
        let runs = try versions.map { inputs in
            try CLIRunner.start(["site"] + inputs + ["-o", site.path, "--page-size", "8"])
        }
        for run in runs {
            #expect(
                run.waitForStderr("scrollback: note: waiting for another scrollback site build into \(site.path)"),
                "\(run.stderr)")
        }
        #expect(runs.allSatisfy { $0.process.isRunning })
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path).isEmpty, "no build has started")
        lock.release()

        // Every staging folder seen while they run is one build's own.
        let stem = "." + site.lastPathComponent + ".scrollback-staging"
        let own = Set(runs.map { stem + "-\($0.process.processIdentifier)" })
        var seen: Set<String> = []
        while runs.contains(where: { $0.process.isRunning }) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
            seen.formUnion(names.filter { $0.hasPrefix(stem) })
            usleep(2_000)
        }
        #expect(seen.isSubset(of: own), "\(seen) are not \(own)")
        for run in runs {
            let result = run.wait()
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try SiteKillTests.whole(site))
        let page = try SiteTest.read(site, "chat-0/2026-01.html")
        #expect(page.contains("Version 1 message 0") != page.contains("Version 2 message 0"))
        let left = try FileManager.default.contentsOfDirectory(atPath: parent.path).filter {
            $0.hasPrefix("." + site.lastPathComponent + ".")
        }
        #expect(left.isEmpty, "\(left) left beside the site")
    }

    @Test("The staging folder is named after the process that builds")
    func stagingPerProcess() throws {
        let site = try SiteTest.folder()
        let writer = try SiteWriter(target: site.path, force: false, clean: false)
        defer { writer.abandon() }
        #expect(writer.staging.hasSuffix("/." + site.lastPathComponent + ".scrollback-staging-\(getpid())"))
    }

    @Test("A staging folder of another running build is left alone; one of a build that is gone is removed")
    func otherStaging() throws {
        let site = try SiteTest.folder()
        let parent = site.deletingLastPathComponent()
        let stem = "." + site.lastPathComponent + ".scrollback-staging-"
        // The parent of this test process is running; a process this far past the limit is not.
        let running = parent.appendingPathComponent(stem + "\(getppid())")
        let gone = parent.appendingPathComponent(stem + "2147483646")
        for folder in [running, gone] { try SiteTest.write("x", SiteWriter.marker, in: folder) }
        try SiteTest.build(SiteTest.examples, into: site)
        #expect(FileManager.default.fileExists(atPath: running.path))
        #expect(!FileManager.default.fileExists(atPath: gone.path))
        try FileManager.default.removeItem(at: running)
    }

    @Test("A site named through a link is built where the link leads; the link stays")
    func symlinkedSite() throws {
        let real = try SiteTest.folder()
        let link = try SiteTest.folder("links").appendingPathComponent("site")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
        for _ in 0..<2 {
            let run = CLIRunner.run(["site"] + SiteTest.examples + ["-o", link.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
            #expect(SiteManifest.read(folder: real.path) != nil)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: link.deletingLastPathComponent().path) == ["site"])
    }
}
