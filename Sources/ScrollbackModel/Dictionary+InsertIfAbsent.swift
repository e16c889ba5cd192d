extension Dictionary {
    /// Stores `value` under `key` unless the key already has a value, and says whether it stored
    /// it: one hash of the key, where a look-up followed by an insert takes two (for the id tables
    /// of big logs, hashing is most of the cost). Inlinable, so that it is specialised for the
    /// caller's types: as a generic call it would box its arguments.
    @inlinable
    package mutating func insertIfAbsent(_ key: Key, _ value: Value) -> Bool {
        let count = self.count
        Self.touch(&self[key, default: value])
        return self.count != count
    }

    @usableFromInline
    static func touch(_ value: inout Value) {}
}
