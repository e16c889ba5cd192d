/// Why an HTML page could not be made.
package enum HTMLRenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `--theme` named no theme.
    case unknownTheme(String)
    /// A template (built-in or from `--templates`) does not compile.
    case template(MustacheError)

    /// A sentence for the command line.
    package var description: String {
        switch self {
        case .unknownTheme(let name):
            "'\(name)' is not a theme; use one of \(HTMLTheme.names.joined(separator: ", "))."
        case .template(let error): error.description
        }
    }
}
