import Foundation
import Synchronization

/// What `serve` answers: the live pages, their event streams and, for a site, the files it wrote.
///
/// Only what was rendered is reachable: a request path is looked up as it is in a table of
/// pages and files, never joined to a folder, so no path leads outside the output and no
/// folder is listed. Anything else is a 4xx. A request must name this server in its `Host`
/// (`HostPolicy`), and the event stream's `Origin`, when sent, must be one of its pages: no other
/// web page can read the conversation by pointing a name of its own at this address.
package final class LiveServer: Sendable {
    /// Something the server can send.
    package enum Resource: Sendable {
        /// A live page.
        case page(LiveChannel)
        /// A file on disk that the site build wrote.
        case file(path: String)
        /// An attachment the site build copied (`media/…`): never a page. An image, video or
        /// audio file is sent as its type for the page to show; anything else as a download.
        case media(path: String)
    }

    /// The path of the event stream: `/_live/events?page=/index.html`, or for several pages at
    /// once `?page0=/a.html&since0=ID&page1=/b.html&since1=ID…`.
    package static let eventsPath = "/_live/events"
    /// The path of the shared worker that holds one event stream for every open page.
    package static let workerPath = "/_live/worker.js"
    /// The most pages one event stream follows.
    static let pagesPerStream = 256

    /// What can be reached, and the running server.
    private struct State {
        var resources: [String: Resource]
        var server: HTTPServer?
        var policy: HostPolicy?
    }

    private let state: Mutex<State>

    /// A server for `resources`, by request path (`/` for the one page of a single conversation).
    package init(resources: [String: Resource]) {
        state = Mutex(State(resources: resources))
    }

    /// Starts listening; returns where. `name` is the `--host` as the user gave it (`localhost`),
    /// which requests may name in their `Host` too.
    package func start(host: String, port: Int, name: String? = nil, limits: HTTPLimits = HTTPLimits())
        throws(ServeError) -> HTTPEndpoint
    {
        let server = try HTTPServer(host: host, port: port, limits: limits) { [self] request in respond(request) }
        state.withLock {
            $0.server = server
            $0.policy = HostPolicy(endpoint: server.endpoint, name: name)
        }
        return server.endpoint
    }

    /// Sets which `Host` names are answered (a server not started answers any: tests).
    package func restrict(to policy: HostPolicy) { state.withLock { $0.policy = policy } }

    /// Replaces what can be reached (a site was built again).
    package func update(_ resources: [String: Resource]) {
        state.withLock { $0.resources = resources }
    }

    /// Ends every event stream and stops the server.
    package func stop() {
        let (channels, server) = state.withLock { state in
            let channels = state.resources.values.compactMap { resource -> LiveChannel? in
                if case .page(let channel) = resource { return channel }
                return nil
            }
            defer { state.server = nil }
            return (channels, state.server)
        }
        for channel in channels { channel.close() }
        server?.stop()
    }

    /// The answer to one request.
    package func respond(_ request: HTTPRequest) -> HTTPResponse {
        let (table, policy) = state.withLock { ($0.resources, $0.policy) }
        if let policy, !policy.allows(host: request.headers["host"]) {
            return .text(421, "This server answers only requests addressed to it (its own Host).")
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return .text(405, "Only GET and HEAD are allowed.", headers: [("Allow", "GET, HEAD")])
        }
        guard !request.hasBody else { return .text(400, "A GET request has no body.") }
        guard request.path.hasPrefix("/"), !request.path.split(separator: "/").contains(".."),
            !request.path.contains("%00")
        else {
            return .text(400, "Not a path this server knows.")
        }
        switch request.path {
        case Self.eventsPath:
            guard policy?.allows(origin: request.headers["origin"]) ?? true else {
                return .text(403, "The event stream is for this server's own pages.")
            }
            return events(request, table)
        case Self.workerPath:
            return HTTPResponse(
                status: 200,
                headers: Self.headers("text/javascript; charset=utf-8") + [
                    ("Content-Security-Policy", "default-src 'none'; connect-src 'self'")
                ],
                body: .bytes(Array(LivePage.worker.utf8)))
        case "/favicon.ico" where table["/favicon.ico"] == nil:
            return HTTPResponse(status: 204, headers: Self.headers("image/x-icon"), body: .bytes([]))
        default:
            break
        }
        switch table[request.path] {
        case .page(let channel):
            let (document, version) = channel.snapshot()
            let events = Self.eventsPath + "?page=" + Self.queryEscaped(request.path)
            let (html, policy) = LivePage.make(
                bytes: document.pageBytes, events: events, worker: Self.workerPath, version: version,
                typing: document.typing)
            return HTTPResponse(
                status: 200,
                headers: Self.headers("text/html; charset=utf-8") + [
                    ("Content-Security-Policy", policy + "; frame-ancestors 'none'")
                ],
                body: .bytes(html))
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else { return .text(404, "Not found.") }
            // A file opened on its own (an SVG attachment, say) runs nothing.
            let policy = (
                "Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
            )
            return HTTPResponse(
                status: 200, headers: Self.headers(Self.contentType(path)) + [policy], body: .bytes(Array(data)))
        case .media(let path):
            guard let data = FileManager.default.contents(atPath: path) else { return .text(404, "Not found.") }
            return HTTPResponse(status: 200, headers: Self.mediaHeaders(path), body: .bytes(Array(data)))
        case nil:
            return .text(404, "Not found.")
        }
    }

    /// The event stream of the page `page` (since `since` or `Last-Event-ID`), or of the pages
    /// `page0`, `page1`, … (each since `since0`, `since1`, …) as events named `p0`, `p1`, ….
    private func events(_ request: HTTPRequest, _ table: [String: Resource]) -> HTTPResponse {
        guard request.method == "GET" else {
            return .text(405, "The event stream answers GET only.", headers: [("Allow", "GET")])
        }
        var pages: [(channel: LiveChannel, since: String?, name: String?)] = []
        if let page = request.query["page"] {
            guard case .page(let channel) = table[page] else { return .text(404, "No live page at that address.") }
            pages.append((channel, request.headers["last-event-id"] ?? request.query["since"], nil))
        } else {
            for index in 0..<Self.pagesPerStream {
                guard let page = request.query["page\(index)"] else { break }
                guard case .page(let channel) = table[page] else { return .text(404, "No live page at that address.") }
                pages.append((channel, request.query["since\(index)"], "p\(index)"))
            }
        }
        guard !pages.isEmpty else { return .text(404, "No live page at that address.") }
        return HTTPResponse(
            status: 200,
            headers: Self.headers("text/event-stream; charset=utf-8"),
            body: .stream(LiveStream(pages: pages).next))
    }

    /// The headers of an attachment: its type by the extension the site gave its copy (never by
    /// its bytes), `nosniff`, and a policy under which nothing in it runs. Anything but an image,
    /// video or audio file is sent as `application/octet-stream` with `Content-Disposition:
    /// attachment`, so an HTML, SVG or script attachment opened from the page is saved, not shown
    /// on the server's origin.
    static func mediaHeaders(_ path: String) -> [(String, String)] {
        let type = contentType(path)
        let shown = ["image/", "video/", "audio/"].contains { type.hasPrefix($0) }
        guard shown else {
            return headers("application/octet-stream") + [
                ("Content-Disposition", "attachment"), ("Content-Security-Policy", "sandbox; default-src 'none'"),
            ]
        }
        // An SVG image keeps its inline styles; its scripts never run (`sandbox`, no `script-src`).
        return headers(type) + [
            ("Content-Security-Policy", "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        ]
    }

    private static func headers(_ type: String) -> [(String, String)] {
        [
            ("Content-Type", type), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
        ]
    }

    static func queryEscaped(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// The type of a file the site wrote, by its extension.
    static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "xml": "application/xml"
        case "txt": "text/plain; charset=utf-8"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "bmp": "image/bmp"
        case "svg": "image/svg+xml"
        case "mp4", "m4v": "video/mp4"
        case "webm": "video/webm"
        case "mov": "video/quicktime"
        case "mp3": "audio/mpeg"
        case "m4a", "aac": "audio/mp4"
        case "ogg", "oga", "opus": "audio/ogg"
        case "wav": "audio/wav"
        case "flac": "audio/flac"
        default: "application/octet-stream"
        }
    }
}
