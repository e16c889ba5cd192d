import Scrollback

/// The conversation so far: every line of the stream applied in order by the JSON Lines
/// decoder, so `follow` reads exactly what `render` reads (updates replace messages by id).
struct FollowLog {
    private var decoder: JSONLinesDecoder
    private var lineNumber = 0

    init(name: String) { decoder = JSONLinesDecoder(name: name) }

    /// The transcript built from the lines applied so far.
    var transcript: Transcript { decoder.transcript }

    /// Applies the next line of the stream.
    mutating func apply(_ line: [UInt8]) throws {
        lineNumber += 1
        _ = try decoder.feed(line: line, lineNumber: lineNumber)
    }
}
