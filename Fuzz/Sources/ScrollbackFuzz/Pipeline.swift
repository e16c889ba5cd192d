import Scrollback

/// Renders a transcript the ways a user can ask for, discarding the output.
enum Pipeline {
    static func renderAll(_ transcript: Transcript) {
        for format in OutputFormat.allCases {
            var sink = Sink()
            try? transcript.render(format, options: RenderOptions(), to: &sink)
        }
        // A narrow terminal and a `me` exercise wrapping and the other side of the layout.
        var narrow = RenderOptions()
        narrow.terminal.width = 12
        narrow.terminal.color = .trueColor
        narrow.layout.me = transcript.participants.first?.id
        var sink = Sink()
        try? transcript.render(.ansi, options: narrow, to: &sink)
    }
}

/// An output stream that keeps only a count, so rendering cost is not dominated by string growth.
struct Sink: TextOutputStream {
    var count = 0
    mutating func write(_ string: String) { count &+= string.utf8.count }
}
