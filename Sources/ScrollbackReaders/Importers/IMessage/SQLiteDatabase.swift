import CSQLite
import ScrollbackModel

/// A SQLite database opened read-only and immutable: never written, locked or copied.
///
/// `immutable=1` tells SQLite the file cannot change, so it takes no locks and reads no journal or
/// write-ahead log beside it: Messages may hold `chat.db` open while it is read, and nothing of the
/// database (its bytes, its modification time, the `-wal` and `-shm` files beside it) is touched.
/// The one place Scrollback calls SQLite.
final class SQLiteDatabase {
    /// The path, as errors name it.
    let path: String
    private let handle: OpaquePointer

    /// Opens `path` read-only; a file SQLite cannot open as a database fails with SQLite's reason.
    init(path: String) throws(ReadError) {
        self.path = path
        var opened: OpaquePointer?
        let uri = "file:" + Self.uriPath(path) + "?mode=ro&immutable=1"
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(uri, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let reason = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(opened)
            throw Self.error(path, "cannot be opened as a SQLite database (\(reason)).")
        }
        handle = opened
        // A hostile file may declare huge sizes: keep what one statement can use bounded.
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, 256 << 20)
        sqlite3_exec(
            handle, "PRAGMA query_only = 1; PRAGMA trusted_schema = 0; PRAGMA cell_size_check = 1", nil, nil, nil)
    }

    deinit { sqlite3_close(handle) }

    /// Whether the file starts like a SQLite database (the 16-byte header string).
    static func hasHeader(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: Array("SQLite format 3\0".utf8))
    }

    /// Prepares `sql`; a statement the schema cannot answer fails naming the database.
    func prepare(_ sql: String) throws(ReadError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw Self.error(path, "cannot be read as a Messages database (\(lastError)).")
        }
        return SQLiteStatement(statement, database: self)
    }

    /// The tables of the database.
    func tableNames() throws(ReadError) -> Set<String> {
        let statement = try prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        var names = Set<String>()
        while try statement.step() { if let name = statement.text(0) { names.insert(name) } }
        return names
    }

    /// The columns of `table` (empty when there is no such table).
    func columns(of table: String) throws(ReadError) -> Set<String> {
        let statement = try prepare("SELECT name FROM pragma_table_info('\(table)')")
        var names = Set<String>()
        while try statement.step() { if let name = statement.text(0) { names.insert(name) } }
        return names
    }

    /// SQLite's message for the last failure.
    var lastError: String { String(cString: sqlite3_errmsg(handle)) }

    /// A read error about this database.
    static func error(_ path: String, _ text: String) -> ReadError {
        ReadError(location: SourceLocation(file: path), problem: .syntax("the file " + text))
    }

    /// `path` percent-encoded for a `file:` URI (`?`, `#` and `%` would end or change it).
    private static func uriPath(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                UInt8(ascii: "."), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
