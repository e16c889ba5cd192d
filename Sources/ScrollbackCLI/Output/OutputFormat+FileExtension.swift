import Scrollback

/// The one map between output formats and file names: `render -o chat.html` picks HTML, and
/// `check` names a folder's snapshots `NAME.html`.
extension OutputFormat {
    /// The extension a file of this format gets (`txt`, `ans`, `html`, `json`).
    var fileExtension: String {
        switch self {
        case .text: "txt"
        case .ansi: "ans"
        case .html: "html"
        case .json: "json"
        }
    }

    /// The format a file name asks for by its extension (`.htm` too, any case); `nil` for others.
    init?(path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".htm") {
            self = .html
            return
        }
        guard let format = Self.allCases.first(where: { lower.hasSuffix("." + $0.fileExtension) }) else { return nil }
        self = format
    }
}
