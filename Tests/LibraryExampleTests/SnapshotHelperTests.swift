import Foundation
import ScrollbackTesting
import Testing

@Suite("ScrollbackTesting.expectSnapshot")
struct SnapshotHelperTests {
    @Test("Output that differs from its snapshot fails the test, with a unified diff")
    func mismatchFails() {
        withKnownIssue {
            expectSnapshot("not the recorded layout\n", named: "support-chat.json")
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("differs from its snapshot") && text.contains("@@ -1") && text.contains("+not the")
        }
        // The mismatch leaves its new output in the temporary folder; this one is no one's to review.
        let newOutput = FileManager.default.temporaryDirectory.appendingPathComponent("new-support-chat.json")
        if FileManager.default.contents(atPath: newOutput.path) == Data("not the recorded layout\n".utf8) {
            try? FileManager.default.removeItem(at: newOutput)
        }
    }

    @Test("Output equal to its snapshot passes without touching the file")
    func matchPasses() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/support-chat.json")
        let recorded = try String(contentsOf: file, encoding: .utf8)
        let before = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        expectSnapshot(recorded, named: "support-chat.json")
        let after = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        #expect(before == after)
    }
}
