import ScrollbackLayout
import ScrollbackModel

/// A conversation's `calendar.html`: years (newest first) → months → days, each day with its
/// message count and a link to the page and day that show it.
enum CalendarPage {
    static func make(
        title: String, layout: TranscriptLayout, outline: ConversationOutline, pageOfDay: [CivilDate: Int],
        stylesheet: String, newestHref: String
    ) -> String {
        let counts = outline.counts
        let pages = outline.pages.map(\.name)
        let years = Dictionary(grouping: counts.keys, by: \.year)
        var main = ""
        if layout.undated {
            main += "<ol>\n"
            for page in outline.pages {
                main += "<li><a href=\"\(SiteHTML.attribute(page.name))\">\(SiteHTML.text(page.name))</a> · "
                main += SiteHTML.text(SiteHTML.messages(page.messages)) + "</li>\n"
            }
            main += "</ol>\n"
        }
        for year in years.keys.sorted(by: >) where !layout.undated {
            let total = years[year]!.reduce(0) { $0 + counts[$1]! }
            main += "<section class=\"sb-calendar-year\" aria-labelledby=\"year-\(year)\">\n"
            main +=
                "<h2 id=\"year-\(year)\">\(String(format4: year)) <small>· \(SiteHTML.messages(total))</small></h2>\n"
            main += "<div class=\"sb-calendar-months\">\n"
            let months = Set(years[year]!.map(\.month))
            for month in months.sorted() {
                main += self.month(year: year, month: month, counts: counts, pages: pages, pageOfDay: pageOfDay)
            }
            main += "</div>\n</section>\n"
        }
        return SiteHTML.page(
            title: "\(title) · Calendar", heading: title,
            subtitle: "Calendar · \(SiteHTML.messages(counts.values.reduce(0, +)))",
            root: "../", stylesheet: stylesheet,
            nav: [
                .init(href: "../index.html", label: "All conversations"),
                .init(href: newestHref, label: "Newest messages"),
                .init(href: "calendar.html", label: "Calendar", current: true),
                .init(href: "../search.html", label: "Search"),
            ],
            main: main, bodyClass: "sb-site-calendar")
    }

    /// One month as a Monday-first grid.
    private static func month(
        year: Int, month: Int, counts: [CivilDate: Int], pages: [String], pageOfDay: [CivilDate: Int]
    ) -> String {
        let name = SiteHTML.monthNames[month - 1]
        let id = "month-\(String(format4: year))-\(month < 10 ? "0" : "")\(month)"
        var total = 0
        var html =
            "<section class=\"sb-month\" aria-labelledby=\"\(id)\">\n<h3 id=\"\(id)\">\(name) \(String(format4: year))</h3>\n"
        html += "<table>\n<thead><tr>"
        for day in ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] { html += "<th scope=\"col\">\(day)</th>" }
        html += "</tr></thead>\n<tbody>\n<tr>"
        guard let first = CivilDate(year: year, month: month, day: 1) else { return "" }
        let lead = first.isoWeekday - 1
        html += String(repeating: "<td></td>", count: lead)
        let length = CivilDate.daysIn(month: month, year: year)
        var column = lead
        for number in 1...length {
            if column == 7 {
                html += "</tr>\n<tr>"
                column = 0
            }
            let date = CivilDate(year: year, month: month, day: number)!
            if let count = counts[date], let page = pageOfDay[date] {
                total += count
                let href = pages[page] + "#day-" + date.description
                html +=
                    "<td><a href=\"\(SiteHTML.attribute(href))\" aria-label=\"\(date.description): \(SiteHTML.messages(count))\">"
                html += "\(number)<span class=\"sb-day-count\">\(SiteHTML.count(count))</span></a></td>"
            } else {
                html += "<td><span class=\"sb-no-messages\">\(number)</span></td>"
            }
            column += 1
        }
        html += String(repeating: "<td></td>", count: 7 - column)
        html += "</tr>\n</tbody>\n</table>\n"
        html += "<p class=\"sb-month-total\">\(SiteHTML.messages(total))</p>\n</section>\n"
        return html
    }
}
