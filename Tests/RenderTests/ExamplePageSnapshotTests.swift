import Foundation
import Scrollback
import TestSupport
import Testing

/// Whole pages of the examples, compared with files under `__Snapshots__/`.
///
/// A missing snapshot is recorded (and the test passes) on a developer's machine, but
/// fails when `CI=true`, so CI never blesses its own output.
@Suite("Example page snapshots")
struct ExamplePageSnapshotTests {
    static let examples = ["weekend-plans", "hiking-club", "tickets", "road-trip"]
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")

    @Test("Each example renders as its snapshot", arguments: examples, ["imessage", "discord"])
    func example(_ name: String, _ theme: String) throws {
        let input = Fixtures.example(name + ".json")
        let transcript = try Transcript.load(path: input.path)
        let options = HTMLOptions(theme: theme, mediaBaseDirectory: input.deletingLastPathComponent().path)
        let html = try HTMLRenderer.render(LayoutEngine.layout(transcript), options: options)
        try Self.assertSnapshot(html, named: "\(name)-\(theme).html")
    }

    static func assertSnapshot(_ actual: String, named name: String) throws {
        let file = snapshots.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("No snapshot \(file.path); record it locally (CI=true never records).")
                return
            }
            try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: file)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        let new = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        try? Data(actual.utf8).write(to: new)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first =
            zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        var diff = "@@ line \(first + 1) @@\n"
        if first < expectedLines.count { diff += "-" + expectedLines[first] + "\n" }
        if first < actualLines.count { diff += "+" + actualLines[first] + "\n" }
        Issue.record(
            "\(name) differs from its snapshot.\n\(diff)New output: \(new.path) (delete the snapshot to re-record).")
    }
}
