import Foundation
import Scrollback

/// Compares one rendering with one snapshot file, and writes what the outcome calls for.
///
/// - The snapshot matches: nothing is written (a stale `FILE.actual` is removed).
/// - Recording every snapshot (`--record`, `SCROLLBACK_RECORD=all`): the snapshot is rewritten.
/// - No snapshot: it is recorded, unless the mode is `never` (on CI), where nothing is written.
/// - A mismatch: the new output goes to `FILE.actual`, beside the snapshot.
///
/// The mode comes from `SnapshotPolicy`, as `expectSnapshot`'s does.
///
/// Every file is written atomically; missing folders on the snapshot's path are created.
struct SnapshotCheck {
    /// Which snapshots are written.
    var mode: SnapshotPolicy.RecordMode

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
        let actualPath = SnapshotPolicy.newOutputPath(forSnapshot: path)
        if mode == .all {
            try Self.write(actual, to: path)
            Self.remove(actualPath)
            return .recorded
        }
        guard let expected = try Self.read(path) else {
            if mode == .never { return .missingOnCI }
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
