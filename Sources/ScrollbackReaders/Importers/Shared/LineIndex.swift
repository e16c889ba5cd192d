import ScrollbackModel

/// `LocationCursor` for the importers, which pass one index around by value while converting:
/// the cursor is shared, so every copy counts on from the previous answer.
struct LineIndex {
    let file: String
    private let cursor: Cursor

    init(file: String, bytes: InputBytes) {
        self.file = file
        cursor = Cursor(LocationCursor(name: file, bytes: bytes))
    }

    /// `file:line:column` of a byte offset, as every reader counts it.
    func location(ofByte offset: Int) -> SourceLocation { cursor.value.location(of: offset) }
}

/// The cursor a `LineIndex` and its copies share (one reader uses an index at a time).
private final class Cursor {
    var value: LocationCursor
    init(_ value: LocationCursor) { self.value = value }
}
