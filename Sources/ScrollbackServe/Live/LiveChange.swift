import Scrollback

/// What one update changed on a live page.
package struct LiveChange: Sendable, Hashable {
    /// Operations on the message log, in order.
    package var operations: [LiveOperation] = []
    /// The header's new outer HTML, when it changed (a new title).
    package var header: String?
    /// The new outer HTML of the body's first element, for a page without a message log (the
    /// site's index), when it changed.
    package var frame: String?
    /// The page's new `<title>` text (as escaped in the page), when it changed.
    package var title: String?
    /// The typing bubbles' new markup, when they changed.
    package var typing: String?

    /// No change.
    package init() {}

    /// Whether nothing changed.
    package var isEmpty: Bool { operations.isEmpty && header == nil && frame == nil && title == nil && typing == nil }

    /// The change as the JSON object of one event (`v` is the version it leads to), written
    /// script-safe (no `<` in it), as every JSON Scrollback makes is written.
    func json(version: String) -> String {
        var members: [(String, JSONWriter.Value)] = [("v", .string(version)), ("ops", .array(operations.map(\.json)))]
        for (key, value) in [("header", header), ("frame", frame), ("title", title), ("typing", typing)] {
            if let value { members.append((key, .string(value))) }
        }
        var writer = JSONWriter(style: .compact, scriptSafe: true)
        writer.write(.listedObject(members))
        return writer.text
    }
}
