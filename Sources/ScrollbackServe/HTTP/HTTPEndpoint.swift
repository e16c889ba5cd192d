/// Where a server listens.
package struct HTTPEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The address as given (`127.0.0.1`, `::1`).
    package var host: String
    /// The port.
    package var port: Int

    /// `http://127.0.0.1:8080/` (IPv6 addresses in brackets).
    package var url: String { "http://" + description + "/" }

    /// `127.0.0.1:8080`, `[::1]:8080`.
    package var description: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port)" }
}
