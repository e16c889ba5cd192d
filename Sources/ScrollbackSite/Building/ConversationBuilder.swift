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
        laidOut.missingFiles = mediaOptions(base: base, archive: archive).missingFiles(in: transcript.messages)
        // The layout's days move into the pages; `layout` keeps what every page shares.
        let plan = PagePlan(taking: &laidOut, budget: options.pageBudget, pageSize: options.pageSize)
        let media = try MediaLibrary(
            transcript: transcript, base: base, archive: archive, inputName: inputName, writer: writer, cache: cache,
            options: options.html)
        var pages = PageEmitter(
            builder: self, layout: laidOut, media: media, slug: slug, previous: previous, rendersAsTheyCome: false)
        let names = plan.pages.map(\.name)
        for (index, page) in plan.pages.enumerated() {
            try pages.add(
                page, next: index + 1 < names.count ? names[index + 1] : nil, pageOfMessage: plan.pageOfMessage,
                name: { names[$0] })
        }
        return try pages.finish(key: key, inputFingerprint: inputFingerprint, pageOfDay: plan.pageOfDay)
    }

    /// Builds the conversation a first reading (`prepass`, `attachments`) went through, under
    /// `slug/`, reading it a second time with `again` and making its pages a month (or a part of
    /// one) at a time: only the pages being made are held, never the whole conversation. The
    /// pages are those `build` makes of the whole transcript. `header` is the conversation without
    /// its messages, its participants listing every sender.
    func build(
        header: Transcript, prepass: LayoutPrepass, attachments: MediaLibrary.MediaReferences,
        again: ((consuming Message) -> Void) throws -> Void, key: String, inputFingerprint: String, slug: String,
        inputName: String, base: String?, archive: MediaArchive? = nil, previous: ConversationRecord?,
        media cache: MediaCache
    ) throws -> ConversationRecord {
        var stream = try LayoutStream(header: header, options: options.layout, prepass: prepass)
        let media = try MediaLibrary(
            participants: header.participants, attachments: attachments, base: base, archive: archive,
            inputName: inputName, writer: writer, cache: cache, options: options.html)
        var planner = PagePlanner(
            undated: stream.layout.undated, budget: options.pageBudget, pageSize: options.pageSize,
            repliedTo: prepass.named)
        var shared = stream.layout
        shared.missingFiles = mediaOptions(base: base, archive: archive).missingFiles(attachments.list.map(\.0))
        var pages = PageEmitter(
            builder: self, layout: shared, media: media, slug: slug, previous: previous, rendersAsTheyCome: true)
        // A page is made once the next one has begun (it links to it by name). Replies answer
        // messages before them (`prepass.streamable`), so their pages are known by then.
        var waiting: PagePlan.Page?
        var names: [String] = []
        var failure: (any Error)?
        func take(_ closed: [PagePlan.Page]) {
            for page in closed {
                names.append(page.name)
                if let ready = waiting, failure == nil {
                    do {
                        try pages.add(
                            ready, next: page.name, pageOfMessage: planner.pageOfMessage, name: { names[$0] })
                    } catch {
                        failure = error
                    }
                }
                waiting = page
            }
        }
        try again { message in
            guard !message.hidden, failure == nil else { return }
            if let day = stream.add(message) { take(planner.add(day)) }
        }
        if let day = stream.finish() { take(planner.add(day)) }
        take(planner.finish())
        if let failure { throw failure }
        if let last = waiting {
            try pages.add(last, next: nil, pageOfMessage: planner.pageOfMessage, name: { names[$0] })
        }
        return try pages.finish(key: key, inputFingerprint: inputFingerprint, pageOfDay: planner.pageOfDay)
    }

    /// The HTML options with the input's folder or zip, where the log's files are looked for.
    private func mediaOptions(base: String?, archive: MediaArchive?) -> HTMLOptions {
        var html = options.html
        html.mediaArchive = archive
        html.mediaBaseDirectory = archive == nil ? base : nil
        return html
    }

    /// The conversation's search dictionary (no page is called `words.html`: pages are named by month).
    static func dictionaryPath(_ slug: String) -> String { "search/" + slug + "/words.js" }

    static func shardPath(_ slug: String, _ page: String) -> String {
        "search/" + slug + "/" + page.replacingOccurrences(of: ".html", with: ".js")
    }

    static func title(_ layout: TranscriptLayout) -> String {
        if let title = layout.title, !title.isEmpty { return title }
        let others = layout.participants.filter { !$0.isMe }.map(\.name)
        return others.isEmpty ? "Conversation" : others.joined(separator: ", ")
    }
}

/// Makes a conversation's pages one after the other (each rendered on any free core, unless
/// the last build's is still right), then its calendar, dictionary and feed.
struct PageEmitter {
    let builder: ConversationBuilder
    let layout: TranscriptLayout
    let media: MediaLibrary
    let slug: String
    private let title: String
    private let sharedPrint: String
    private let senderIndex: [String: Int]
    private let oldPages: [String: PageRecord]
    private var dictionary = SearchDictionary()
    private var outline = ConversationOutline()
    private var records: [PageRecord] = []
    private var keptPages = 0
    private var keptMessages = 0
    private let errors = ErrorBox()
    /// Whether each page is rendered as soon as it is added (on any free core, at most one per core
    /// at a time, so that a long conversation's pages are not all held), or all at once by
    /// `finish`, when they are all held anyway: then the renders are one parallel loop, whose
    /// iterations take any core another input's build leaves idle.
    let rendersAsTheyCome: Bool
    private var held: [@Sendable () -> Void] = []
    private let rendering = DispatchGroup()
    private let slots = DispatchSemaphore(value: max(1, ProcessInfo.processInfo.activeProcessorCount))

    init(
        builder: ConversationBuilder, layout: TranscriptLayout, media: MediaLibrary, slug: String,
        previous: ConversationRecord?, rendersAsTheyCome: Bool
    ) {
        self.builder = builder
        self.rendersAsTheyCome = rendersAsTheyCome
        self.layout = layout
        self.media = media
        self.slug = slug
        title = ConversationBuilder.title(layout)
        var shared = Fingerprint()
        shared.add(builder.optionsFingerprint)
        shared.add(title)
        shared.add(layout.me)
        shared.add(layout.isGroup)
        shared.add(layout.undated)
        shared.add(layoutJSON: { LayoutJSONRenderer.encodeParticipants(of: layout, to: $0) })
        for (reference, name) in media.names.sorted(by: { $0.key < $1.key }) {
            shared.add(reference)
            shared.add(name)
        }
        sharedPrint = shared.finalize()
        senderIndex = Dictionary(
            layout.participants.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        outline.keepsNewest = builder.options.baseURL.flatMap(SiteFeeds.normalizedBase) != nil
        oldPages = Dictionary(
            (builder.options.clean ? [] : previous?.pages ?? []).map { ($0.name, $0) },
            uniquingKeysWith: { a, _ in a })
    }

    /// Adds the next page; `next` is the name of the one after it, `pageOfMessage` (with `name`)
    /// where the messages its replies answer are.
    mutating func add(
        _ page: PagePlan.Page, next: String?, pageOfMessage: [String: Int], name: (Int) -> String
    ) throws {
        if let error = errors.error { throw error }
        let index = records.count
        let previousName = records.last?.name
        let words = dictionary.add(page)
        let (fingerprint, links) = fingerprint(
            page, index: index, previous: previousName, next: next, pageOfMessage: pageOfMessage, name: name)
        let record = PageRecord(name: page.name, fingerprint: fingerprint, messages: page.messageCount)
        records.append(record)
        outline.add(page)
        let writer = builder.writer
        let path = slug + "/" + page.name
        let shardPath = ConversationBuilder.shardPath(slug, page.name)
        if oldPages[page.name]?.fingerprint == record.fingerprint && writer.reuse(path) && writer.reuse(shardPath) {
            keptPages += 1
            keptMessages += page.messageCount
            return
        }
        let render = renderJob(
            page, words: words, links: links, previous: previousName, next: next, paths: (path, shardPath))
        guard rendersAsTheyCome else {
            held.append(render)
            return
        }
        let slots = slots
        slots.wait()
        DispatchQueue.global().async(group: rendering) {
            defer { slots.signal() }
            render()
        }
    }

    /// The fingerprint of everything page `index` is made from, and where its replies link: the
    /// pages of the messages they answer.
    private func fingerprint(
        _ page: PagePlan.Page, index: Int, previous: String?, next: String?, pageOfMessage: [String: Int],
        name: (Int) -> String
    ) -> (String, links: [String: String]) {
        var links: [String: String] = [:]
        var print = Fingerprint()
        print.add(sharedPrint)
        print.add(page.name)
        print.add(dictionary.fingerprints[index])
        print.add(previous)
        print.add(next)
        for day in page.days {
            print.add(day.date.description)
            print.add(day.label)
            for chain in day.chains {
                // What the page shows of the chain, encoded as the layout JSON encodes it: a value
                // added to the presentation is part of the fingerprint without being listed here.
                print.add(layoutJSON: { LayoutJSONRenderer.encode(chain, of: layout, to: $0) })
                for bubble in chain.bubbles {
                    guard let reply = bubble.reply else { continue }
                    let target = pageOfMessage[reply.id].map(name)
                    if let target { links[reply.id] = target }
                    print.add(target)
                }
            }
        }
        return (print.finalize(), links)
    }

    /// Renders the page and its search shard and writes both: run at once or held, by `add`.
    private func renderJob(
        _ page: PagePlan.Page, words: [String: Int], links: [String: String], previous: String?, next: String?,
        paths: (page: String, shard: String)
    ) -> @Sendable () -> Void {
        var pageLayout = layout
        pageLayout.days = page.days
        let context = PageContext(
            messageHref: { [links] id in
                let fragment = "#" + PermalinkID.message(id)
                guard let target = links[id], target != page.name else { return fragment }
                return target + fragment
            },
            links: pageLinks(previous: previous, next: next),
            stylesheetHref: "../" + builder.stylesheet,
            mediaHref: { [names = media.names] reference in names[reference].map { "../media/" + $0 } },
            canonicalURL: builder.options.baseURL.flatMap(SiteFeeds.normalizedBase).map { $0 + slug + "/" + page.name })
        let (templates, budget, progress, errors, senders, folder, writer) = (
            builder.templates, builder.options.pageBudget, builder.progress, errors, senderIndex, slug, builder.writer
        )
        return { [pageLayout] in
            var html = ""
            html.reserveCapacity(min(budget + budget / 4, 8 << 20))
            templates.render(pageLayout, page: context, to: &html)
            let shard = SearchShard.make(page: page, slug: folder, senders: senders, dictionary: words)
            do {
                try writer.emit(paths.page, html)
                try writer.emit(paths.shard, shard)
            } catch {
                errors.set(error)
            }
            progress.pageDone(page.messageCount)
        }
    }

    private func pageLinks(previous: String?, next: String?) -> [PageLink] {
        var links = [
            PageLink(rel: "index", href: "../index.html", label: "All conversations"),
            PageLink(rel: "contents", href: "calendar.html", label: "Calendar"),
            PageLink(rel: "search", href: "../search.html", label: "Search"),
        ]
        if let previous { links.append(PageLink(rel: "prev", href: previous, label: "← Older")) }
        if let next { links.append(PageLink(rel: "next", href: next, label: "Newer →")) }
        return links
    }

    /// Waits for the pages, then writes the dictionary, calendar and feed; the conversation's
    /// record. `pageOfDay` maps each day to the first page that shows it.
    func finish(key: String, inputFingerprint: String, pageOfDay: [CivilDate: Int]) throws -> ConversationRecord {
        let renders = held
        DispatchQueue.concurrentPerform(iterations: renders.count) { renders[$0]() }
        rendering.wait()
        if let error = errors.error { throw error }
        builder.progress.pagesKept(keptPages, messages: keptMessages)
        let writer = builder.writer
        let summary = ConversationBuilder.summary(layout: layout, outline: outline, title: title)
        var files = records.flatMap { [slug + "/" + $0.name, ConversationBuilder.shardPath(slug, $0.name)] }
        try writer.emit(
            ConversationBuilder.dictionaryPath(slug),
            dictionary.script(slug: slug, title: title, senders: layout.participants.map(\.name)))
        files.append(ConversationBuilder.dictionaryPath(slug))
        try writer.emit(
            slug + "/calendar.html",
            CalendarPage.make(
                title: title, layout: layout, outline: outline, pageOfDay: pageOfDay,
                stylesheet: builder.stylesheet, newestHref: summary.newestHref))
        files.append(slug + "/calendar.html")
        if let base = builder.options.baseURL.flatMap(SiteFeeds.normalizedBase) {
            try writer.emit(
                slug + "/feed.atom",
                SiteFeeds.atom(base: base, slug: slug, title: title, entries: outline.feedEntries(of: layout)))
            files.append(slug + "/feed.atom")
        }
        files += media.files.sorted()
        return ConversationRecord(
            key: key, inputFingerprint: inputFingerprint, slug: slug, summary: summary, pages: records, files: files,
            warnings: media.warnings)
    }
}

/// The first error thrown by any of the parallel page renders.
final class ErrorBox: Sendable {
    private let first = Mutex<(any Error)?>(nil)
    var error: (any Error)? { first.withLock { $0 } }
    func set(_ error: any Error) { first.withLock { $0 = $0 ?? error } }
}
