/// Where a server listens.
public struct HTTPEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The address as given (`127.0.0.1`, `::1`).
    public var host: String
    /// The port.
    public var port: Int

    /// `http://127.0.0.1:8080/` (IPv6 addresses in brackets).
    public var url: String { "http://" + description + "/" }

    /// `127.0.0.1:8080`, `[::1]:8080`.
    public var description: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port)" }
}
