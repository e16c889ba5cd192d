/// Which link targets a page may carry.
///
/// Links are kept for `http`, `https` and `mailto`, relative paths and fragments;
/// anything else (`javascript:`, `vbscript:`, `data:`, `file:`, unknown schemes)
/// is dropped and the link's text shown on its own.
public enum LinkPolicy {
    /// What a destination is.
    public enum Kind: Equatable, Sendable {
        /// `http:` or `https:`.
        case remote
        /// `mailto:`.
        case mail
        /// A relative path (`media/a.jpg`, `../x`) or a fragment (`#msg-m1`).
        case relative
        /// Any other scheme.
        case forbidden
    }

    /// Classifies `destination` as a browser would read it (tabs, newlines and leading controls ignored).
    public static func kind(of destination: String) -> Kind {
        // Browsers drop ASCII tab and newline anywhere in a URL and trim controls and spaces at the ends.
        let cleaned = destination.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        let trimmed = String(String.UnicodeScalarView(cleaned.drop(while: { $0.value <= 0x20 })))
        // `//host/x` (and `\\host`, which browsers read the same) leaves the page's origin.
        let start = trimmed.prefix(2)
        if start.count == 2, start.allSatisfy({ $0 == "/" || $0 == "\\" }) { return .remote }
        guard let colon = trimmed.firstIndex(of: ":") else { return .relative }
        let beforeColon = trimmed[..<colon]
        // A `/`, `?` or `#` before the first colon means there is no scheme: `a/b:c` is a path.
        if beforeColon.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return .relative }
        switch beforeColon.lowercased() {
        case "http", "https": return .remote
        case "mailto": return .mail
        default: return .forbidden
        }
    }

    /// `destination` if a link may point there, else `nil`.
    public static func safeHref(_ destination: String) -> String? {
        kind(of: destination) == .forbidden ? nil : destination
    }
}
