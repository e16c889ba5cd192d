import Foundation
import Scrollback
import Synchronization

/// `scrollback site INPUT... -o DIR`: a browsable, searchable archive of many conversations.
enum SiteCommand {
    static let command = Command(
        name: "site",
        abstract: "Build a static site of many conversations.",
        usage: ["site INPUT... -o DIR [options]"],
        discussion: """
            Each INPUT is a file or a folder; inputs that hold several conversations give one
            conversation each. The site is built beside DIR and swapped in at the end, so a run
            that fails or is killed leaves the previous site as it was. Pages whose messages did
            not change are kept as they are (same file, same modification time). A second build
            into the same folder waits for the first to finish. Conversations of an earlier build that are
            no longer among the inputs are removed, and the summary says which.
            """,
        examples: [
            .init("site exports/*.json telegram/ -o site/", "One site of several exports, a conversation each."),
            .init(
                "site archive/ -o public/ --redact --anonymize --base-url https://example.org/chats/",
                "A site to publish: nothing private, with feeds and a sitemap."),
        ],
        options: OptionCatalog.specs(for: .site),
        run: { arguments, console in try run(arguments, console: console) }
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else {
            throw UsageError("site needs at least one INPUT (a file or a folder).")
        }
        guard let output = try arguments.value(OptionCatalog.siteOutput), !output.isEmpty, output != "-" else {
            throw UsageError("site needs an output folder: -o DIR.")
        }
        if arguments.positionals.contains("-") && arguments.positionals.count > 1 {
            throw UsageError("standard input (-) can only be the one INPUT of a site.")
        }
        let options = try siteOptions(arguments, console: console)
        let format = try SharedOptions.inputFormat(arguments)
        let readOptions = try SharedOptions.readOptions(arguments)
        let inputs = arguments.positionals.map { SiteInput(path: $0, format: format, readOptions: readOptions) }

        let bar = console.errIsTerminal ? ProgressBar(console: console) : nil
        let started = Date()
        // A warning about an input goes under that input's heading, the input named once.
        let paths = arguments.positionals.sorted { $0.count > $1.count }
        let warn: @Sendable (String) -> Void = { message in
            let input = paths.first { path in
                message.hasPrefix(path + ":") || message.hasPrefix(path.hasSuffix("/") ? path : path + "/")
            }
            let show = { input.map { console.warning(message, about: $0) } ?? console.warning(message) }
            if let bar { bar.printAbove(show) } else { show() }
        }
        var report: (@Sendable (SiteBuildStatus) -> Void)? = nil
        if let bar { report = { status in bar.show(status) } }
        // A second build into the folder waits its turn (the lock beside it) rather than undo this one.
        let summary = try SiteBuilder.build(
            inputs, into: output, options: options, warn: warn, progress: report,
            waiting: { console.note("waiting for another scrollback site build into \(output) to finish") })
        bar?.clear()
        let seconds = Date().timeIntervalSince(started)
        var line =
            "scrollback: built \(output): \(summary.conversations) conversation\(summary.conversations == 1 ? "" : "s"), "
        line +=
            "\(summary.messages) message\(summary.messages == 1 ? "" : "s"), \(summary.pages) page\(summary.pages == 1 ? "" : "s"), "
        line +=
            "\(byteSize(summary.bytes)) in \(summary.files) files (\(summary.filesWritten) written, \(summary.filesKept) kept"
        line += summary.changed ? ")" : "; unchanged)"
        line += String(format: " in %.2f s\n", seconds)
        if !summary.removed.isEmpty {
            let count = summary.removed.count
            let titles = summary.removed.prefix(10).map { "\"\($0)\"" }.joined(separator: ", ")
            console.err(
                "scrollback: removed \(count) conversation\(count == 1 ? "" : "s") no longer among the inputs: "
                    + Console.printable(titles) + (count > 10 ? ", and \(count - 10) more" : "") + "\n")
        }
        console.err(line)
        return 0
    }

    /// `812 bytes`, `324 KB`, `1.5 MB` (powers of 1000, as --page-budget counts).
    static func byteSize(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        for (unit, size) in [("GB", 1e9), ("MB", 1e6), ("KB", 1e3)] where Double(bytes) >= size {
            let value = Double(bytes) / size
            return (value < 10 ? String(format: "%.1f", value) : String(format: "%.0f", value)) + " " + unit
        }
        return "\(bytes) bytes"
    }

    static func siteOptions(_ arguments: Arguments, console: Console) throws -> SiteOptions {
        let render = try SharedOptions.renderOptions(arguments, console: console)
        var options = SiteOptions(layout: render.layout, html: render.html, title: render.title)
        if let bytes = try arguments.value(OptionCatalog.pageBudget) { options.pageBudget = bytes }
        options.pageSize = try arguments.value(OptionCatalog.pageSize)
        options.baseURL = try arguments.value(OptionCatalog.baseURL)
        options.clean = arguments.given(OptionCatalog.clean)
        options.force = arguments.given(OptionCatalog.force)
        return options
    }
}

/// A one-line progress bar on standard error: pages, messages per second and time left.
final class ProgressBar: Sendable {
    private let console: Console
    private let started = Date()
    /// When the bar was last drawn; its lock also keeps one thread's drawing whole.
    private let lastDraw = Mutex(Date.distantPast)

    init(console: Console) { self.console = console }

    func show(_ status: SiteBuildStatus) {
        lastDraw.withLock { lastDraw in
            let now = Date()
            guard now.timeIntervalSince(lastDraw) >= 0.1 else { return }
            lastDraw = now
            let elapsed = max(now.timeIntervalSince(started), 0.001)
            let fraction =
                status.inputBytesTotal > 0 ? Double(status.inputBytesDone) / Double(status.inputBytesTotal) : 0
            let width = 24
            let filled = min(width, Int(fraction * Double(width)))
            var line =
                "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] "
            line += "\(status.pagesRendered + status.pagesKept) pages · \(Int(Double(status.messages) / elapsed)) msg/s"
            if fraction > 0.02 && fraction < 1 {
                line += String(format: " · %.0f s left", elapsed / fraction - elapsed)
            }
            console.err(line + "\u{1B}[K")
        }
    }

    func clear() { lastDraw.withLock { _ in console.err("\r\u{1B}[K") } }

    /// Clears the bar, runs `print` (a warning) and lets the next status draw the bar again
    /// below it. Under the bar's lock, so a page finishing on another thread cannot draw the
    /// bar between the clearing and the warning (which would put both on one line).
    func printAbove(_ print: () -> Void) {
        lastDraw.withLock { lastDraw in
            console.err("\r\u{1B}[K")
            print()
            lastDraw = .distantPast
        }
    }
}
