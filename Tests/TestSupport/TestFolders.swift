import Foundation

/// Where tests put their temporary folders and files: one root folder a test process,
/// `scrollback-tests-PID` in the system's temporary folder, removed when the process exits.
///
/// Swift Testing has no teardown for a whole run, so an `atexit` handler removes the root. A process
/// killed by a signal runs no handler, so making the root first removes the roots of processes that
/// no longer run. Tests running in parallel may call every function here at once.
public enum TestFolders {
    /// The start of a root's name; the rest is the id of the process it belongs to.
    public static let rootPrefix = "scrollback-tests-"

    /// This process's root, made on first use (after removing dead processes' roots), and removed when
    /// the process exits. When it cannot be made, the first `folder(_:)` throws.
    public static var root: URL { made }

    /// The root, made once however many threads ask for it first.
    private static let made: URL = {
        let parent = FileManager.default.temporaryDirectory
        removeStaleRoots(in: parent)
        let url = parent.appendingPathComponent(rootPrefix + String(getpid()), isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestFolders.root) }
        return url
    }()

    /// A fresh, empty folder in the root, named `NAME-UUID`.
    public static func folder(_ name: String = "test") throws -> URL {
        let url = root.appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
        // Not `withIntermediateDirectories`: that would accept a folder that is already there.
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url
    }

    /// A path in the root that nothing has yet, `NAME-UUID` followed by `suffix` (such as `.json`), for a
    /// file or folder the test, or the command it runs, makes.
    public static func path(_ name: String, suffix: String = "") -> URL {
        root.appendingPathComponent("\(name)-\(UUID().uuidString)\(suffix)")
    }

    /// Removes from `parent` each folder named exactly `scrollback-tests-PID` whose process no longer
    /// runs, and returns the names removed, sorted. A root of a running process, or of one this process
    /// may not signal, is kept.
    @discardableResult
    public static func removeStaleRoots(in parent: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        var removed: [String] = []
        for name in names {
            guard let pid = pid(ofRoot: name), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let url = parent.appendingPathComponent(name)
            // `attributesOfItem` does not follow a symbolic link: only a real folder is removed.
            let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
            guard type == .typeDirectory, (try? FileManager.default.removeItem(at: url)) != nil else { continue }
            removed.append(name)
        }
        return removed.sorted()
    }

    /// The process id of a root's name, or `nil` when `name` is not exactly `scrollback-tests-PID`
    /// (a positive id written without sign or leading zeros).
    public static func pid(ofRoot name: String) -> pid_t? {
        guard name.hasPrefix(rootPrefix) else { return nil }
        let digits = name.dropFirst(rootPrefix.count)
        guard let pid = pid_t(digits), pid > 0, String(pid) == digits else { return nil }
        return pid
    }
}
