/// One rendered page of the live view, and the operations that take it from one rendering to
/// the next.
///
/// The page is what `render` (or `site`) writes; the live view cares about its message log (the
/// element with class `sb-log`), its header (`sb-header`, where the title is) and, beside them,
/// the typing bubbles that only a live page shows.
package struct LiveDocument: Sendable {
    /// The whole page as rendered.
    package private(set) var page: String
    /// The log element's inner HTML.
    package var log: String { logElement.map { tree.string($0.inner) } ?? "" }
    /// The header element's outer HTML (empty when the page has none).
    package var header: String { headerElement.map { tree.string($0.outer) } ?? "" }
    /// The typing bubbles' markup (empty when nobody is typing).
    package private(set) var typing: String = ""

    private var tree: HTMLTree
    private var logElement: HTMLTree.Element?
    private var headerElement: HTMLTree.Element?

    /// Takes a rendered page.
    package init(page: String) {
        self.page = page
        tree = HTMLTree(Array(page.utf8))
        logElement = tree.first(withClass: "sb-log")
        headerElement = tree.first(withClass: "sb-header")
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
