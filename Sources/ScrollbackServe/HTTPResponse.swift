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
