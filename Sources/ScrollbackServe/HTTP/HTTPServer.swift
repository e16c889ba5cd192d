import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP server on one listening socket, run by GNU libmicrohttpd with a thread per connection.
///
/// The only file that sees the C library: requests become `HTTPRequest` values at once and the
/// handler's `HTTPResponse` is handed back as a libmicrohttpd response. A streamed response
/// (Server-Sent Events) may block its connection's thread while it waits for the next event.
///
/// The `HTTPLimits` hold: a connection that sends nothing for `timeout` seconds (an idle
/// keep-alive) is closed by the library; one whose request has not arrived whole `requestTime`
/// seconds after it opened (a request trickled a line at a time) is closed by `RequestDeadlines`;
/// connections are bounded per client address and in all. The time a streamed response takes to
/// make its next bytes never counts as idle. A percent-escaped NUL (`%00`) is never decoded, so
/// it cannot cut a path short.
package final class HTTPServer: @unchecked Sendable {
    /// The address and port the server listens on (the port chosen when 0 was asked for).
    package let endpoint: HTTPEndpoint
    private let handler: HandlerBox
    private var daemon: OpaquePointer?
    private let socket: Int32
    private let deadlines: RequestDeadlines

    /// Answers one request.
    package typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// Binds `host:port` (port 0 picks a free one) and starts answering with `handler`.
    package init(host: String, port: Int, limits: HTTPLimits = HTTPLimits(), handler: @escaping Handler)
        throws(ServeError)
    {
        let bound = try ListeningSocket.open(host: host, port: port)
        socket = bound.descriptor
        endpoint = bound.endpoint
        let deadlines = RequestDeadlines(seconds: limits.requestTime)
        self.deadlines = deadlines
        self.handler = HandlerBox(handle: handler, deadlines: deadlines, timeout: limits.timeout)
        let flags =
            MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_ITC.rawValue
        let context = Unmanaged.passUnretained(self.handler).toOpaque()
        let unescape = unsafeBitCast(HTTPServer.unescape, to: OpaquePointer.self)
        let notify = unsafeBitCast(HTTPServer.notify, to: OpaquePointer.self)
        let completed = unsafeBitCast(HTTPServer.completed, to: OpaquePointer.self)
        let watch = OpaquePointer(Unmanaged.passUnretained(deadlines).toOpaque())
        let options: [CVarArg] = [
            MHD_OPTION.LISTEN_SOCKET.rawValue, socket,
            MHD_OPTION.CONNECTION_LIMIT.rawValue, UInt32(limits.connections),
            MHD_OPTION.PER_IP_CONNECTION_LIMIT.rawValue, UInt32(limits.connectionsPerClient),
            MHD_OPTION.CONNECTION_TIMEOUT.rawValue, UInt32(limits.timeout),
            MHD_OPTION.UNESCAPE_CALLBACK.rawValue, unescape, Int(0),
            MHD_OPTION.NOTIFY_CONNECTION.rawValue, notify, watch,
            MHD_OPTION.NOTIFY_COMPLETED.rawValue, completed, watch,
            MHD_OPTION.END.rawValue,
        ]
        daemon = withVaList(options) { list in
            MHD_start_daemon_va(flags, 0, nil, nil, HTTPServer.access, context, list)
        }
        guard daemon != nil else {
            deadlines.stop()
            close(socket)
            throw ServeError(.cannotListen(endpoint.description, "the HTTP server did not start"))
        }
    }

    deinit { stop() }

    /// Stops accepting connections, gives streams that are ending up to `grace` seconds to send
    /// their last chunk, then closes every connection.
    package func stop(grace: Double = 1) {
        guard let daemon else { return }
        self.daemon = nil
        _ = MHD_quiesce_daemon(daemon)
        let deadline = Date(timeIntervalSinceNow: grace)
        while Self.openStreams.load(ordering: .relaxed) > 0, Date() < deadline { usleep(5_000) }
        MHD_stop_daemon(daemon)
        deadlines.stop()
        close(socket)
    }

    /// Streamed responses not yet finished, in every server of the process.
    private static let openStreams = Atomic<Int>(0)

    /// The handler, boxed so C can hold a pointer to it, with what the access handler tells.
    private final class HandlerBox: @unchecked Sendable {
        let handle: Handler
        let deadlines: RequestDeadlines
        let timeout: Int
        init(handle: @escaping Handler, deadlines: RequestDeadlines, timeout: Int) {
            self.handle = handle
            self.deadlines = deadlines
            self.timeout = timeout
        }
    }

    /// A streamed body waiting to be sent on `connection`: what `next` gave that did not fit yet.
    ///
    /// libmicrohttpd counts the time `next` takes (the whole log of a long conversation, made
    /// for a page that connects without a version) as idle, and would close the connection once
    /// it passed the timeout: so each time `next` gives bytes, the idle timer starts again.
    private final class Stream {
        let next: () -> [UInt8]?
        let connection: OpaquePointer
        let timeout: Int
        var pending: [UInt8] = []
        var offset = 0
        init(next: @escaping () -> [UInt8]?, connection: OpaquePointer, timeout: Int) {
            self.next = next
            self.connection = connection
            self.timeout = timeout
            HTTPServer.openStreams.add(1, ordering: .relaxed)
        }
        deinit { HTTPServer.openStreams.subtract(1, ordering: .relaxed) }
    }

    private static let access: MHD_AccessHandlerCallback = {
        context, connection, url, method, _, _, uploadSize, _ in
        guard let context, let connection else { return .NO }
        let handler = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
        handler.deadlines.arrived(connection)
        var request = HTTPRequest(
            method: method.map { String(cString: $0) } ?? "",
            path: url.map { String(cString: $0) } ?? "",
            hasBody: false,
            query: values(connection, .GET_ARGUMENT_KIND),
            headers: values(connection, .HEADER_KIND))
        // A body is announced by its headers (the first call never holds any of it).
        request.hasBody =
            (uploadSize?.pointee ?? 0) > 0 || request.headers["transfer-encoding"] != nil
            || (request.headers["content-length"].map { $0 != "0" } ?? false)
        return queue(handler.handle(request), on: connection, timeout: handler.timeout)
    }

    /// Every value of one kind, names lower-cased for headers (HTTP header names ignore case).
    private static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
        final class Found { var values: [String: String] = [:] }
        let found = Found()
        let lowerCase = kind == .HEADER_KIND
        withExtendedLifetime(found) {
            _ = MHD_get_connection_values(
                connection, kind,
                { context, _, key, value in
                    guard let context, let key else { return .YES }
                    let found = Unmanaged<Found>.fromOpaque(context).takeUnretainedValue()
                    found.values[String(cString: key)] = value.map { String(cString: $0) } ?? ""
                    return .YES
                }, Unmanaged.passUnretained(found).toOpaque())
        }
        guard lowerCase else { return found.values }
        return Dictionary(found.values.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    private static func queue(_ response: HTTPResponse, on connection: OpaquePointer, timeout: Int) -> MHD_Result {
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            made = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(
                    buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .stream(let next):
            let stream = Unmanaged.passRetained(Stream(next: next, connection: connection, timeout: timeout)).toOpaque()
            made = MHD_create_response_from_callback(UInt64.max, 16 * 1024, read, stream, release)
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        for (name, value) in response.headers { MHD_add_response_header(made, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }

    private static let read: MHD_ContentReaderCallback = { context, _, buffer, capacity in
        guard let context, let buffer else { return -1 }
        let stream = Unmanaged<Stream>.fromOpaque(context).takeUnretainedValue()
        while stream.offset >= stream.pending.count {
            guard let chunk = stream.next() else { return -1 }  // the end of the stream
            stream.pending = chunk
            stream.offset = 0
            scrollback_restart_timeout(stream.connection, UInt32(stream.timeout))
        }
        let count = min(capacity, stream.pending.count - stream.offset)
        stream.pending.withUnsafeBytes { bytes in
            buffer.update(
                from: bytes.baseAddress!.advanced(by: stream.offset).assumingMemoryBound(to: CChar.self), count: count)
        }
        stream.offset += count
        return count
    }

    /// Percent-decodes a path or query in place, as libmicrohttpd would, but leaves `%00` as it
    /// is: a decoded NUL would end the C string there and `/index.html%00.png` would be `/index.html`.
    private static let unescape:
        @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?)
            -> Int = { _, _, text in
                guard let text else { return 0 }
                let length = strlen(text)
                var read = 0
                var write = 0
                func hex(_ byte: CChar) -> Int? {
                    switch UInt8(bitPattern: byte) {
                    case 0x30...0x39: Int(byte) - 0x30
                    case 0x41...0x46: Int(byte) - 0x41 + 10
                    case 0x61...0x66: Int(byte) - 0x61 + 10
                    default: nil
                    }
                }
                while read < length {
                    if text[read] == 0x25, read + 2 < length, let high = hex(text[read + 1]),
                        let low = hex(text[read + 2]),
                        high != 0 || low != 0
                    {
                        text[write] = CChar(bitPattern: UInt8(high * 16 + low))
                        read += 3
                    } else {
                        text[write] = text[read]
                        read += 1
                    }
                    write += 1
                }
                text[write] = 0
                return write
            }

    /// A connection opened or closed: `RequestDeadlines` follows it.
    private static let notify: MHD_NotifyConnectionCallback = { context, connection, _, code in
        guard let context, let connection else { return }
        let deadlines = Unmanaged<RequestDeadlines>.fromOpaque(context).takeUnretainedValue()
        switch code {
        case .CONNECTION_NOTIFY_STARTED: deadlines.opened(connection, socket: scrollback_connection_socket(connection))
        case .CONNECTION_NOTIFY_CLOSED: deadlines.closed(connection)
        }
    }

    /// A response ended (sent, or its connection closed): the connection's next request is due.
    private static let completed: MHD_RequestCompletedCallback = { context, connection, _, _ in
        guard let context, let connection else { return }
        Unmanaged<RequestDeadlines>.fromOpaque(context).takeUnretainedValue().answered(connection)
    }

    private static let release: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        Unmanaged<Stream>.fromOpaque(context).release()
    }
}
