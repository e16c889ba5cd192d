import Scrollback
import ScrollbackServe

/// The line `follow` shows under the transcript on a terminal while the stream is live: who is
/// online (presence lines and the log's own `online`) and who is typing.
///
/// It is drawn only while following; when the stream ends the screen is the one-shot render.
enum FollowStatus {
    /// The status line for `transcript` and `typing` within `width` columns, or `nil` when
    /// there is nothing to say.
    static func line(
        _ transcript: Transcript, typing: [String], me: String?, width: Int, color: TerminalOptions.ColorDepth?
    ) -> String? {
        let me = me ?? transcript.me
        var parts: [(text: String, sgr: String)] = []
        for participant in transcript.participants where participant.id != me {
            guard let online = participant.online else { continue }
            let name = Console.printable(participant.name)
            parts.append(online ? ("● " + name + " online", "32") : ("○ " + name + " offline", "2"))
        }
        for sender in typing {
            let name = transcript.participants.first { $0.id == sender }?.name ?? sender
            parts.append(((sender == me ? "You are" : Console.printable(name) + " is") + " typing…", "3"))
        }
        guard !parts.isEmpty else { return nil }
        var line = ""
        var used = 0
        for (index, part) in parts.enumerated() {
            let separator = index == 0 ? "" : "  "
            let cells = DisplayWidth.of(separator + part.text)
            guard used + cells <= width else {
                if used + 1 <= width { line += "…" }
                break
            }
            used += cells
            line += separator + (color == nil ? part.text : "\u{1B}[\(part.sgr)m" + part.text + "\u{1B}[0m")
        }
        return line
    }
}
