import Scrollback

/// The line `follow` shows under the transcript on a terminal while someone is typing
/// (`Ben Okafor is typing…`). Presence needs no line of its own: the transcript's avatar dots
/// show it, and the transcript is drawn again when it changes.
///
/// It is drawn only while following; when the stream ends the screen is the one-shot render.
enum FollowStatus {
    /// The status line for `typing` (sender ids) within `width` columns, or `nil` when nobody is typing.
    static func line(
        _ transcript: Transcript, typing: [String], me: String?, width: Int, color: TerminalOptions.ColorDepth?
    ) -> String? {
        let me = me ?? transcript.me
        let names = typing.map { sender -> String in
            if sender == me { return "You" }
            return Console.printable(transcript.participants.first { $0.id == sender }?.name ?? sender)
        }
        guard !names.isEmpty else { return nil }
        let verb = names == ["You"] ? " are typing…" : names.count == 1 ? " is typing…" : " are typing…"
        var text = names.joined(separator: ", ") + verb
        if DisplayWidth.of(text) > width {
            var clipped = ""
            for character in text {
                if DisplayWidth.of(clipped + String(character)) > width - 1 { break }
                clipped.append(character)
            }
            text = clipped + "…"
        }
        return color == nil ? text : "\u{1B}[3m" + text + "\u{1B}[0m"
    }
}
