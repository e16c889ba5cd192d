/// What `render` can produce.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    /// A self-contained HTML page.
    case html
    /// Bubbles for a terminal, with colour.
    case ansi
    /// The terminal layout with no escape sequences.
    case text
    /// The computed layout as stable JSON.
    case json
}
