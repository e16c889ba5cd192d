import Foundation

/// A TCP socket bound and listening, made before the server starts so that port 0 can be
/// resolved to the port the system chose.
enum ListeningSocket {
    static func open(host: String, port: Int) throws(ServeError) -> (descriptor: Int32, endpoint: HTTPEndpoint) {
        guard (0...65535).contains(port) else { throw ServeError(.cannotListen("\(host):\(port)", "no such port")) }
        var storage = sockaddr_storage()
        let length: socklen_t
        let family: Int32
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            family = AF_INET
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeMutableBytes(of: &storage) { raw in
                let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
                address.pointee.sin_family = sa_family_t(AF_INET)
                address.pointee.sin_port = in_port_t(UInt16(port).bigEndian)
                address.pointee.sin_addr = v4
            }
        } else if inet_pton(AF_INET6, host, &v6) == 1 {
            family = AF_INET6
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            withUnsafeMutableBytes(of: &storage) { raw in
                let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                address.pointee.sin6_family = sa_family_t(AF_INET6)
                address.pointee.sin6_port = in_port_t(UInt16(port).bigEndian)
                address.pointee.sin6_addr = v6
            }
        } else {
            throw ServeError(.badAddress(host))
        }
        let wanted = HTTPEndpoint(host: host, port: port)
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ServeError(.cannotListen(wanted.description, reason())) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            let why = reason()
            close(descriptor)
            throw ServeError(.cannotListen(wanted.description, why))
        }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) }
        }
        let chosen = withUnsafeBytes(of: &actual) { raw -> UInt16 in
            family == AF_INET
                ? raw.load(as: sockaddr_in.self).sin_port : raw.load(as: sockaddr_in6.self).sin6_port
        }
        return (descriptor, HTTPEndpoint(host: host, port: Int(UInt16(bigEndian: chosen))))
    }

    private static func reason() -> String {
        errno == EADDRINUSE ? "the port is in use" : String(cString: strerror(errno)).lowercased()
    }
}
