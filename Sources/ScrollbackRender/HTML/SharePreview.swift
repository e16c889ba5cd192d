import ScrollbackLayout
import ScrollbackMarkdown
import ScrollbackModel

/// What a page's link shows where it is pasted (the `description` and Open Graph / Twitter card
/// tags): who is in it, the days it covers and its first words — only what the page itself shows,
/// so a redacted page previews redacted.
package enum SharePreview {
    /// At most this many characters of the first message, cut at a word.
    static let firstWordsLimit = 160

    /// `Ana Lima, Ben Okafor · Saturday, November 28, 2026 – Monday, November 30, 2026 · Still on for Saturday?`
    static func description(_ layout: TranscriptLayout, title: String) -> String {
        var parts: [String] = []
        // A group's page lists everyone under the title; a two-person page names the others.
        let people = layout.participants.filter { layout.isGroup || !$0.isMe }.map(\.name)
        let names = people.joined(separator: ", ")
        if !names.isEmpty && names != title { parts.append(names) }
        if !layout.undated, let first = layout.days.first, let last = layout.days.last {
            parts.append(first.date == last.date ? first.label : first.label + " – " + last.label)
        }
        if let words = firstWords(layout) { parts.append(words) }
        return parts.joined(separator: " · ")
    }

    /// The first words of the first message the page shows with text.
    private static func firstWords(_ layout: TranscriptLayout) -> String? {
        guard let place = firstWordsPlace(layout) else { return nil }
        return shortened(plain(layout.days[place.day].chains[place.chain].bubbles[place.bubble].message))
    }

    /// Where the message is whose first words the preview shows: the first message the page
    /// shows with text. A page whose days up to it are the same previews the same.
    package static func firstWordsPlace(_ layout: TranscriptLayout) -> (day: Int, chain: Int, bubble: Int)? {
        for (dayIndex, day) in layout.days.enumerated() {
            for (chainIndex, chain) in day.chains.enumerated() where chain.kind == .message {
                for (index, bubble) in chain.bubbles.enumerated()
                where !bubble.message.hidden && !bubble.message.deleted && !plain(bubble.message).isEmpty {
                    return (dayIndex, chainIndex, index)
                }
            }
        }
        return nil
    }

    private static func plain(_ message: Message) -> String {
        let raw: String
        if message.format == .plain || MarkdownDocument.isPlainText(message.text) {
            raw = message.text
        } else {
            raw = MarkdownDocument.parse(message.text, styleTags: message.format.readsStyleTags).blocks.compactMap {
                block -> String? in
                switch block {
                case .paragraph(let inlines), .heading(_, let inlines): return inlines.plainText
                default: return nil
                }
            }.joined(separator: " ")
        }
        return raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func shortened(_ text: String) -> String {
        guard text.count > firstWordsLimit else { return text }
        let cut = text.prefix(firstWordsLimit)
        let atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return atWord + "…"
    }
}
