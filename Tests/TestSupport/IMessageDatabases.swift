import Foundation

/// Messages databases built by `scripts/imessage-testdb.py` into a temporary folder, once per test
/// process (no real `chat.db` is public; see the script).
public enum IMessageDatabases {
    /// The folder the script wrote (`mac/`, `old/`, `backup/`, `hostile/`), or `nil` when it could not run.
    public static let root: URL? = generate()

    /// `mac/chat.db`: a 1:1 chat, a group chat and an SMS chat.
    public static var mac: URL? { root?.appendingPathComponent("mac/chat.db") }
    /// `old/chat.db`: an older schema with dates in seconds.
    public static var old: URL? { root?.appendingPathComponent("old/chat.db") }
    /// The iPhone backup's top folder.
    public static var backup: URL? { root?.appendingPathComponent("backup") }
    /// The backup's `sms.db`.
    public static var backupDatabase: URL? {
        backup?.appendingPathComponent("3d/3d0d7e5fb2ce288813306e4d4636395e047a3d28")
    }
    /// `hostile/NAME`.
    public static func hostile(_ name: String) -> URL? { root?.appendingPathComponent("hostile/" + name) }

    /// What a command must leave as it was: a database's bytes, its modification time, and the
    /// names of the files beside it (no journal, lock or copy).
    public struct Untouched: Equatable {
        public var bytes: Data
        public var modified: Date?
        public var folder: [String]

        public init(_ database: URL) throws {
            bytes = try Data(contentsOf: database)
            modified = try FileManager.default.attributesOfItem(atPath: database.path)[.modificationDate] as? Date
            folder = try FileManager.default.contentsOfDirectory(atPath: database.deletingLastPathComponent().path)
                .sorted()
        }
    }

    private static func generate() -> URL? {
        guard let folder = try? TestFolders.folder("imessage") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Fixtures.packageRoot.appendingPathComponent("scripts/imessage-testdb.py").path, folder.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return nil
        }
        return process.terminationStatus == 0 ? folder : nil
    }
}
