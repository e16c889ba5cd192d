/// The macOS Contacts database (`~/Library/Application Support/AddressBook/AddressBook-v22.abcddb`,
/// and the same file under each account in `Sources/`): each card's name with its phone numbers
/// and e-mail addresses, read read-only like the Messages database.
package enum ContactsDatabase {
    /// Whether `bytes` start like a SQLite file (the people file is then read as a Contacts database).
    package static func isDatabase(_ bytes: some Collection<UInt8>) -> Bool { SQLiteDatabase.hasHeader(bytes) }

    /// Each card with a name and at least one handle: name (first and last, else nickname, else
    /// organisation) and handles, in the database's order.
    package static func people(path: String) throws(ReadError) -> [(name: String, handles: [String])] {
        let database = try SQLiteDatabase(path: path)
        let tables = try database.tableNames()
        guard tables.contains("ZABCDRECORD") else {
            throw SQLiteDatabase.error(
                path, "is a SQLite database but not a Contacts one (it has no ZABCDRECORD table).")
        }
        var handles: [Int64: [String]] = [:]
        for (table, column) in [("ZABCDPHONENUMBER", "ZFULLNUMBER"), ("ZABCDEMAILADDRESS", "ZADDRESS")]
        where tables.contains(table) {
            let statement = try database.prepare("SELECT ZOWNER, \(column) FROM \(table) ORDER BY ZOWNER, Z_PK")
            while try statement.step() {
                if let value = statement.text(1), !value.isEmpty {
                    handles[statement.int(0), default: []].append(value)
                }
            }
        }
        let columns = try database.columns(of: "ZABCDRECORD")
        let pick = { (name: String) in columns.contains(name) ? name : "NULL" }
        let records = try database.prepare(
            "SELECT Z_PK, \(pick("ZFIRSTNAME")), \(pick("ZLASTNAME")), \(pick("ZNICKNAME")), \(pick("ZORGANIZATION")) FROM ZABCDRECORD ORDER BY Z_PK"
        )
        var people: [(name: String, handles: [String])] = []
        while try records.step() {
            guard let owned = handles[records.int(0)] else { continue }
            let full = [records.text(1), records.text(2)].compactMap { $0 }.filter { !$0.isEmpty }.joined(
                separator: " ")
            let name = [full, records.text(3) ?? "", records.text(4) ?? ""].first { !$0.isEmpty }
            if let name { people.append((name, owned)) }
        }
        return people
    }
}
