import Scrollback
import ScrollbackTemplates

/// A rendered page made live: its one script and stylesheet added, and its
/// Content-Security-Policy allowing that script by its SHA-256 hash (and connections back to
/// the server that sent it) — no other script can run.
///
/// Everything else is the page as rendered, so with scripts off it reads as it was when loaded.
package enum LivePage {
    /// The script every live page ships.
    package static let script = BuiltinTemplates.files["live.js"] ?? ""
    /// The live page's extra styles (typing bubbles, the new-messages button, the connection notice).
    package static let stylesheet = BuiltinTemplates.files["live.css"] ?? ""
    /// The shared worker that holds one event stream for every page a browser has open.
    package static let worker = LiveWorker.script
    /// `'sha256-…'`: the policy source that allows `script`.
    package static let scriptSource = "'sha256-" + ContentDigest.sha256Base64(script) + "'"

    /// `page` with the live script added: it follows `events` from `version` (through the shared
    /// worker at `worker` where the browser has one), and starts by showing the typing bubbles
    /// `typing`.
    package static func make(
        _ page: String, events: String, worker: String? = nil, version: String, typing: String = ""
    ) -> String {
        var html = withStyle(allowScript(in: page))
        let tag = scriptTag(events: events, worker: worker, version: version, typing: typing)
        if let body = html.range(of: "</body>", options: .backwards) {
            html.insert(contentsOf: tag, at: body.lowerBound)
        } else {
            html += tag
        }
        return html
    }

    /// `make` for a page given as bytes, and the policy the live page carries (`policy(of:)`).
    /// Only the page's head (to `</head>`) is read as text and its last `</body>` is looked for
    /// from the end, so a page of hundreds of megabytes costs one copy, not passes of string search.
    package static func make(
        bytes page: [UInt8], events: String, worker: String? = nil, version: String, typing: String = ""
    ) -> (html: [UInt8], policy: String) {
        guard let headEnd = page.firstRange(of: Array("</head>".utf8))?.upperBound else {
            let html = make(
                String(decoding: page, as: UTF8.self), events: events, worker: worker, version: version, typing: typing)
            return (Array(html.utf8), policy(of: html))
        }
        let head = withStyle(allowScript(in: String(decoding: page[..<headEnd], as: UTF8.self)))
        let tag = Array(scriptTag(events: events, worker: worker, version: version, typing: typing).utf8)
        let rest = page[headEnd...]
        var html = Array(head.utf8)
        html.reserveCapacity(html.count + rest.count + tag.count)
        if let body = lastStart(of: Array("</body>".utf8), in: rest) {
            html += rest[..<body]
            html += tag
            html += rest[body...]
        } else {
            html += rest
            html += tag
        }
        return (html, policy(of: head))
    }

    /// `page` with the live stylesheet at the end of its head.
    private static func withStyle(_ page: String) -> String {
        var html = page
        let style = "<style>\n" + stylesheet.replacingOccurrences(of: "</", with: "<\\/") + "</style>\n"
        if let head = html.range(of: "</head>") { html.insert(contentsOf: style, at: head.lowerBound) }
        return html
    }

    /// The live script's element: it follows `events` from `version` (through the shared worker
    /// at `worker`), and starts by showing the typing bubbles `typing`.
    private static func scriptTag(events: String, worker: String?, version: String, typing: String) -> String {
        "<script data-sb-events=\"\(HTMLEscaping.attribute(events))\" data-sb-since=\"\(HTMLEscaping.attribute(version))\""
            + (worker.map { " data-sb-worker=\"\(HTMLEscaping.attribute($0))\"" } ?? "")
            + (typing.isEmpty ? "" : " data-sb-typing=\"\(HTMLEscaping.attribute(typing))\"") + ">"
            + script + "</script>\n"
    }

    /// Where `needle` last occurs in `bytes`: the index where it starts.
    private static func lastStart(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        var start = bytes.endIndex - needle.count
        while start >= bytes.startIndex {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return start }
            start -= 1
        }
        return nil
    }

    /// The Content-Security-Policy a live page carries in its `<meta>` (also sent as a header,
    /// where `frame-ancestors` can be added).
    package static func policy(of page: String) -> String {
        let marker = #"http-equiv="Content-Security-Policy" content=""#
        guard let start = page.range(of: marker), let end = page[start.upperBound...].firstIndex(of: "\"") else {
            return "default-src 'none'"
        }
        return String(page[start.upperBound..<end])
    }

    /// The page's policy with `scriptSource` in `script-src`, `connect-src 'self'` and
    /// `worker-src 'self'` (the shared worker).
    static func allowScript(in page: String) -> String {
        let marker = #"http-equiv="Content-Security-Policy" content=""#
        guard let start = page.range(of: marker), let end = page[start.upperBound...].firstIndex(of: "\"") else {
            return page
        }
        var directives = page[start.upperBound..<end].split(separator: ";").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        if let index = directives.firstIndex(where: { $0.hasPrefix("script-src ") }) {
            directives[index] += " " + scriptSource
        } else {
            directives.append("script-src " + scriptSource)
        }
        directives.removeAll { $0.hasPrefix("connect-src ") || $0.hasPrefix("worker-src ") }
        directives.append("connect-src 'self'")
        directives.append("worker-src 'self'")
        return page.replacingCharacters(in: start.upperBound..<end, with: directives.joined(separator: "; "))
    }
}
