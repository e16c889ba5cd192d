/// When snapshot checks write: the one policy of `scrollback check` and of `ScrollbackTesting`'s
/// `expectSnapshot`, read from the same environment, with one default folder and one place for
/// the output that did not match.
package enum SnapshotPolicy {
    /// When a snapshot file is written.
    package enum RecordMode: String, Sendable, CaseIterable {
        /// Every snapshot is rewritten with the new output.
        case all
        /// Only a snapshot that does not exist yet is written (and reported, for review).
        case missing
        /// Nothing is written: a missing snapshot is a failure.
        case never
    }

    /// The folder snapshots live in by default: beside a test file, or inside a checked folder.
    package static let folderName = "__Snapshots__"

    /// Where the output that did not match its snapshot goes: `SNAPSHOT.actual`, beside it.
    package static func newOutputPath(forSnapshot path: String) -> String { path + ".actual" }

    /// The record mode the environment asks for. `CI` (set to `1`, `true` or `yes`, in any case)
    /// stops recording whatever else is set, so a CI job never passes on a snapshot it just
    /// wrote. Otherwise `SCROLLBACK_RECORD` names a mode (`all`, `missing`, `never`), with `1`,
    /// `true` or `yes` meaning `all`; unset (or `0`, `false`, `no`) is `missing`.
    package static func recordMode(environment: [String: String]) -> RecordMode {
        if isOn(environment["CI"]) { return .never }
        guard let value = environment["SCROLLBACK_RECORD"]?.lowercased() else { return .missing }
        if let mode = RecordMode(rawValue: value) { return mode }
        return isOn(value) ? .all : .missing
    }

    /// Whether an environment value turns a switch on: `1`, `true` or `yes`, in any case.
    package static func isOn(_ value: String?) -> Bool {
        guard let value = value?.lowercased() else { return false }
        return value == "1" || value == "true" || value == "yes"
    }
}
