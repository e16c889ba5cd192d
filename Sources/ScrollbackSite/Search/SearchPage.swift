/// `search.html`: a search box over every conversation. Its scripts are the site's own
/// `search.js` and the index shards, all loaded with `<script src>` so it works from `file://`.
enum SearchPage {
    static func make(title: String, stylesheet: String, script: String, shards: [String]) -> String {
        let main = """
            <form class="sb-search-form" id="sb-search-form" role="search">
            <label for="sb-search-input">Search messages</label>
            <input id="sb-search-input" type="search" name="q" autocomplete="off" spellcheck="false" placeholder="Words, a name, from:ben, 2026-10">
            </form>
            <p class="sb-search-hint">Every word must match (the start of a word is enough). <code>from:NAME</code> keeps one sender's messages; a date like <code>2026</code>, <code>2026-10</code> or <code>2026-10-24</code> keeps that time.</p>
            <p id="sb-search-status" role="status" aria-live="polite"><span class="sb-needs-script">Search needs JavaScript; each conversation's calendar works without it.</span></p>
            <ol class="sb-search-results" id="sb-search-results"></ol>

            """
        return SiteHTML.page(
            title: "Search · \(title)", heading: "Search", subtitle: title, root: "", stylesheet: stylesheet,
            nav: [
                .init(href: "index.html", label: "Conversations"),
                .init(href: "search.html", label: "Search", current: true),
            ],
            main: main, scripts: [script] + shards, bodyClass: "sb-site-search")
    }
}
