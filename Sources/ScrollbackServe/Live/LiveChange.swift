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

    /// The change as the JSON object of one event (`v` is the version it leads to).
    func json(version: String) -> String {
        var fields = [#""v":\#(JSONString.literal(version, scriptSafe: true))"#]
        fields.append(#""ops":["# + operations.map(\.json).joined(separator: ",") + "]")
        if let header { fields.append(#""header":\#(JSONString.literal(header, scriptSafe: true))"#) }
        if let frame { fields.append(#""frame":\#(JSONString.literal(frame, scriptSafe: true))"#) }
        if let title { fields.append(#""title":\#(JSONString.literal(title, scriptSafe: true))"#) }
        if let typing { fields.append(#""typing":\#(JSONString.literal(typing, scriptSafe: true))"#) }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
