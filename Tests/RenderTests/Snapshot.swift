import Foundation
import Testing

/// Compares output with a file under `__Snapshots__/`, recording it when missing (never when `CI=true`).
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")

    static func assert(
        _ actual: String, named name: String, in subfolder: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let directory = folder.appendingPathComponent(subfolder)
        let file = directory.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("Snapshot \(file.path) is missing (not recorded on CI).", sourceLocation: sourceLocation)
                return
            }
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: file.path, contents: Data(actual.utf8))
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        let newFile = FileManager.default.temporaryDirectory.appendingPathComponent("new-" + name)
        _ = FileManager.default.createFile(atPath: newFile.path, contents: Data(actual.utf8))
        Issue.record(
            """
            Output differs from \(file.path); the new output is in \(newFile.path).
            \(lineDiff(expected, actual))
            """, sourceLocation: sourceLocation)
    }

    /// The first differing lines, unified-diff style.
    private static func lineDiff(_ expected: String, _ actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var first = 0
        while first < old.count, first < new.count, old[first] == new[first] { first += 1 }
        var text = "@@ line \(first + 1) @@\n"
        for line in old[first..<min(old.count, first + 5)] { text += "-" + line + "\n" }
        for line in new[first..<min(new.count, first + 5)] { text += "+" + line + "\n" }
        return text
    }

    /// Escape sequences made visible: `⟨1;31m⟩` for SGR, `⟨link URL⟩` for OSC 8, `␛` for any other ESC.
    static func visible(_ text: String) -> String {
        var result = text.replacingOccurrences(
            of: "\u{1B}\\]8;;([^\u{1B}]*)\u{1B}\\\\", with: "⟨link $1⟩", options: .regularExpression)
        result = result.replacingOccurrences(of: "\u{1B}\\[([0-9;]*m)", with: "⟨$1⟩", options: .regularExpression)
        return result.replacingOccurrences(of: "\u{1B}", with: "␛")
    }
}
