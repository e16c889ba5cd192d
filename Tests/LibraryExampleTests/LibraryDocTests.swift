import Foundation
import Testing

@Suite("docs/LIBRARY.md")
struct LibraryDocTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    @Test("The worked example in docs/LIBRARY.md is exactly the code compiled and run here")
    func exampleMatches() throws {
        let source = try String(
            contentsOf: Self.here.appendingPathComponent("SupportChatSnapshotTests.swift"), encoding: .utf8)
        let doc = try String(
            contentsOf: Self.here.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("docs/LIBRARY.md"), encoding: .utf8)
        let region = try #require(
            Self.lines(of: source, after: "// BEGIN LIBRARY EXAMPLE", until: "// END LIBRARY EXAMPLE"))
        let afterMarker = try #require(Self.lines(of: doc, after: "<!-- BEGIN LIBRARY EXAMPLE -->", until: nil))
        let block = try #require(Self.lines(of: afterMarker.joined(separator: "\n"), after: "```swift", until: "```"))
        #expect(region.count > 20)
        #expect(block == region, "copy the region of SupportChatSnapshotTests.swift into docs/LIBRARY.md")
    }

    /// The lines strictly between the line `start` and the next line `end` (or the end of the text).
    static func lines(of text: String, after start: String, until end: String?) -> [String]? {
        let all = text.components(separatedBy: "\n")
        guard let first = all.firstIndex(of: start) else { return nil }
        let rest = all[(first + 1)...]
        guard let end else { return Array(rest) }
        guard let last = rest.firstIndex(of: end) else { return nil }
        return Array(rest[..<last])
    }
}
