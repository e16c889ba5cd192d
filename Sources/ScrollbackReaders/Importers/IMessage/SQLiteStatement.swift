import CSQLite

/// One prepared statement of a `SQLiteDatabase`, stepped row by row and finalised when released.
final class SQLiteStatement {
    private let statement: OpaquePointer
    fileprivate var statementPointer: OpaquePointer { statement }
    private let database: SQLiteDatabase

    init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit { sqlite3_finalize(statement) }

    /// Moves to the next row: `false` when there is none; a damaged database fails with SQLite's reason.
    func step() throws(ReadError) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            throw SQLiteDatabase.error(
                database.path, "is damaged or not a Messages database (\(database.lastError)).")
        }
    }

    /// Whether column `index` is NULL.
    func isNull(_ index: Int32) -> Bool { sqlite3_column_type(statement, index) == SQLITE_NULL }

    /// Column `index` as an integer (0 for NULL; a real number rounded toward zero).
    func int(_ index: Int32) -> Int64 {
        if sqlite3_column_type(statement, index) == SQLITE_FLOAT {
            let value = sqlite3_column_double(statement, index)
            return value.isFinite && abs(value) < 9e18 ? Int64(value) : 0
        }
        return sqlite3_column_int64(statement, index)
    }

    /// Column `index` as text, `nil` for NULL (invalid UTF-8 repaired).
    func text(_ index: Int32) -> String? {
        guard sqlite3_column_type(statement, index) != SQLITE_NULL, let bytes = sqlite3_column_text(statement, index)
        else { return nil }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `index` as bytes, `nil` for NULL or empty.
    func blob(_ index: Int32) -> [UInt8]? {
        guard sqlite3_column_type(statement, index) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(statement, index))
        guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return nil }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}

extension SQLiteStatement {
    /// Binds `value` to the first parameter.
    func bind(_ value: String) {
        sqlite3_reset(statementPointer)
        sqlite3_bind_text(statementPointer, 1, value, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
    }

    /// Makes the statement ready to run again.
    func reset() {
        sqlite3_reset(statementPointer)
        sqlite3_clear_bindings(statementPointer)
    }
}
