import Foundation
import Synchronization

/// What `serve` answers: the live pages, their event streams and, for a site, the files it wrote.
///
/// Only what was rendered is reachable: a request path is looked up as it is in a table of
/// pages and files, never joined to a folder, so no path leads outside the output and no
/// folder is listed. Anything else is a 4xx.
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

    /// The path of the event stream: `/_live/events?page=/index.html`.
    package static let eventsPath = "/_live/events"

    /// What can be reached, and the running server.
    private struct State {
        var resources: [String: Resource]
        var server: HTTPServer?
    }

    private let state: Mutex<State>

    /// A server for `resources`, by request path (`/` for the one page of a single conversation).
    package init(resources: [String: Resource]) {
        state = Mutex(State(resources: resources))
    }

    /// Starts listening; returns where.
    package func start(host: String, port: Int) throws(ServeError) -> HTTPEndpoint {
        let server = try HTTPServer(host: host, port: port) { [self] request in respond(request) }
        state.withLock { $0.server = server }
        return server.endpoint
    }

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
        guard request.method == "GET" || request.method == "HEAD" else {
            return .text(405, "Only GET and HEAD are allowed.", headers: [("Allow", "GET, HEAD")])
        }
        guard !request.hasBody else { return .text(400, "A GET request has no body.") }
        guard request.path.hasPrefix("/"), !request.path.split(separator: "/").contains("..") else {
            return .text(400, "Not a path this server knows.")
        }
        let table = state.withLock { $0.resources }
        if request.path == Self.eventsPath {
            guard request.method == "GET" else {
                return .text(405, "The event stream answers GET only.", headers: [("Allow", "GET")])
            }
            guard let page = request.query["page"], case .page(let channel) = table[page] else {
                return .text(404, "No live page at that address.")
            }
            let since = request.headers["last-event-id"] ?? request.query["since"]
            return HTTPResponse(
                status: 200,
                headers: [
                    ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
                    ("X-Content-Type-Options", "nosniff"),
                ],
                body: .stream(channel.stream(since: since)))
        }
        switch table[request.path] {
        case .page(let channel):
            let (document, version) = channel.snapshot()
            let events = Self.eventsPath + "?page=" + Self.queryEscaped(request.path)
            let html = LivePage.make(document.page, events: events, version: version, typing: document.typing)
            return HTTPResponse(
                status: 200, headers: Self.headers("text/html; charset=utf-8"), body: .bytes(Array(html.utf8)))
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
            ("Referrer-Policy", "no-referrer"),
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
