import ScrollbackRender

/// The frame of the site's own pages (index, calendar, search): head, CSP, header and navigation.
/// Every value goes in through `HTMLEscaping`; only markup built here is raw.
enum SiteHTML {
    /// A navigation link.
    struct Link {
        var href: String
        var label: String
        var current = false
    }

    /// A whole page. `root` is the way back to the site's folder (`""` or `"../"`).
    static func page(
        title: String, heading: String, subtitle: String? = nil, root: String, stylesheet: String,
        nav: [Link], main: String, scripts: [String] = [], bodyClass: String
    ) -> String {
        let scriptPolicy = scripts.isEmpty ? "" : " script-src 'self';"
        var html = """
            <!DOCTYPE html>
            <html lang="en" class="sb-theme-site">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none';\(scriptPolicy) style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; base-uri 'none'; form-action 'none'">
            <meta name="referrer" content="no-referrer">
            <meta name="color-scheme" content="light dark">
            <meta name="generator" content="Scrollback">
            <title>\(text(title))</title>
            <link rel="stylesheet" href="\(attribute(root + stylesheet))">

            """
        for script in scripts { html += "<script defer src=\"\(attribute(root + script))\"></script>\n" }
        html += "</head>\n<body class=\"sb-site \(attribute(bodyClass))\">\n<div class=\"sb-site-page\">\n"
        html += "<header class=\"sb-site-header\">\n<h1 class=\"sb-site-title\"><bdi>\(text(heading))</bdi></h1>\n"
        if let subtitle, !subtitle.isEmpty { html += "<p class=\"sb-site-subtitle\">\(text(subtitle))</p>\n" }
        html += "<nav class=\"sb-site-nav\" aria-label=\"Site\">"
        for link in nav {
            let current = link.current ? " aria-current=\"page\"" : ""
            html += "<a href=\"\(attribute(link.href))\"\(current)>\(text(link.label))</a>"
        }
        html += "</nav>\n</header>\n<main class=\"sb-site-main\">\n" + main + "</main>\n</div>\n</body>\n</html>\n"
        return html
    }

    static func text(_ value: String) -> String { HTMLEscaping.text(value) }
    static func attribute(_ value: String) -> String { HTMLEscaping.attribute(value) }

    /// `1,234` (grouping by thousands, the same on every machine).
    static func count(_ number: Int) -> String {
        let digits = Array(String(number))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// `1 message`, `12 messages`.
    static func messages(_ number: Int) -> String { count(number) + (number == 1 ? " message" : " messages") }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
}
