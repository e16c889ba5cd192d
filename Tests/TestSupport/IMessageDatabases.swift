import Foundation

/// Messages databases built by `scripts/imessage-testdb.py` into a temporary folder, once per test
/// process (no real `chat.db` is public; see the script).
public enum IMessageDatabases {
    /// The folder the script wrote (`mac/`, `old/`, `backup/`, `hostile/`, `bench/`), or `nil` when it could not run.
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
    /// `bench/chat.db`: 3,000 messages in 20 chats, more than a few batches of rows.
    public static var bench: URL? { root?.appendingPathComponent("bench/chat.db") }
    /// The benchmark's group chat (`scripts/bench/imports.py`) of 3,000 messages: bodies only in
    /// `attributedBody`, tapback rows, thread replies, edits with their history, multi-part messages.
    public static let benchGroup: URL? = {
        guard let folder = try? TestFolders.folder("imessage-bench"),
            run([
                "scripts/bench/imports.py", "--messages", "3000", "--seed", "7", "-o", folder.path,
                "--formats", "imessage",
            ])
        else { return nil }
        return folder.appendingPathComponent("imessage/chat.db")
    }()

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
        guard let folder = try? TestFolders.folder("imessage"),
            run(["scripts/imessage-testdb.py", folder.path, "--bench", "3000"])
        else { return nil }
        return folder
    }

    /// Runs the package's Python script `arguments[0]` with the rest; whether it succeeded.
    private static func run(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", Fixtures.packageRoot.appendingPathComponent(arguments[0]).path] + arguments.dropFirst()
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return false
        }
        return process.terminationStatus == 0
    }
}
