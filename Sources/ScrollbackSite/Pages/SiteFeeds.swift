import ScrollbackLayout
import ScrollbackRender

/// Atom feeds (a conversation's latest 50 messages) and `sitemap.xml`, written only with `--base-url`.
enum SiteFeeds {
    /// `https://example.org/archive/` from what the user gave; `nil` unless it is an http(s) URL.
    static func normalizedBase(_ url: String) -> String? {
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), !url.contains(where: { $0.isWhitespace }),
            !url.contains("<"), !url.contains("\"")
        else { return nil }
        return url.hasSuffix("/") ? url : url + "/"
    }

    /// The conversation's `feed.atom`. `bubbles` are its latest messages, oldest first.
    static func atom(
        base: String, slug: String, title: String, entries: [(bubble: Bubble, page: String, sender: String)]
    ) -> String {
        let home = base + slug + "/"
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        xml += "<title>\(escape(title))</title>\n<id>\(escape(home))</id>\n"
        xml += "<link rel=\"self\" href=\"\(escape(home + "feed.atom"))\"/>\n"
        if let last = entries.last {
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(escape(home + last.page))\"/>\n"
        }
        xml += "<updated>\(entries.last?.bubble.isoTime ?? "1970-01-01T00:00:00Z")</updated>\n"
        xml += "<generator>Scrollback</generator>\n"
        for entry in entries.reversed() {
            let message = entry.bubble.message
            let link =
                home + entry.page + "#" + PermalinkID.message(message.id, repeatNumber: entry.bubble.repeatNumber)
            let text = message.deleted ? "This message was deleted" : message.text
            let firstLine = text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
            xml += "<entry>\n<id>\(escape(link))</id>\n<link href=\"\(escape(link))\"/>\n"
            xml += "<title>\(escape(entry.sender + ": " + String(firstLine.prefix(80))))</title>\n"
            xml += "<updated>\(entry.bubble.isoTime)</updated>\n"
            xml += "<author><name>\(escape(entry.sender))</name></author>\n"
            xml += "<content type=\"text\">\(escape(text))</content>\n</entry>\n"
        }
        return xml + "</feed>\n"
    }

    /// `sitemap.xml` listing `paths` (relative to the site) under `base`.
    static func sitemap(base: String, paths: [String]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in paths { xml += "<url><loc>\(escape(base + path))</loc></url>\n" }
        return xml + "</urlset>\n"
    }

    /// XML text and attribute escaping; control characters XML forbids are dropped.
    static func escape(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension SiteBuilder {
    /// Whether `url` can be a site's `--base-url` (http or https, nothing that needs escaping).
    package static func isBaseURL(_ url: String) -> Bool { SiteFeeds.normalizedBase(url) != nil }
}
