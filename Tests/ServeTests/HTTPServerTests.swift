import Foundation
import Testing

@testable import ScrollbackServe

@Suite("HTTP server limits")
struct HTTPServerTests {
    /// A connection to 127.0.0.1:`port`.
    final class Client {
        let descriptor: Int32

        init(port: Int) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            try #require(connected == 0)
        }

        deinit { close(descriptor) }

        func transmit(_ text: String) { _ = text.withCString { send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) } }

        /// Whether the server closed the connection (reading without waiting).
        var isClosed: Bool {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
        }

        /// Everything the server sends until it closes the connection.
        func readToEnd() -> String {
            var reply: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                if count <= 0 { break }
                reply += buffer[0..<count]
            }
            return String(decoding: reply, as: UTF8.self)
        }
    }

    /// A stream that sends `chunks`, each after `delay` seconds, then ends.
    final class SlowStream: @unchecked Sendable {
        private let lock = NSLock()
        private var chunks: [String]
        private let delay: Double
        init(_ chunks: [String], delay: Double) {
            self.chunks = chunks
            self.delay = delay
        }
        @Sendable func next() -> [UInt8]? {
            lock.lock()
            defer { lock.unlock() }
            guard !chunks.isEmpty else { return nil }
            usleep(UInt32(delay * 1_000_000))
            return Array(chunks.removeFirst().utf8)
        }
    }

    static func request(_ path: String, port: Int) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
    }

    @Test("A request trickled a header line at a time is closed once its time is up; an open stream goes on")
    func trickledRequest() throws {
        var limits = HTTPLimits()
        limits.requestTime = 1
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { request in
            guard request.path == "/events" else { return .text(200, "ok") }
            let stream = SlowStream((0..<8).map { "data: \($0)\n\n" }, delay: 0.4)
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "text/event-stream")], body: .stream(stream.next))
        }
        defer { server.stop() }
        let port = server.endpoint.port
        let events = try Client(port: port)
        events.transmit(Self.request("/events", port: port))
        let trickle = try Client(port: port)
        trickle.transmit("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
        let started = Date()
        var closedAfter: Double?
        for line in 0..<16 where closedAfter == nil {
            usleep(250_000)
            trickle.transmit("X-Line-\(line): more\r\n")
            if trickle.isClosed { closedAfter = Date().timeIntervalSince(started) }
        }
        // Never quiet for the idle timeout (5 s), yet closed soon after its second.
        let closed = try #require(closedAfter)
        #expect(closed < 3)
        let stream = events.readToEnd()
        #expect((0..<8).allSatisfy { stream.contains("data: \($0)\n\n") }, "\(stream)")
        let page = try Client(port: port)
        page.transmit(Self.request("/", port: port))
        #expect(page.readToEnd().hasPrefix("HTTP/1.1 200"))
    }

    @Test("An event whose making takes longer than the idle timeout reaches the stream, which stays open")
    func slowEvent() throws {
        var limits = HTTPLimits()
        limits.timeout = 1
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { _ in
            let stream = SlowStream(["data: the whole log\n\n", "data: next\n\n"], delay: 2.5)
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "text/event-stream")], body: .stream(stream.next))
        }
        defer { server.stop() }
        let client = try Client(port: server.endpoint.port)
        client.transmit(Self.request("/events", port: server.endpoint.port))
        let reply = client.readToEnd()
        #expect(reply.hasPrefix("HTTP/1.1 200"))
        #expect(reply.contains("data: the whole log\n\n"))
        #expect(reply.contains("data: next\n\n"))
    }
}
