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
    var json: JSONWriter.Value {
        switch self {
        case .replace(let path, let html):
            .listedObject([("op", .string("replace")), ("path", Self.path(path)), ("html", .string(html))])
        case .append(let path, let html):
            .listedObject([("op", .string("append")), ("path", Self.path(path)), ("html", .string(html))])
        case .reset(let html): .listedObject([("op", .string("reset")), ("html", .string(html))])
        }
    }

    private static func path(_ path: [Int]) -> JSONWriter.Value { .array(path.map { .int($0) }) }
}
