/// Why `serve` could not start or go on.
package struct ServeError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    package enum Reason: Sendable, Hashable {
        /// The address is not a numeric IPv4 or IPv6 address.
        case badAddress(String)
        /// Binding or listening failed (the port is taken, the address is not this machine's).
        case cannotListen(String, String)
    }

    /// What went wrong.
    package var reason: Reason

    /// Creates an error.
    package init(_ reason: Reason) { self.reason = reason }

    /// The sentence after `scrollback: error: `.
    package var description: String {
        switch reason {
        case .badAddress(let host):
            "--host '\(host)' is not an address; use a numeric one like 127.0.0.1 or ::1."
        case .cannotListen(let endpoint, let why): "cannot listen on \(endpoint): \(why)."
        }
    }
}
