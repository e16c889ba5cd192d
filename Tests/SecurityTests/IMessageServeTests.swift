import Foundation
import TestSupport
import Testing

/// `serve` on a Messages database: the page is served while the database stays as it was.
@Suite("iMessage served")
struct IMessageServeTests {
    @Test("serve shows a chat of a Messages database and leaves its bytes, time and folder as they were")
    func serveLeavesTheDatabase() throws {
        let database = try #require(IMessageDatabases.mac, "scripts/imessage-testdb.py did not run")
        let before = try IMessageDatabases.Untouched(database)
        let run = try CLIRunner.start(["serve", database.path, "--conversation", "Hike crew", "--port", "0"])
        defer { run.process.terminate() }
        try #require(run.waitForStderr("(Ctrl-C stops)", seconds: 60), "\(run.stderr)")
        let address = try #require(
            run.stderr.components(separatedBy: "serving http://").last?.components(separatedBy: "/").first)
        let port = try #require(address.split(separator: ":").last.flatMap { Int($0) })
        let page = try ZipExportTests.get("/", host: address, port: port)
        #expect(page.hasPrefix("HTTP/1.1 200"), "\(page.prefix(200))")
        #expect(page.contains("Who brings the map?"))
        #expect(try IMessageDatabases.Untouched(database) == before, "serve changed the database or its folder")
        run.process.terminate()
        _ = run.wait()
        #expect(try IMessageDatabases.Untouched(database) == before, "serve changed the database once stopped")
    }
}
