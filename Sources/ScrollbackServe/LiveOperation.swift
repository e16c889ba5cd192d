/// One change to the live page's message log, as the page's script applies it.
///
/// An element is found by its path of element-child indexes from the log element (`[2, 0, 5]`:
/// the third day's first chain's sixth child). Markup is always the renderer's own bytes.
public enum LiveOperation: Sendable, Hashable {
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
            #"{"op":"replace","path":\#(Self.path(path)),"html":\#(JSONText.quote(html))}"#
        case .append(let path, let html): #"{"op":"append","path":\#(Self.path(path)),"html":\#(JSONText.quote(html))}"#
        case .reset(let html): #"{"op":"reset","html":\#(JSONText.quote(html))}"#
        }
    }

    private static func path(_ path: [Int]) -> String { "[" + path.map(String.init).joined(separator: ",") + "]" }
}

/// JSON string literals for the event stream.
enum JSONText {
    /// `text` as a JSON string; `<`, `>` and `&` are escaped too, and U+2028/2029, so the JSON is
    /// inert wherever it lands.
    static func quote(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
