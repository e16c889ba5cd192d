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
    public private(set) var log: String
    /// The header element's outer HTML (empty when the page has none).
    public private(set) var header: String
    /// The typing bubbles' markup (empty when nobody is typing).
    public private(set) var typing: String = ""

    /// Takes a rendered page.
    public init(page: String) {
        self.page = page
        (log, header) = Self.parts(of: page)
    }

    /// Replaces the page with a new rendering and the typing bubbles with `typing`; returns what
    /// changed.
    public mutating func update(page newPage: String, typing newTyping: String? = nil) -> LiveChange {
        var change = LiveChange()
        if newPage != page {
            let (newLog, newHeader) = Self.parts(of: newPage)
            change.operations = LogDiff.operations(from: log, to: newLog)
            if newHeader != header { change.header = newHeader }
            page = newPage
            log = newLog
            header = newHeader
        }
        if let newTyping, newTyping != typing {
            change.typing = newTyping
            typing = newTyping
        }
        return change
    }

    /// The log's inner HTML and the header's outer HTML of a page.
    static func parts(of page: String) -> (log: String, header: String) {
        let tree = HTMLTree(Array(page.utf8))
        let log = tree.first(withClass: "sb-log").map { tree.string($0.inner) } ?? ""
        let header = tree.first(withClass: "sb-header").map { tree.string($0.outer) } ?? ""
        return (log, header)
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
