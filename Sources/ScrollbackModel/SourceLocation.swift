/// A place in an input file: what error messages point at.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file as the user named it (`-` or `<stdin>` for standard input).
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// 1-based column in characters, when known.
    public var column: Int?

    /// Creates a location.
    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, leaving out what is not known.
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }
}

/// An error a user can act on: where it is and what is wrong, as one sentence.
///
/// Every module's user-facing error conforms, so the command line prints all of
/// them the same way: `scrollback: error: FILE:LINE:COLUMN: what is wrong`, the
/// sentence in lower case after the location.
public protocol LocatedError: Error, CustomStringConvertible {
    /// Where the problem is, when it is in a file.
    var location: SourceLocation? { get }
    /// What is wrong, as a sentence that quotes the bad value.
    var reason: String { get }
}

extension LocatedError {
    /// `FILE:LINE:COLUMN: reason`, or the reason alone, starting in lower case either way
    /// (`plans.json:1:1: the input is empty.`), as notes and warnings do.
    public var description: String {
        guard let location else { return reason.sentenceAfterLocation }
        return "\(location): \(reason.sentenceAfterLocation)"
    }
}
