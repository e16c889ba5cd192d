import Foundation
import Scrollback
import ScrollbackTesting
import TestSupport
import Testing

/// Whole pages of the examples, compared with files under `__Snapshots__/` (see `expectSnapshot`).
@Suite("Example page snapshots")
struct ExamplePageSnapshotTests {
    static let examples = ["weekend-plans", "hiking-club", "tickets", "road-trip"]

    @Test("Each example renders as its snapshot", arguments: examples, HTMLTheme.all.map(\.name))
    func example(_ name: String, _ theme: String) throws {
        let input = Fixtures.example(name + ".json")
        let transcript = try Transcript.load(path: input.path)
        let options = HTMLOptions(theme: theme, mediaBaseDirectory: input.deletingLastPathComponent().path)
        let html = try HTMLRenderer.render(LayoutEngine.layout(transcript), options: options)
        expectSnapshot(html, named: "\(name)-\(theme).html")
    }
}
