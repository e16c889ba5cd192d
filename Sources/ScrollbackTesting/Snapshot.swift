import Foundation
import Scrollback
import Testing

/// Compares `actual` with the file `__Snapshots__/NAME` beside the calling test file.
///
/// - A missing snapshot is recorded and the test fails once, so someone reviews it.
/// - On CI (`CI=true`) nothing is ever recorded: a missing snapshot fails the test.
/// - `SCROLLBACK_RECORD=1` rewrites the snapshot with `actual` (not on CI).
/// - A mismatch fails the test with a unified diff and the path of a file holding the new output.
///
/// `name` may contain folders (`terminal/chat.80.txt`); they are created when a snapshot is recorded.
/// Files are written atomically, so an interrupted run never leaves half a snapshot.
public func expectSnapshot(
    _ actual: String, named name: String, testFile: String = #filePath,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let file = SnapshotFile(testFile: testFile, name: name)
    let environment = ProcessInfo.processInfo.environment
    let onCI = environment["CI"] == "true"
    let expected = file.contents()
    if !onCI, expected == nil || environment["SCROLLBACK_RECORD"] == "1" {
        do {
            try file.write(actual)
        } catch {
            Issue.record("Could not record the snapshot \(file.url.path): \(error)", sourceLocation: sourceLocation)
            return
        }
        if expected == nil {
            Issue.record(
                "Recorded a new snapshot at \(file.url.path); review it and run again.", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected else {
        Issue.record(
            "No snapshot at \(file.url.path); snapshots are not recorded on CI (CI=true).",
            sourceLocation: sourceLocation)
        return
    }
    guard let diff = UnifiedDiff.make(old: expected, new: actual, oldName: file.url.path, newName: "actual") else {
        return
    }
    let newOutput = file.newOutputURL
    let saved = (try? Data(actual.utf8).write(to: newOutput, options: .atomic)) != nil
    Issue.record(
        """
        The output differs from its snapshot\(saved ? "; the new output is in \(newOutput.path)" : "").
        Run with SCROLLBACK_RECORD=1 to accept it.
        \(diff)
        """, sourceLocation: sourceLocation)
}

/// Where a snapshot lives: `__Snapshots__/NAME` in the folder of the test file.
struct SnapshotFile {
    var url: URL

    init(testFile: String, name: String) {
        url = URL(fileURLWithPath: testFile).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__").appendingPathComponent(name)
    }

    /// The recorded text, or `nil` when there is no snapshot yet.
    func contents() -> String? {
        FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ text: String) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    /// A file in the temporary folder for the output that did not match, named after the snapshot.
    var newOutputURL: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("new-" + url.lastPathComponent)
    }
}
