/// Which link targets a page may carry.
///
/// Links are kept for `http`, `https` and `mailto`, relative paths and fragments;
/// anything else (`javascript:`, `vbscript:`, `data:`, `file:`, unknown schemes)
/// is dropped and the link's text shown on its own.
package enum LinkPolicy {
    /// What a destination is.
    package enum Kind: Equatable, Sendable {
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
    package static func kind(of destination: String) -> Kind {
        if let kind = printableASCIIKind(destination) { return kind }
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

    /// `kind(of:)` for the usual destination, printable ASCII with no spaces, from its bytes:
    /// nothing to clean or trim, and a scheme lowercases byte by byte. `nil` for any other.
    private static func printableASCIIKind(_ destination: String) -> Kind? {
        var destination = destination
        return destination.withUTF8 { bytes -> Kind? in
            guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
            func isSlash(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") }
            if bytes.count >= 2 && isSlash(bytes[0]) && isSlash(bytes[1]) { return .remote }
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return .relative }
            let scheme = bytes[..<colon]
            if scheme.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
            {
                return .relative
            }
            let lowered = scheme.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
            if lowered.elementsEqual("http".utf8) || lowered.elementsEqual("https".utf8) { return .remote }
            if lowered.elementsEqual("mailto".utf8) { return .mail }
            return .forbidden
        }
    }

    /// `destination` if a link may point there, else `nil`.
    package static func safeHref(_ destination: String) -> String? {
        kind(of: destination) == .forbidden ? nil : destination
    }
}
