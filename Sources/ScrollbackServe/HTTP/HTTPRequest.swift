/// One HTTP request as the handler sees it.
package struct HTTPRequest: Sendable {
    /// `GET`, `HEAD`, ….
    package var method: String
    /// The path, without the query.
    package var path: String
    /// Whether the request carries a body (none of our routes takes one).
    package var hasBody: Bool
    /// Query arguments by name.
    package var query: [String: String]
    /// Request headers by lower-cased name.
    package var headers: [String: String]

    /// Creates a request; tests build them without a connection.
    package init(
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
