import ScrollbackModel

/// A people file or redaction rules file that cannot be used.
package struct PrivacyError: LocatedError, Equatable {
    /// Where the problem is.
    package var location: SourceLocation?
    /// What is wrong, as a sentence.
    package var reason: String

    /// Creates an error at a place in `file`.
    package init(file: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.location = SourceLocation(file: file, line: line, column: column)
        self.reason = reason
    }
}
