import Scrollback

/// One rendered page of the live view, and the operations that take it from one rendering to
/// the next.
///
/// The page is what `render` (or `site`) writes; the live view cares about its message log (the
/// element with class `sb-log`), its header (`sb-header`, where the title is) and, beside them,
/// the typing bubbles that only a live page shows.
package struct LiveDocument: Sendable {
    /// The whole page as rendered.
    package var page: String { parts?.page ?? whole }
    /// The whole page as rendered, as bytes (put together once, for a page kept cut into days).
    package var pageBytes: [UInt8] { parts?.pageBytes ?? Array(whole.utf8) }
    /// The log element's inner HTML.
    package var log: String {
        if let parts { return String(decoding: parts.log, as: UTF8.self) }
        return logElement.map { tree.string($0.inner) } ?? ""
    }
    /// The header element's outer HTML (empty when the page has none).
    package var header: String { parts?.header ?? headerElement.map { tree.string($0.outer) } ?? "" }
    /// The outer HTML of the body's first element (empty when there is none): what changes on a
    /// page without a log.
    package var frame: String { parts != nil ? "" : frameElement.map { tree.string($0.outer) } ?? "" }
    /// The text of the page's `<title>`, as escaped in the page (empty when it has none).
    package var title: String { parts?.title ?? titleElement.map { tree.string($0.inner) } ?? "" }
    /// The typing bubbles' markup (empty when nobody is typing).
    package private(set) var typing: String = ""

    private var whole: String
    /// A page with a log kept cut into days, for updates of its end (`LiveSuffixLayout`).
    private(set) var parts: LiveLogPage?
    private var tree: HTMLTree
    private var logElement: HTMLTree.Element?
    private var headerElement: HTMLTree.Element?
    private var titleElement: HTMLTree.Element?
    private var frameElement: HTMLTree.Element?

    /// Takes a rendered page.
    package init(page: String) {
        whole = page
        tree = HTMLTree(Array(page.utf8), keeping: LogDiff.leafDepth, below: "sb-log")
        logElement = tree.first(withClass: "sb-log")
        headerElement = tree.first(withClass: "sb-header")
        titleElement = tree.first(named: "title")
        frameElement = tree.first(named: "body")?.children.first
    }

    /// Takes a rendered page and the typing bubbles it shows.
    init(page: String, typing: String) {
        self.init(page: page)
        self.typing = typing
    }

    /// Replaces the typing bubbles alone; returns what changed.
    mutating func update(typing newTyping: String) -> LiveChange {
        var change = LiveChange()
        if newTyping != typing {
            change.typing = newTyping
            typing = newTyping
        }
        return change
    }

    /// A page kept cut into days.
    init(parts: LiveLogPage, typing: String = "") {
        whole = ""
        self.parts = parts
        tree = HTMLTree([])
        self.typing = typing
    }

    /// Replaces a page kept cut into days with `next`, which `operations` reach from it, and the
    /// typing bubbles with `typing`; returns what changed.
    mutating func update(parts next: LiveLogPage, operations: [LiveOperation], typing newTyping: String) -> LiveChange {
        var change = LiveChange()
        change.operations = operations
        if next.header != header { change.header = next.header }
        if next.title != title { change.title = next.title }
        parts = next
        if newTyping != typing {
            change.typing = newTyping
            typing = newTyping
        }
        return change
    }

    /// Replaces the page with a whole rendering of `layout` (kept cut into days, when it can
    /// be) and the typing bubbles with `typing`; returns what changed.
    mutating func update(rendering layout: TranscriptLayout, options: HTMLOptions, typing newTyping: String) throws
        -> LiveChange
    {
        var output = ByteOutput()
        try HTMLRenderer.render(layout, options: options, to: &output)
        guard let next = LiveLogPage(page: output.bytes, days: layout.days, firstOffset: 0) else {
            var whole = parts == nil ? self : LiveDocument(page: page, typing: typing)
            let change = whole.update(page: String(decoding: output.bytes, as: UTF8.self), typing: newTyping)
            self = whole
            return change
        }
        output = ByteOutput()  // the page is held in days from here
        var change = LiveChange()
        change.operations = operations(to: next)
        if next.header != header { change.header = next.header }
        if next.title != title { change.title = next.title }
        if newTyping != typing { change.typing = newTyping }
        self = LiveDocument(parts: next, typing: newTyping)
        return change
    }

    /// The operations that take the log to that of `next`: day by day from a page kept in days
    /// when they can be, else by comparing the two logs' markup.
    private func operations(to next: LiveLogPage) -> [LiveOperation] {
        if let parts {
            let everyDay = Dictionary(uniqueKeysWithValues: parts.days.indices.map { ($0, 0) })
            return parts.operations(to: next, touched: everyDay) ?? LogDiff.operations(from: parts.log, to: next.log)
        }
        guard let logElement else { return [.reset(html: String(decoding: next.log, as: UTF8.self))] }
        // Below a child that is not a day (the "No messages." of an empty page) LogDiff never
        // walks into the new days, so their chains and messages need not be parsed.
        let walked = logElement.children.contains { $0.name == "section" } ? LogDiff.leafDepth : 1
        return LogDiff.operations(from: Array(tree.slice(logElement.inner)), to: next.log, depth: walked)
    }

    private init(copying other: LiveDocument, typing: String) {
        self = other
        self.typing = typing
    }

    /// Replaces the page with a new rendering and the typing bubbles with `typing`; returns what
    /// changed.
    package mutating func update(page newPage: String, typing newTyping: String? = nil) -> LiveChange {
        var change = LiveChange()
        if newPage != page {
            let next = LiveDocument(page: newPage)
            switch (logElement, next.logElement) {
            case (let old?, let new?):
                change.operations = LogDiff.operations(from: old, in: tree, to: new, in: next.tree)
            case (nil, _?): change.operations = [.reset(html: next.log)]
            case (_, nil): if next.frame != frame { change.frame = next.frame }
            }
            if next.header != header { change.header = next.header }
            if next.title != title { change.title = next.title }
            self = LiveDocument(copying: next, typing: typing)
        }
        if let newTyping, newTyping != typing {
            change.typing = newTyping
            typing = newTyping
        }
        return change
    }
}

/// A rendering's bytes, as the renderer writes them.
private struct ByteOutput: TextOutputStream {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) { bytes += string.utf8 }
}
