import Foundation
import Scrollback

/// Compares one rendering with one snapshot file, and writes what the outcome calls for.
///
/// - The snapshot matches: nothing is written (a stale `FILE.actual` is removed).
/// - Recording (`--record`, `SCROLLBACK_RECORD=1`): the snapshot is rewritten.
/// - No snapshot: it is recorded, unless running on CI, where nothing is written.
/// - A mismatch: the new output goes to `FILE.actual`, beside the snapshot.
///
/// Every file is written atomically; missing folders on the snapshot's path are created.
struct SnapshotCheck {
    /// Rewrite snapshots instead of comparing.
    var record: Bool
    /// Running on CI: a missing snapshot is an error, not a recording.
    var onCI: Bool

    /// What one check found.
    enum Outcome: Equatable {
        case matched
        case recorded
        case created
        case missingOnCI
        /// The snapshot differs; `diff` is unified, `line` the first line that differs.
        case mismatched(diff: String, line: Int, actualPath: String)
    }

    /// Checks `actual` against the snapshot at `path`.
    func run(actual: String, snapshot path: String) throws -> Outcome {
        let actualPath = path + ".actual"
        if record {
            try Self.write(actual, to: path)
            Self.remove(actualPath)
            return .recorded
        }
        guard let expected = try Self.read(path) else {
            if onCI { return .missingOnCI }
            try Self.write(actual, to: path)
            Self.remove(actualPath)
            return .created
        }
        if expected.elementsEqual(actual.utf8) {
            Self.remove(actualPath)
            return .matched
        }
        try Self.write(actual, to: actualPath)
        // Invalid UTF-8 in a snapshot still gets a diff: replacement characters mark it.
        let old = String(decoding: expected, as: UTF8.self)
        let diff = UnifiedDiff.make(old: old, new: actual, oldName: path, newName: actualPath) ?? ""
        let line = UnifiedDiff.firstDifferingLine(old, actual) ?? 1
        return .mismatched(diff: diff, line: line, actualPath: actualPath)
    }

    /// Whether an environment value turns a switch on: `1`, `true` or `yes`, in any case.
    static func isOn(_ value: String?) -> Bool {
        guard let value = value?.lowercased() else { return false }
        return value == "1" || value == "true" || value == "yes"
    }
}

private extension SnapshotCheck {
    /// The snapshot's bytes, or `nil` when there is none.
    static func read(_ path: String) throws -> [UInt8]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard !isDirectory.boolValue else {
            throw SnapshotError("\(path): the snapshot path is a folder, not a file.")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SnapshotError("\(path): the snapshot cannot be read.")
        }
        return [UInt8](data)
    }

    static func write(_ text: String, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw SnapshotError("\(path): cannot create the folder '\(folder)' for it.")
            }
        }
        try AtomicFile.write(path) { stream in stream.write(text) }
    }

    static func remove(_ path: String) {
        if FileManager.default.fileExists(atPath: path) { try? FileManager.default.removeItem(atPath: path) }
    }
}

/// A snapshot that cannot be read or written.
struct SnapshotError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
