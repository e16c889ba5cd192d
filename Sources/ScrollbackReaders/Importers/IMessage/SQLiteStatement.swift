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

    // Each column is read through its value (`sqlite3_column_value`), whose type and contents
    // are asked of it directly: one look-up of the column instead of one per question. The value
    // is used only on this thread, before the next step, as SQLite allows.

    /// Column `index` as an integer (0 for NULL; a real number rounded toward zero).
    func int(_ index: Int32) -> Int64 {
        let value = sqlite3_column_value(statement, index)
        if sqlite3_value_type(value) == SQLITE_FLOAT {
            let number = sqlite3_value_double(value)
            return number.isFinite && abs(number) < 9e18 ? Int64(number) : 0
        }
        return sqlite3_value_int64(value)
    }

    /// Column `index` as text, `nil` for NULL (invalid UTF-8 repaired).
    func text(_ index: Int32) -> String? {
        let value = sqlite3_column_value(statement, index)
        guard sqlite3_value_type(value) != SQLITE_NULL, let bytes = sqlite3_value_text(value) else { return nil }
        let count = Int(sqlite3_value_bytes(value))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `index` as bytes, `nil` for NULL or empty.
    func blob(_ index: Int32) -> [UInt8]? {
        let value = sqlite3_column_value(statement, index)
        guard sqlite3_value_type(value) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_value_bytes(value))
        guard count > 0, let bytes = sqlite3_value_blob(value) else { return nil }
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
