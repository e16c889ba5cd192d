import Scrollback

/// The typing bubble's markup: a bubble of three dots per sender who is typing, drawn with the
/// page's own chain and bubble classes so every theme styles it. Names are escaped text.
enum TypingBubble {
    static func html(_ senders: [String], layout: TranscriptLayout) -> String {
        var html = ""
        for sender in senders {
            let style = layout.participant(sender)
            let name = style?.name ?? sender
            let side = sender == layout.me ? "trailing" : "leading"
            html += "<div class=\"sb-chain sb-\(side) sb-typing\" data-sender=\"\(HTMLEscaping.attribute(sender))\">"
            html += "<div class=\"sb-msg sb-single sb-tail\"><div class=\"sb-line\">"
            if side == "leading" {
                html += "<span class=\"sb-avatar sb-color-\(style?.colorIndex ?? 0)\" aria-hidden=\"true\">"
                html += HTMLEscaping.text(style?.initials ?? ParticipantStyle.initials(of: sender))
                if let presence = style?.presence {
                    html += "<span class=\"sb-presence sb-\(presence.rawValue)\"></span>"
                }
                html += "</span>"
            }
            html += "<div class=\"sb-bubble sb-typing-bubble\">"
            html += "<span class=\"sb-sr\"><bdi>\(HTMLEscaping.text(sender == layout.me ? "You" : name))</bdi> "
            html += sender == layout.me ? "are typing</span>" : "is typing</span>"
            html += "<span class=\"sb-typing-dots\" aria-hidden=\"true\"><span></span><span></span><span></span></span>"
            html += "</div></div></div></div>"
        }
        return html
    }
}
