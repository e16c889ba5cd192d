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

/// What the server sends back.
public struct HTTPResponse: Sendable {
    /// The body: bytes at once, or a stream that ends when `next` returns `nil`.
    public enum Body: Sendable {
        case bytes([UInt8])
        /// Each call blocks until there is more to send.
        case stream(@Sendable () -> [UInt8]?)
    }

    /// The status code.
    public var status: Int
    /// Header names and values, in order.
    public var headers: [(String, String)]
    /// The body.
    public var body: Body

    /// Creates a response.
    public init(status: Int, headers: [(String, String)], body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A short plain-text answer (errors).
    public static func text(_ status: Int, _ text: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [("Content-Type", "text/plain; charset=utf-8"), ("X-Content-Type-Options", "nosniff")] + headers,
            body: .bytes(Array((text + "\n").utf8)))
    }
}

/// Where a server listens.
public struct HTTPEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The address as given (`127.0.0.1`, `::1`).
    public var host: String
    /// The port.
    public var port: Int

    /// `http://127.0.0.1:8080/` (IPv6 addresses in brackets).
    public var url: String { "http://" + description + "/" }

    public var description: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port)" }
}
