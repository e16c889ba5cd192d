import Scrollback

/// Renders a transcript the ways a user can ask for, discarding the output.
enum Pipeline {
    static func renderAll(_ transcript: Transcript) {
        var narrow = RenderOptions()
        narrow.terminal.width = 12
        narrow.layout.me = transcript.participants.first?.id
        for options in [RenderOptions(), narrow] {
            for format in OutputFormat.allCases {
                var sink = Sink()
                try? transcript.render(format, options: options, to: &sink)
            }
        }
    }
}

/// An output stream that keeps only a count, so rendering cost is not dominated by string growth.
struct Sink: TextOutputStream {
    var count = 0
    mutating func write(_ string: String) { count &+= string.utf8.count }
}
