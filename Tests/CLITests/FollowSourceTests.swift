import Foundation
import TestSupport
import Testing

@testable import ScrollbackCLI

@Suite("Following a growing input")
struct FollowSourceTests {
    /// `count` lines of about a kilobyte each, numbered.
    static func backlog(_ count: Int) -> String {
        (0..<count).map { "{\"id\":\"m\($0)\",\"text\":\"\(String(repeating: "x", count: 1000))\"}\n" }.joined()
    }

    @Test("A backlog of megabytes already written comes back as one batch of lines, not one per read")
    func backlogIsOneBatch() throws {
        let path = TestFolders.path("backlog", suffix: ".jsonl").path
        try Self.backlog(2_500).write(toFile: path, atomically: true, encoding: .utf8)
        let source = try FollowSource(path: path, once: false)
        let lines = try #require(source.nextLines(within: 0.25))
        #expect(lines.count == 2_500)
        #expect(lines.last.map { String(decoding: $0, as: UTF8.self).hasPrefix(#"{"id":"m2499""#) } == true)
    }
}
