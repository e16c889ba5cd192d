import Foundation
import Scrollback
import TestSupport
import Testing

/// `render -o` takes its output's lock and writes through a symbolic link, as `merge` and `site` do.
@Suite("render -o: the output's lock and links", .serialized)
struct RenderLockTests {
    static let log = Hostile.nativeLog([Hostile.message(id: "m1", text: "hello there")])

    @Test("A render into an output another run holds waits for it, then writes, leaving no lock behind")
    func waitsForTheLock() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let chat = try folder.write("chat.json", Self.log)
        let output = folder.path("page.html")
        // The test holds the lock, as a render still writing the page would.
        let lock = try HeldLock(folder.path(".page.html.scrollback-lock"))
        let run = try CLIRunner.start(["render", chat, "-o", output])
        #expect(
            run.waitForStderr("scrollback: note: waiting for another scrollback run into \(output) to finish"),
            "\(run.stderr)")
        #expect(run.process.isRunning)
        #expect(!FileManager.default.fileExists(atPath: output))
        lock.release()
        let result = run.wait()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("hello there"))
        #expect(try folder.contents() == ["chat.json", "page.html"])
    }

    @Test("A render into a symbolic link writes the file it leads to; the link stays a link")
    func writesThroughALink() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let chat = try folder.write("chat.json", Self.log)
        try folder.write("real/page.html", "old page")
        try FileManager.default.createDirectory(atPath: folder.path("links"), withIntermediateDirectories: true)
        let link = folder.path("links/page.html")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../real/page.html")
        let run = CLIRunner.run(["render", chat, "-o", link])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../real/page.html")
        #expect(try String(contentsOfFile: folder.path("real/page.html"), encoding: .utf8).contains("hello there"))
        // Nothing is left beside the link or the file (no lock, no temporary file).
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("links")) == ["page.html"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("real")) == ["page.html"])
    }
}
