import ScrollbackLayout
import ScrollbackRender

extension ConversationBuilder {
    /// What the index shows of a conversation: counts, dates, the last message, messages per month.
    static func summary(layout: TranscriptLayout, outline: ConversationOutline, title: String) -> ConversationSummary {
        let last = outline.last
        let newestPage = outline.pages.last?.name ?? "calendar.html"
        let newestHref = newestPage + (last.map { "#" + PermalinkID.message($0.message.id) } ?? "")
        let lastText = last.map { bubble -> String in
            let message = bubble.message
            if message.deleted { return "This message was deleted" }
            let joined = message.text.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
            // The words a reader sees: Markdown marks read, spoilers kept hidden.
            let flat = TranscriptLayout.oneLine(
                ReplyPreview.hidingSpoilers(joined), styleTags: message.format.readsStyleTags)
            if flat.isEmpty, let file = message.attachments.first {
                return "📎 " + (file.name ?? file.alt ?? "Attachment")
            }
            return flat.count > 140 ? String(flat.prefix(139)) + "…" : flat
        }
        return ConversationSummary(
            title: title, topic: layout.topic,
            participants: shownNames(layout.participants),
            messageCount: outline.count,
            firstDate: layout.undated ? nil : outline.firstDay?.description,
            lastDate: layout.undated ? nil : outline.lastDay?.description,
            lastTime: last?.message.time.seconds,
            lastSender: last.flatMap { $0.message.sender.map { layout.participant($0)?.name ?? $0 } },
            lastText: lastText, newestHref: newestHref, months: layout.undated ? [] : outline.months)
    }

    /// Each name once (a bot that posts under two ids is one name to a reader), `me` marked
    /// "(you)" unless the name says so already.
    private static func shownNames(_ participants: [ParticipantStyle]) -> [String] {
        var seen = Set<String>()
        var names: [String] = []
        for participant in participants {
            let name = participant.isMe && participant.name != "You" ? participant.name + " (you)" : participant.name
            if seen.insert(name).inserted { names.append(name) }
        }
        return names
    }
}
