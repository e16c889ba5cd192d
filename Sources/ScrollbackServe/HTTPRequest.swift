/// One HTTP request as the handler sees it.
public struct HTTPRequest: Sendable {
    /// `GET`, `HEAD`, ….
    public var method: String
    /// The path, without the query.
    public var path: String
    /// Whether the request carries a body (none of our routes takes one).
    public var hasBody: Bool
    /// Query arguments by name.
    public var query: [String: String]
    /// Request headers by lower-cased name.
    public var headers: [String: String]

    /// Creates a request; tests build them without a connection.
    public init(
        method: String, path: String, hasBody: Bool = false, query: [String: String] = [:],
        headers: [String: String] = [:]
    ) {
        self.method = method
        self.path = path
        self.hasBody = hasBody
        self.query = query
        self.headers = headers
    }
}
