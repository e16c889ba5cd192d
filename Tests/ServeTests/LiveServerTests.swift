import Foundation
import Scrollback
import Testing

@testable import ScrollbackServe

@Suite("Live server")
struct LiveServerTests {
    static func server() throws -> (LiveServer, LiveChannel) {
        let conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        let channel = LiveChannel(document: conversation.document, token: "t")
        return (LiveServer(resources: ["/": .page(channel)]), channel)
    }

    static func body(_ response: HTTPResponse) -> String {
        guard case .bytes(let bytes) = response.body else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("The page's policy allows its one script by the SHA-256 of the script's exact text")
    func scriptHash() throws {
        let (server, _) = try Self.server()
        let page = Self.body(server.respond(HTTPRequest(method: "GET", path: "/")))
        let open = try #require(page.range(of: "<script data-sb-events="))
        let start = try #require(page[open.upperBound...].firstIndex(of: ">"))
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex))
        let script = String(page[page.index(after: start)..<end.lowerBound])
        #expect(page.contains("script-src 'sha256-\(ContentDigest.sha256Base64(script))'"))
        #expect(page.components(separatedBy: "<script").count == 2)
        #expect(ContentDigest.sha256Base64("abc") == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
    }

    @Test("The page served from its bytes is the rendered page made live, with the same policy")
    func pageFromBytes() throws {
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        _ = try conversation.apply(
            [
                #"{"type":"conversation","title":"A </body> title","participants":[{"id":"a","name":"Ana"}]}"#,
                #"{"id":"m1","sender":"a","time":"2026-01-01T10:00:00Z","text":"</body></html> as text"}"#,
            ].map { Array($0.utf8) })
        let page = conversation.document.page
        #expect(conversation.document.pageBytes == Array(page.utf8))
        let text = LivePage.make(page, events: "/_live/events?page=/", worker: "/w.js", version: "t-3", typing: "<b>")
        let (bytes, policy) = LivePage.make(
            bytes: conversation.document.pageBytes, events: "/_live/events?page=/", worker: "/w.js", version: "t-3",
            typing: "<b>")
        #expect(String(decoding: bytes, as: UTF8.self) == text)
        #expect(policy == LivePage.policy(of: text))
        #expect(policy.contains(LivePage.scriptSource))
    }

    @Test(
        "Only what was rendered is served",
        arguments: [
            ("/etc/passwd", 404), ("/../chat.jsonl", 400), ("/_live/events", 404), ("/index.html/", 404),
        ])
    func onlyRendered(path: String, status: Int) throws {
        let (server, _) = try Self.server()
        #expect(server.respond(HTTPRequest(method: "GET", path: path)).status == status)
    }

    @Test("Requests other than GET and HEAD are refused with 405")
    func methods() throws {
        let (server, _) = try Self.server()
        #expect(server.respond(HTTPRequest(method: "POST", path: "/")).status == 405)
        #expect(server.respond(HTTPRequest(method: "DELETE", path: "/")).status == 405)
        #expect(server.respond(HTTPRequest(method: "HEAD", path: "/")).status == 200)
    }

    @Test("A page that reconnects gets the updates it missed, then a stranger gets the whole log")
    func reconnect() throws {
        let (_, channel) = try Self.server()
        var conversation = try LiveConversation(name: "live.jsonl", options: RenderOptions())
        let first = channel.snapshot().version
        channel.publish(try conversation.feed(scriptedStream[0], scriptedStream[1]), document: conversation.document)
        let missed = String(decoding: channel.stream(since: first)() ?? [], as: UTF8.self)
        #expect(missed.contains("id: t-1\n"))
        #expect(missed.contains(#""op":"replace","path":[0]"#))
        let stranger = String(decoding: channel.stream(since: "other-3")() ?? [], as: UTF8.self)
        #expect(stranger.contains(#""op":"reset""#))
        channel.close()
        #expect(channel.stream(since: "t-1")() == nil)
    }

    @Test("The server listens on loopback, picks a free port for 0 and answers over HTTP")
    func listens() async throws {
        let (live, channel) = try Self.server()
        let endpoint = try live.start(host: "127.0.0.1", port: 0)
        defer {
            channel.close()
            live.stop()
        }
        #expect(endpoint.port > 0)
        let host = "Host: 127.0.0.1:\(endpoint.port)"
        let reply = try Self.exchange(port: endpoint.port, "GET / HTTP/1.1\r\n\(host)\r\nConnection: close\r\n\r\n")
        #expect(reply.hasPrefix("HTTP/1.1 200"))
        #expect(reply.contains("sb-log"))
        let missing = try Self.exchange(
            port: endpoint.port, "GET /nope HTTP/1.1\r\n\(host)\r\nConnection: close\r\n\r\n")
        #expect(missing.hasPrefix("HTTP/1.1 404"))
        #expect(reply.contains("Content-Security-Policy: default-src 'none'"))
        #expect(reply.contains("frame-ancestors 'none'"))
    }

    @Test("A request that names another host (DNS rebinding) is refused, and so is a foreign page's stream")
    func rebinding() throws {
        let (live, channel) = try Self.server()
        let endpoint = try live.start(host: "127.0.0.1", port: 0)
        defer {
            channel.close()
            live.stop()
        }
        let port = endpoint.port
        for host in ["attacker.example:\(port)", "127.0.0.1:1", "localhost.attacker.example:\(port)"] {
            let reply = try Self.exchange(port: port, "GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            #expect(reply.hasPrefix("HTTP/1.1 421"), "Host \(host)")
            #expect(!reply.contains("sb-log"))
        }
        for host in ["localhost:\(port)", "127.0.0.1:\(port)", "LOCALHOST:\(port)"] {
            let reply = try Self.exchange(port: port, "GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            #expect(reply.hasPrefix("HTTP/1.1 200"), "Host \(host)")
        }
        let foreign = try Self.exchange(
            port: port,
            "GET /_live/events?page=/ HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://attacker.example\r\n"
                + "Connection: close\r\n\r\n")
        #expect(foreign.hasPrefix("HTTP/1.1 403"))
    }

    @Test("A path with an escaped NUL is refused, not cut short; a GET with a body is refused")
    func nulAndBody() throws {
        let (live, channel) = try Self.server()
        let endpoint = try live.start(host: "127.0.0.1", port: 0)
        defer {
            channel.close()
            live.stop()
        }
        let host = "Host: 127.0.0.1:\(endpoint.port)"
        let nul = try Self.exchange(
            port: endpoint.port, "GET /index.html%00.png HTTP/1.1\r\n\(host)\r\nConnection: close\r\n\r\n")
        #expect(nul.hasPrefix("HTTP/1.1 400"))
        let body = try Self.exchange(
            port: endpoint.port,
            "GET / HTTP/1.1\r\n\(host)\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc")
        #expect(body.hasPrefix("HTTP/1.1 400"))
    }

    @Test("A request that never arrives whole is closed within a few seconds")
    func halfSent() throws {
        let (live, channel) = try Self.server()
        let endpoint = try live.start(host: "127.0.0.1", port: 0)
        defer {
            channel.close()
            live.stop()
        }
        let started = Date()
        let reply = try Self.exchange(port: endpoint.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(endpoint.port)\r\n")
        #expect(reply.isEmpty)
        #expect(Date().timeIntervalSince(started) < Double(HTTPLimits().timeout) + 3)
    }

    @Test("An address that is not numeric is refused")
    func badHost() {
        #expect(throws: ServeError.self) { _ = try HTTPServer(host: "example.org", port: 0) { _ in .text(200, "") } }
    }

    /// Sends `request` to 127.0.0.1:`port` and reads the reply to its end.
    static func exchange(port: Int, _ request: String) throws -> String {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
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
        _ = request.withCString { send(descriptor, $0, strlen($0), 0) }
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
