/// One rendered page of the live view, and the operations that take it from one rendering to
/// the next.
///
/// The page is what `render` (or `site`) writes; the live view cares about its message log (the
/// element with class `sb-log`), its header (`sb-header`, where the title is) and, beside them,
/// the typing bubbles that only a live page shows.
public struct LiveDocument: Sendable {
    /// The whole page as rendered.
    public private(set) var page: String
    /// The log element's inner HTML.
    public var log: String { logElement.map { tree.string($0.inner) } ?? "" }
    /// The header element's outer HTML (empty when the page has none).
    public var header: String { headerElement.map { tree.string($0.outer) } ?? "" }
    /// The typing bubbles' markup (empty when nobody is typing).
    public private(set) var typing: String = ""

    private var tree: HTMLTree
    private var logElement: HTMLTree.Element?
    private var headerElement: HTMLTree.Element?

    /// Takes a rendered page.
    public init(page: String) {
        self.page = page
        tree = HTMLTree(Array(page.utf8))
        logElement = tree.first(withClass: "sb-log")
        headerElement = tree.first(withClass: "sb-header")
    }

    /// Replaces the page with a new rendering and the typing bubbles with `typing`; returns what
    /// changed.
    public mutating func update(page newPage: String, typing newTyping: String? = nil) -> LiveChange {
        var change = LiveChange()
        if newPage != page {
            let next = LiveDocument(page: newPage)
            switch (logElement, next.logElement) {
            case (let old?, let new?):
                change.operations = LogDiff.operations(from: old, in: tree, to: new, in: next.tree)
            case (nil, _?): change.operations = [.reset(html: next.log)]
            default: break
            }
            if next.header != header { change.header = next.header }
            (page, tree, logElement, headerElement) = (next.page, next.tree, next.logElement, next.headerElement)
        }
        if let newTyping, newTyping != typing {
            change.typing = newTyping
            typing = newTyping
        }
        return change
    }
}

/// What one update changed on a live page.
public struct LiveChange: Sendable, Hashable {
    /// Operations on the message log, in order.
    public var operations: [LiveOperation] = []
    /// The header's new outer HTML, when it changed (a new title).
    public var header: String?
    /// The typing bubbles' new markup, when they changed.
    public var typing: String?

    public init() {}

    /// Whether nothing changed.
    public var isEmpty: Bool { operations.isEmpty && header == nil && typing == nil }

    /// The change as the JSON object of one event (`v` is the version it leads to).
    func json(version: String) -> String {
        var fields = [#""v":\#(JSONText.quote(version))"#]
        fields.append(#""ops":["# + operations.map(\.json).joined(separator: ",") + "]")
        if let header { fields.append(#""header":\#(JSONText.quote(header))"#) }
        if let typing { fields.append(#""typing":\#(JSONText.quote(typing))"#) }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
