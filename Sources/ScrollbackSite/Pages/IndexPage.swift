/// `index.html`: every conversation, newest activity first, with who took part, how much was
/// said and when, the last message, and a small chart of messages per month.
enum IndexPage {
    static func make(title: String, conversations: [ConversationRecord], stylesheet: String) -> String {
        let ordered = conversations.sorted { a, b in
            let left = a.summary.lastTime ?? .min
            let right = b.summary.lastTime ?? .min
            return left != right ? left > right : a.slug < b.slug
        }
        let total = conversations.reduce(0) { $0 + $1.summary.messageCount }
        var main = "<ol class=\"sb-conversations\">\n"
        for record in ordered {
            let summary = record.summary
            let slug = SiteHTML.attribute(record.slug)
            main += "<li class=\"sb-conversation\">\n"
            main += "<h2><a href=\"\(SiteHTML.attribute(record.slug + "/" + summary.newestHref))\">"
            main += "<bdi>\(SiteHTML.text(summary.title))</bdi></a></h2>\n"
            if let topic = summary.topic {
                main += "<p class=\"sb-conversation-topic\" dir=\"auto\">\(SiteHTML.text(topic))</p>\n"
            }
            main += ActivityChart.svg(summary.months)
            main +=
                "<p class=\"sb-conversation-people\">\(SiteHTML.text(summary.participants.joined(separator: ", ")))</p>\n"
            var meta = SiteHTML.messages(summary.messageCount)
            if let first = summary.firstDate, let last = summary.lastDate {
                meta += first == last ? " · \(first)" : " · \(first) – \(last)"
            }
            main += "<p class=\"sb-conversation-meta\">\(SiteHTML.text(meta))</p>\n"
            if let text = summary.lastText {
                main += "<p class=\"sb-conversation-last\" dir=\"auto\">"
                if let sender = summary.lastSender { main += "<b><bdi>\(SiteHTML.text(sender))</bdi>:</b> " }
                main += SiteHTML.text(text) + "</p>\n"
            }
            main += "<p class=\"sb-conversation-links\"><a href=\"\(slug)/calendar.html\">Calendar</a>"
            main +=
                "<a href=\"\(slug)/\(SiteHTML.attribute(record.pages.first?.name ?? "calendar.html"))\">First page</a></p>\n"
            main += "</li>\n"
        }
        main += "</ol>\n"
        if conversations.isEmpty { main = "<p>No conversations.</p>\n" }
        let subtitle =
            "\(conversations.count) conversation\(conversations.count == 1 ? "" : "s") · \(SiteHTML.messages(total))"
        return SiteHTML.page(
            title: title, heading: title, subtitle: subtitle, root: "", stylesheet: stylesheet,
            nav: [
                .init(href: "index.html", label: "Conversations", current: true),
                .init(href: "search.html", label: "Search"),
            ],
            main: main, bodyClass: "sb-site-index")
    }
}

/// Messages per month as a small bar chart in inline SVG (no script, no image file).
enum ActivityChart {
    static func svg(_ months: [MonthCount]) -> String {
        guard !months.isEmpty else { return "" }
        // The twelve months up to the last active one (more when the conversation spans more,
        // up to 36), so quiet months show as gaps and short conversations still read as a chart.
        var series: [(String, Int)] = []
        let counts = Dictionary(months.map { ($0.month, $0.count) }, uniquingKeysWith: +)
        guard let (lastYear, lastMonth) = parse(months.last!.month),
            let (firstYear, firstMonth) = parse(months[0].month)
        else { return "" }
        let span = (lastYear - firstYear) * 12 + lastMonth - firstMonth + 1
        let length = min(max(span, 12), 36)
        var year = lastYear
        var month = lastMonth
        for _ in 0..<length {
            let key = String(format4: year) + "-" + (month < 10 ? "0" : "") + String(month)
            series.append((key, counts[key] ?? 0))
            month -= 1
            if month == 0 {
                month = 12
                year -= 1
            }
        }
        series.reverse()
        let peak = max(series.map(\.1).max() ?? 1, 1)
        let barWidth = 4
        let width = series.count * (barWidth + 1)
        let height = 28
        let barSpace = height - 2  // room for the baseline
        let description =
            "Messages per month, \(series.first!.0) to \(series.last!.0); busiest month: \(SiteHTML.count(peak))"
        var svg =
            "<svg class=\"sb-activity\" width=\"\(max(width, 8))\" height=\"\(height)\" viewBox=\"0 0 \(max(width, 8)) \(height)\" role=\"img\" aria-label=\"\(SiteHTML.attribute(description))\">"
        svg += "<line x1=\"0\" y1=\"\(height - 1)\" x2=\"\(width)\" y2=\"\(height - 1)\"/>"
        for (index, (month, count)) in series.enumerated() where count > 0 {
            let bar = max(1, count * barSpace / peak)
            svg +=
                "<rect x=\"\(index * (barWidth + 1))\" y=\"\(barSpace - bar)\" width=\"\(barWidth)\" height=\"\(bar)\"><title>\(month): \(SiteHTML.messages(count))</title></rect>"
        }
        return svg + "</svg>\n"
    }

    private static func parse(_ month: String) -> (Int, Int)? {
        let parts = month.split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let number = Int(parts[1]) else { return nil }
        return (year, number)
    }
}
