import Dispatch
import Foundation
import ScrollbackLayout
import ScrollbackModel
import ScrollbackReaders
import ScrollbackRender
import ScrollbackTemplates
import Synchronization

/// Builds a static site of many conversations (`scrollback site`): an index, paginated
/// conversation pages, calendars, offline search, copied media, feeds and a sitemap.
///
/// The site is assembled beside the target folder and swapped in at the end (see `SiteWriter`);
/// pages whose inputs did not change are kept from the last build without being rendered.
public enum SiteBuilder {
    /// Builds the site of `inputs` into `folder`. Warnings (missing media, import notes) go to `warn`.
    public static func build(
        _ inputs: [SiteInput], into folder: String, options: SiteOptions,
        warn: @escaping @Sendable (String) -> Void = { _ in },
        progress report: (@Sendable (SiteBuildStatus) -> Void)? = nil
    ) throws -> SiteSummary {
        try build(
            inputs, into: folder, options: options, warn: warn, progress: report,
            waiting: { warn("\(folder): waiting for another build into the folder to finish") })
    }

    /// Builds the site, holding the folder's lock (`OutputLock`) from reading the last build to the
    /// swap; `waiting` is called when another build holds it, and this one waits its turn.
    package static func build(
        _ inputs: [SiteInput], into folder: String, options: SiteOptions, warn: @escaping @Sendable (String) -> Void,
        progress report: (@Sendable (SiteBuildStatus) -> Void)?, waiting: () -> Void
    ) throws -> SiteSummary {
        let target = OutputLock.resolvingLinks(folder)
        // The folder that holds the site is made first, to hold its lock (the staging folder's too).
        try? FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return try OutputLock.holding(target, waiting: waiting) {
            let writer = try SiteWriter(target: folder, force: options.force, clean: options.clean)
            do {
                let summary = try build(inputs, writer: writer, options: options, warn: warn, report: report)
                return summary
            } catch {
                writer.abandon()
                throw error
            }
        }
    }

    private static func build(
        _ inputs: [SiteInput], writer: SiteWriter, options: SiteOptions, warn: @escaping @Sendable (String) -> Void,
        report: (@Sendable (SiteBuildStatus) -> Void)?
    ) throws -> SiteSummary {
        try refuseOverlap(inputs, target: writer.target)
        var html = options.html
        html.selfContained = false
        let base = try HTMLTemplates(options: html)
        let stylesheetText = base.stylesheet + "\n" + (BuiltinTemplates.files["site.css"] ?? "")
        let stylesheet = "assets/scrollback-" + SHA256.hex(stylesheetText).prefix(12) + ".css"
        let scriptText = BuiltinTemplates.files["search.js"] ?? ""
        let script = "assets/search-" + SHA256.hex(scriptText).prefix(12) + ".js"
        let optionsPrint = fingerprint(options, html: html, stylesheet: stylesheet)

        let sizes = inputs.map { input -> Int in
            ((try? FileManager.default.attributesOfItem(atPath: input.path))?[.size] as? NSNumber)?.intValue ?? 0
        }
        let progress = SiteProgress(total: sizes.reduce(0, +), report: report)
        let previous = writer.previous
        let media = MediaCache(previous?.media ?? [:])
        let builder = InputBuilder(
            options: options, html: html, writer: writer, stylesheet: stylesheet, optionsFingerprint: optionsPrint,
            progress: progress, turns: SlugTurns(), media: media, previous: previous?.conversations ?? [],
            previousByKey: Dictionary(
                (previous?.conversations ?? []).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a }))
        let monthByMonth = Atomic(0)
        let outcomes = InputOutcomes(count: inputs.count) { position, outcome in
            outcome.warnings.forEach(warn)
            if outcome.error == nil { progress.inputDone(sizes[position]) }
            monthByMonth.add(outcome.monthByMonth, ordering: .relaxed)
        }
        buildSideBySide(inputs, builder: builder, outcomes: outcomes)
        let records = try outcomes.result()

        try writer.emit(stylesheet, stylesheetText)
        try writer.emit(script, scriptText)
        try writeIndexes(records, options: options, writer: writer, stylesheet: stylesheet, script: script)
        let used = Set(records.flatMap(\.files).filter { $0.hasPrefix("media/") })
        var manifest = SiteManifest()
        manifest.conversations = records
        let usedHashes = Set(used.map { String($0.dropFirst("media/".count).prefix(24)) })
        manifest.media = media.all.filter { usedHashes.contains(String($0.value.prefix(24))) }
        let changed = try writer.finish(manifest)
        let staged = writer.stagedFiles
        let built = Set(records.map(\.key))
        return SiteSummary(
            conversations: records.count, messages: records.reduce(0) { $0 + $1.summary.messageCount },
            pages: records.reduce(0) { $0 + $1.pages.count }, files: staged.count, bytes: writer.bytes,
            filesWritten: writer.written, filesKept: writer.kept, changed: changed,
            removed: (previous?.conversations ?? []).filter { !built.contains($0.key) }.map(\.summary.title),
            monthByMonth: monthByMonth.load(ordering: .relaxed))
    }

    private static func buildSideBySide(_ inputs: [SiteInput], builder: InputBuilder, outcomes: InputOutcomes) {
        // Inputs are built side by side, one per core (each holds one input's transcripts and
        // layout at a time). The workers are plain blocks on the global queue, not iterations of
        // `concurrentPerform`: a conversation's page renders (`concurrentPerform` inside) then
        // count as a top-level apply and take any core a worker has left idle (one big input
        // beside small ones; the last input of the build), instead of running one by one.
        let workers = max(1, min(inputs.count, ProcessInfo.processInfo.activeProcessorCount))
        let group = DispatchGroup()
        for _ in 0..<workers {
            DispatchQueue.global().async(group: group) {
                while let position = outcomes.next() {
                    outcomes.finish(position, builder.build(inputs[position], position: position))
                }
            }
        }
        group.wait()
    }

    /// An output folder that is an input, or inside one, or holds one, would be read while it is replaced.
    private static func refuseOverlap(_ inputs: [SiteInput], target: String) throws {
        for input in inputs where input.path != "-" {
            let path = URL(fileURLWithPath: input.path).standardizedFileURL.path
            if path == target || path.hasPrefix(target + "/") || target.hasPrefix(path + "/") {
                throw SiteError(path: target, reason: .overlapsInput(input.path))
            }
        }
    }

    /// The pages over all conversations: the index, the search page and, with a base URL, the sitemap.
    private static func writeIndexes(
        _ records: [ConversationRecord], options: SiteOptions, writer: SiteWriter, stylesheet: String, script: String
    ) throws {
        let title = options.title ?? "Conversations"
        try writer.emit("index.html", IndexPage.make(title: title, conversations: records, stylesheet: stylesheet))
        let shards = records.flatMap { record in
            [ConversationBuilder.dictionaryPath(record.slug)]
                + record.pages.map { ConversationBuilder.shardPath(record.slug, $0.name) }
        }
        try writer.emit(
            "search.html", SearchPage.make(title: title, stylesheet: stylesheet, script: script, shards: shards))
        if let base = options.baseURL.flatMap(SiteFeeds.normalizedBase) {
            var paths = ["index.html", "search.html"]
            for record in records {
                paths += record.pages.map { record.slug + "/" + $0.name } + [record.slug + "/calendar.html"]
            }
            try writer.emit("sitemap.xml", SiteFeeds.sitemap(base: base, paths: paths))
        }
    }

    /// Everything besides the messages that decides the bytes of a page.
    private static func fingerprint(_ options: SiteOptions, html: HTMLOptions, stylesheet: String) -> String {
        var print = Fingerprint()
        print.add("scrollback site \(SiteManifest.currentFormat)")
        print.add(String(describing: options.layout))
        print.add(html.theme)
        print.add(html.remoteMedia)
        // Only when set, so that sites built before these options keep their fingerprint.
        if html.allowHiddenPaths { print.add("allow hidden paths") }
        if html.privateMedia { print.add("private media") }
        for (name, text) in (HTMLTheme.named(html.theme)?.files(overrides: html.templateOverrides) ?? [:]).sorted(by: {
            $0.key < $1.key
        }) {
            print.add(name)
            print.add(text)
        }
        print.add(options.pageBudget)
        print.add(options.pageSize ?? -1)
        print.add(options.baseURL)
        print.add(stylesheet)
        return print.finalize()
    }
}
