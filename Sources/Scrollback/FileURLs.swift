import Foundation

// `URL` overloads of the entry points that take paths. Only `file:` URLs name something
// Scrollback can read or write; any other URL is refused with an error that quotes it, rather
// than fetched.

extension ChatInput {
    /// Reads the file or folder a `file:` URL names; another URL is a `ReadError`.
    public static func load(url: URL) throws(ReadError) -> ChatInput {
        try load(url.scrollbackFilePath())
    }
}

extension Transcript {
    /// Reads the one conversation in the file (or folder) a `file:` URL names; another URL is a `ReadError`.
    public static func load(
        url: URL, format: InputFormat? = nil, options: ReadOptions = ReadOptions(), conversation: String? = nil
    ) throws -> Transcript {
        try load(path: url.scrollbackFilePath(), format: format, options: options, conversation: conversation)
    }
}

extension SiteInput {
    /// An input of a site build named by a `file:` URL; another URL is a `ReadError`.
    public init(url: URL, format: InputFormat? = nil, readOptions: ReadOptions = ReadOptions()) throws(ReadError) {
        self.init(path: try url.scrollbackFilePath(), format: format, readOptions: readOptions)
    }
}

extension SiteBuilder {
    /// Builds the site of `inputs` into the folder a `file:` URL names; another URL is a `SiteError`.
    public static func build(
        _ inputs: [SiteInput], into folder: URL, options: SiteOptions,
        warn: @escaping @Sendable (String) -> Void = { _ in },
        progress report: (@Sendable (SiteBuildStatus) -> Void)? = nil
    ) throws -> SiteSummary {
        guard folder.isFileURL else {
            throw SiteError(path: folder.absoluteString, reason: .cannotWrite("only a file URL names a folder"))
        }
        return try build(inputs, into: folder.path, options: options, warn: warn, progress: report)
    }
}

extension URL {
    /// The path of a `file:` URL, or the error that says this URL is not one.
    fileprivate func scrollbackFilePath() throws(ReadError) -> String {
        guard isFileURL else { throw ReadError(location: nil, problem: .notAFileURL(absoluteString)) }
        return path
    }
}
