import Foundation
import ScrollbackTesting
import Testing

@Suite("ScrollbackTesting.expectSnapshot")
struct SnapshotHelperTests {
    @Test("Output that differs from its snapshot fails the test, with a diff and the new output beside the snapshot")
    func mismatchFails() {
        let newOutput = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/mismatch.txt.actual")
        withKnownIssue {
            expectSnapshot("not the recorded text\n", named: "mismatch.txt")
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("differs from its snapshot") && text.contains("@@ -1") && text.contains("+not the")
                && text.contains(newOutput.path)
        }
        // Where `scrollback check` puts it too: `SNAPSHOT.actual`; this one is no one's to review.
        #expect(FileManager.default.contents(atPath: newOutput.path) == Data("not the recorded text\n".utf8))
        try? FileManager.default.removeItem(at: newOutput)
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
