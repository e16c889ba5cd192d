import ScrollbackModel

/// A people file or redaction rules file that cannot be used.
public struct PrivacyError: LocatedError, Equatable {
    /// Where the problem is.
    public var location: SourceLocation?
    /// What is wrong, as a sentence.
    public var reason: String

    /// Creates an error at a place in `file`.
    public init(file: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.location = SourceLocation(file: file, line: line, column: column)
        self.reason = reason
    }
}
