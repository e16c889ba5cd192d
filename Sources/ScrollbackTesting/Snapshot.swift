import Foundation
import Scrollback
import Testing

/// Compares `actual` with the file `__Snapshots__/NAME` beside the calling test file.
///
/// Recording follows `SCROLLBACK_RECORD`, as `scrollback check` does:
/// - `missing` (the default): a missing snapshot is recorded and the test fails once, so
///   someone reviews it.
/// - `all` (or `1`): every snapshot is rewritten with `actual`.
/// - `never`: nothing is written; a missing snapshot fails the test.
/// - On CI (`CI` set to `true`, `1` or `yes`) nothing is ever recorded, whatever `SCROLLBACK_RECORD` says.
/// - A mismatch fails the test with a unified diff and the path of the new output:
///   `__Snapshots__/NAME.actual`, beside the snapshot (removed again once they match).
///
/// `name` may contain folders (`terminal/chat.80.txt`); they are created when a snapshot is recorded.
/// Files are written atomically, so an interrupted run never leaves half a snapshot.
public func expectSnapshot(
    _ actual: String, named name: String, testFile: String = #filePath,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let file = SnapshotFile(testFile: testFile, name: name)
    let mode = SnapshotPolicy.recordMode(environment: ProcessInfo.processInfo.environment)
    let expected = file.contents()
    if mode == .all || (mode == .missing && expected == nil) {
        do {
            try file.write(actual)
        } catch {
            Issue.record("Could not record the snapshot \(file.url.path): \(error)", sourceLocation: sourceLocation)
            return
        }
        file.removeNewOutput()
        if expected == nil {
            Issue.record(
                "Recorded a new snapshot at \(file.url.path); review it and run again.", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected else {
        Issue.record(
            "No snapshot at \(file.url.path); none is recorded on CI (CI set) or with SCROLLBACK_RECORD=never.",
            sourceLocation: sourceLocation)
        return
    }
    guard let diff = UnifiedDiff.make(old: expected, new: actual, oldName: file.url.path, newName: "actual") else {
        file.removeNewOutput()
        return
    }
    let newOutput = file.newOutputURL
    let saved = (try? Data(actual.utf8).write(to: newOutput, options: .atomic)) != nil
    Issue.record(
        """
        The output differs from its snapshot\(saved ? "; the new output is in \(newOutput.path)" : "").
        Run with SCROLLBACK_RECORD=all to accept it.
        \(diff)
        """, sourceLocation: sourceLocation)
}

/// Where a snapshot lives: `__Snapshots__/NAME` in the folder of the test file.
struct SnapshotFile {
    var url: URL

    init(testFile: String, name: String) {
        url = URL(fileURLWithPath: testFile).deletingLastPathComponent()
            .appendingPathComponent(SnapshotPolicy.folderName).appendingPathComponent(name)
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

    /// Where the output that did not match goes: beside the snapshot, as `scrollback check` puts it.
    var newOutputURL: URL { URL(fileURLWithPath: SnapshotPolicy.newOutputPath(forSnapshot: url.path)) }

    /// Removes the output of an earlier mismatch.
    func removeNewOutput() {
        if FileManager.default.fileExists(atPath: newOutputURL.path) {
            try? FileManager.default.removeItem(at: newOutputURL)
        }
    }
}
