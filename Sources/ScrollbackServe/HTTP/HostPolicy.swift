/// Which `Host` (and `Origin`) a request may name: the defence against DNS rebinding.
///
/// A web page can point a name of its own at 127.0.0.1 and then read whatever answers there
/// under that name. A request whose `Host` is not one of this server's own names is therefore
/// refused before anything is looked up: `127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT`, the
/// address it listens on, and the name given with `--host`. A server listening on every address
/// (`0.0.0.0`, `::`) also answers to any numeric address with its port, which no DNS answer can
/// stand for.
package struct HostPolicy: Sendable, Hashable {
    /// The accepted `Host` values, lower-cased.
    package private(set) var hosts: Set<String>
    /// Whether any numeric address with the right port is accepted too.
    package private(set) var anyAddress: Bool
    /// The port every accepted `Host` names.
    package let port: Int

    /// The names a server listening on `endpoint` answers to; `name` is the `--host` as given.
    package init(endpoint: HTTPEndpoint, name: String? = nil) {
        port = endpoint.port
        var hosts: Set<String> = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
        hosts.insert(endpoint.description.lowercased())
        if let name, !name.isEmpty { hosts.insert(HTTPEndpoint(host: name, port: port).description.lowercased()) }
        self.hosts = hosts
        anyAddress = endpoint.host == "0.0.0.0" || endpoint.host == "::"
    }

    /// Whether a request with this `Host` header is addressed to this server.
    package func allows(host: String?) -> Bool {
        guard let host = host?.lowercased(), !host.isEmpty else { return false }
        if hosts.contains(host) { return true }
        guard anyAddress else { return false }
        return Self.isNumeric(host, port: port)
    }

    /// Whether a request with this `Origin` header comes from a page of this server (`nil`:
    /// none sent, as for a plain client or a same-origin `GET` some browsers send without one).
    package func allows(origin: String?) -> Bool {
        guard let origin else { return true }
        let prefix = "http://"
        guard origin.lowercased().hasPrefix(prefix) else { return false }
        return allows(host: String(origin.dropFirst(prefix.count)))
    }

    /// Whether `host` is a numeric IPv4 address or a bracketed IPv6 one, with `:port`.
    static func isNumeric(_ host: String, port: Int) -> Bool {
        let suffix = ":\(port)"
        guard host.hasSuffix(suffix) else { return false }
        let address = host.dropLast(suffix.count)
        if address.hasPrefix("["), address.hasSuffix("]") {
            let inner = address.dropFirst().dropLast()
            return !inner.isEmpty && inner.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        let parts = address.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                    && Int(part).map { $0 <= 255 } == true
            }
    }
}
