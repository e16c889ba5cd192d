import Scrollback

/// One change to the live page's message log, as the page's script applies it.
///
/// An element is found by its path of element-child indexes from the log element (`[2, 0, 5]`:
/// the third day's first chain's sixth child). Markup is always the renderer's own bytes.
package enum LiveOperation: Sendable, Hashable {
    /// The element at `path` is replaced by `html` (its new outer HTML).
    case replace(path: [Int], html: String)
    /// `html` (text and elements) is added at the end of the element at `path` (`[]`: the log).
    case append(path: [Int], html: String)
    /// The log's whole contents become `html`.
    case reset(html: String)
}

extension LiveOperation {
    /// The operation as the JSON object the page's script reads.
    var json: String {
        switch self {
        case .replace(let path, let html):
            #"{"op":"replace","path":\#(Self.path(path)),"html":\#(JSONString.literal(html, scriptSafe: true))}"#
        case .append(let path, let html):
            #"{"op":"append","path":\#(Self.path(path)),"html":\#(JSONString.literal(html, scriptSafe: true))}"#
        case .reset(let html): #"{"op":"reset","html":\#(JSONString.literal(html, scriptSafe: true))}"#
        }
    }

    private static func path(_ path: [Int]) -> String { "[" + path.map(String.init).joined(separator: ",") + "]" }
}
