/// What the server sends back.
package struct HTTPResponse: Sendable {
    /// The body: bytes at once, or a stream that ends when `next` returns `nil`.
    package enum Body: Sendable {
        case bytes([UInt8])
        /// Each call blocks until there is more to send.
        case stream(@Sendable () -> [UInt8]?)
    }

    /// The status code.
    package var status: Int
    /// Header names and values, in order.
    package var headers: [(String, String)]
    /// The body.
    package var body: Body

    /// Creates a response.
    package init(status: Int, headers: [(String, String)], body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A short plain-text answer (errors).
    package static func text(_ status: Int, _ text: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [
                ("Content-Type", "text/plain; charset=utf-8"), ("X-Content-Type-Options", "nosniff"),
                ("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"),
                ("Referrer-Policy", "no-referrer"),
            ] + headers,
            body: .bytes(Array((text + "\n").utf8)))
    }
}
