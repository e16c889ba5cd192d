import Dispatch
import Foundation
import ScrollbackLayout
import ScrollbackModel
import ScrollbackRender
import Synchronization

/// Builds one conversation's folder: its pages (rendered in parallel, only those whose
/// fingerprint changed), calendar, search shards and feed.
struct ConversationBuilder {
    let options: SiteOptions
    let templates: HTMLTemplates
    let writer: SiteWriter
    /// `assets/scrollback-HASH.css`, relative to the site.
    let stylesheet: String
    /// Fingerprint of the options and templates every page depends on.
    let optionsFingerprint: String
    let progress: SiteProgress

    /// Builds `transcript` under `slug/`; `previous` is the last build's record of it, if any.
    func build(
        _ transcript: Transcript, key: String, inputFingerprint: String, slug: String, inputName: String,
        base: String?, archive: MediaArchive? = nil, previous: ConversationRecord?, media cache: MediaCache
    ) throws -> ConversationRecord {
        var laidOut = try LayoutEngine.layout(transcript, options: options.layout)
        // The layout's days move into the pages; `layout` keeps what every page shares.
        let plan = PagePlan(taking: &laidOut, budget: options.pageBudget, pageSize: options.pageSize)
        let layout = laidOut
        let media = try MediaLibrary(
            transcript: transcript, base: base, archive: archive, inputName: inputName, writer: writer, cache: cache)
        let title = Self.title(layout)

        var shared = Fingerprint()
        shared.add(optionsFingerprint)
        shared.add(title)
        shared.add(layout.me)
        shared.add(layout.isGroup)
        shared.add(layout.undated)
        shared.add(layoutJSON: { LayoutJSONRenderer.encodeParticipants(of: layout, to: $0) })
        for (reference, name) in media.names.sorted(by: { $0.key < $1.key }) {
            shared.add(reference)
            shared.add(name)
        }
        let sharedPrint = shared.finalize()

        let dictionary = SearchDictionary(plan: plan)
        let pageNames = plan.pages.map(\.name)
        let pageOfMessage = plan.pageOfMessage
        var records: [PageRecord] = []
        var stale: [Int] = []
        let oldPages = Dictionary((previous?.pages ?? []).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for (index, page) in plan.pages.enumerated() {
            var print = Fingerprint()
            print.add(sharedPrint)
            print.add(page.name)
            print.add(dictionary.fingerprints[index])
            print.add(index > 0 ? pageNames[index - 1] : nil)
            print.add(index + 1 < pageNames.count ? pageNames[index + 1] : nil)
            for day in page.days {
                print.add(day.date.description)
                print.add(day.label)
                for chain in day.chains {
                    // What the page shows of the chain, encoded as the layout JSON encodes it: a value
                    // added to the presentation is part of the fingerprint without being listed here.
                    print.add(layoutJSON: { LayoutJSONRenderer.encode(chain, of: layout, to: $0) })
                    for bubble in chain.bubbles {
                        if let reply = bubble.reply { print.add(pageOfMessage[reply.id].map { pageNames[$0] }) }
                    }
                }
            }
            let record = PageRecord(name: page.name, fingerprint: print.finalize(), messages: page.messageCount)
            records.append(record)
            let path = slug + "/" + page.name
            let kept =
                oldPages[page.name]?.fingerprint == record.fingerprint && writer.reuse(path)
                && writer.reuse(Self.shardPath(slug, page.name))
            if !kept { stale.append(index) }
        }

        let senders = layout.participants.map(\.name)
        let senderIndex = Dictionary(
            layout.participants.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let context = pageContext(plan: plan, slug: slug, media: media)
        let numbers = dictionary.numbers
        let errors = ErrorBox()
        let pages = plan.pages
        let rendering = stale
        DispatchQueue.concurrentPerform(iterations: rendering.count) { item in
            let index = rendering[item]
            let page = pages[index]
            var pageLayout = layout
            pageLayout.days = page.days
            var html = ""
            html.reserveCapacity(min(options.pageBudget + options.pageBudget / 4, 8 << 20))
            templates.render(pageLayout, page: context(index), to: &html)
            let shard = SearchShard.make(page: page, slug: slug, senders: senderIndex, dictionary: numbers)
            do {
                try writer.emit(slug + "/" + page.name, html)
                try writer.emit(Self.shardPath(slug, page.name), shard)
            } catch {
                errors.set(error)
            }
            progress.pageDone(page.messageCount)
        }
        if let error = errors.error { throw error }
        let renderedSet = Set(stale)
        progress.pagesKept(
            plan.pages.count - stale.count,
            messages: records.indices.filter { !renderedSet.contains($0) }.reduce(0) { $0 + records[$1].messages })

        let summary = Self.summary(layout: layout, plan: plan, title: title)
        var files = plan.pages.flatMap { [slug + "/" + $0.name, Self.shardPath(slug, $0.name)] }
        try writer.emit(Self.dictionaryPath(slug), dictionary.script(slug: slug, title: title, senders: senders))
        files.append(Self.dictionaryPath(slug))
        try writer.emit(
            slug + "/calendar.html",
            CalendarPage.make(
                title: title, layout: layout, plan: plan, stylesheet: stylesheet, newestHref: summary.newestHref))
        files.append(slug + "/calendar.html")
        if let base = options.baseURL.flatMap(SiteFeeds.normalizedBase) {
            try writer.emit(slug + "/feed.atom", feed(base: base, slug: slug, title: title, layout: layout, plan: plan))
            files.append(slug + "/feed.atom")
        }
        files += media.files.sorted()
        return ConversationRecord(
            key: key, inputFingerprint: inputFingerprint, slug: slug, summary: summary, pages: records, files: files,
            warnings: media.warnings)
    }

    /// The conversation's search dictionary (no page is called `words.html`: pages are named by month).
    static func dictionaryPath(_ slug: String) -> String { "search/" + slug + "/words.js" }

    static func shardPath(_ slug: String, _ page: String) -> String {
        "search/" + slug + "/" + page.replacingOccurrences(of: ".html", with: ".js")
    }

    /// Links and media for page `index`: replies reach other pages through the one id → page map.
    private func pageContext(plan: PagePlan, slug: String, media: MediaLibrary) -> @Sendable (Int) -> PageContext {
        let names = plan.pages.map(\.name)
        let pageOfMessage = plan.pageOfMessage
        let mediaNames = media.names
        let stylesheet = "../" + self.stylesheet
        let home = options.baseURL.flatMap(SiteFeeds.normalizedBase).map { $0 + slug + "/" }
        return { index in
            let here = names[index]
            var links = [
                PageLink(rel: "index", href: "../index.html", label: "All conversations"),
                PageLink(rel: "contents", href: "calendar.html", label: "Calendar"),
                PageLink(rel: "search", href: "../search.html", label: "Search"),
            ]
            if index > 0 { links.append(PageLink(rel: "prev", href: names[index - 1], label: "← Older")) }
            if index + 1 < names.count { links.append(PageLink(rel: "next", href: names[index + 1], label: "Newer →")) }
            return PageContext(
                messageHref: { id in
                    let fragment = "#" + PermalinkID.message(id)
                    guard let page = pageOfMessage[id], names[page] != here else { return fragment }
                    return names[page] + fragment
                },
                links: links, stylesheetHref: stylesheet,
                mediaHref: { reference in mediaNames[reference].map { "../media/" + $0 } },
                canonicalURL: home.map { $0 + here })
        }
    }

    private func feed(base: String, slug: String, title: String, layout: TranscriptLayout, plan: PagePlan) -> String {
        var entries: [(bubble: Bubble, page: String, sender: String)] = []
        outer: for page in plan.pages.reversed() {
            for day in page.days.reversed() {
                for chain in day.chains.reversed() {
                    for bubble in chain.bubbles.reversed() where !bubble.message.hidden {
                        let sender = bubble.message.sender.map { layout.participant($0)?.name ?? $0 } ?? "System"
                        entries.append((bubble, page.name, sender))
                        if entries.count == 50 { break outer }
                    }
                }
            }
        }
        return SiteFeeds.atom(base: base, slug: slug, title: title, entries: entries.reversed())
    }

    static func title(_ layout: TranscriptLayout) -> String {
        if let title = layout.title, !title.isEmpty { return title }
        let others = layout.participants.filter { !$0.isMe }.map(\.name)
        return others.isEmpty ? "Conversation" : others.joined(separator: ", ")
    }
}

/// The first error thrown by any of the parallel page renders.
final class ErrorBox: Sendable {
    private let first = Mutex<(any Error)?>(nil)
    var error: (any Error)? { first.withLock { $0 } }
    func set(_ error: any Error) { first.withLock { $0 = $0 ?? error } }
}
