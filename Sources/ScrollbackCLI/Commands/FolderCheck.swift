import Foundation
import Scrollback

/// Checks every input in a folder against a folder of snapshots, and sums up.
struct FolderCheck {
    /// The folder of inputs.
    var folder: String
    /// The folder of snapshots (`folder/__Snapshots__` unless given).
    var snapshots: String
    /// The snapshots' extension after the input's name (`chat.json` → `chat.json.txt`).
    var fileExtension: String

    /// Runs `check(input, snapshot)` for each input in bytewise name order, then prints `N passed, M failed`.
    func run(console: Console, check: (String, String) throws -> Bool) throws -> Int32 {
        let names = try inputNames()
        guard !names.isEmpty else { throw SnapshotError("\(folder): there are no inputs to check in this folder.") }
        var passed = 0
        var failed = 0
        for name in names {
            let input = (folder as NSString).appendingPathComponent(name)
            let snapshot = (snapshots as NSString).appendingPathComponent(name + "." + fileExtension)
            do {
                if try check(input, snapshot) { passed += 1 } else { failed += 1 }
            } catch let error as UsageError {
                throw error
            } catch {
                // One unreadable input fails on its own; the others are still checked.
                console.error(String(describing: error))
                failed += 1
            }
        }
        warnAboutOrphans(names, console: console)
        console.out("\(passed) passed, \(failed) failed\n")
        return failed == 0 ? 0 : 1
    }

    /// Entries of the folder that are inputs, sorted by their UTF-8 bytes so no file system or locale reorders them.
    func inputNames() throws -> [String] {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw SnapshotError("\(folder): the folder cannot be listed.")
        }
        let snapshotPath = URL(fileURLWithPath: snapshots).standardizedFileURL.path
        return entries.filter { name in
            guard !name.hasPrefix("."), name.lowercased() != SnapshotPolicy.folderName.lowercased(),
                !name.hasSuffix(".actual")
            else { return false }
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).standardizedFileURL.path
            return path != snapshotPath
        }
        .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}

private extension FolderCheck {
    /// Snapshots of this format whose input is gone are worth a warning: they are never checked.
    func warnAboutOrphans(_ names: [String], console: Console) {
        let suffix = "." + fileExtension
        let inputs = Set(names)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: snapshots)) ?? []
        for entry in entries.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        where entry.hasSuffix(suffix) && !entry.hasPrefix(".") {
            let input = String(entry.dropLast(suffix.count))
            if !inputs.contains(input) {
                console.warning(
                    "\((snapshots as NSString).appendingPathComponent(entry)) has no input in \(folder); delete it if the input is gone."
                )
            }
        }
    }
}
