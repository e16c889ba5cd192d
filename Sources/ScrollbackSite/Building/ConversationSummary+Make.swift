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
            let flat = message.text.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
            if flat.isEmpty, let file = message.attachments.first {
                return "📎 " + (file.name ?? file.alt ?? "Attachment")
            }
            return flat.count > 140 ? String(flat.prefix(139)) + "…" : flat
        }
        return ConversationSummary(
            title: title,
            participants: layout.participants.map { $0.isMe ? $0.name + " (you)" : $0.name },
            messageCount: outline.count,
            firstDate: layout.undated ? nil : outline.firstDay?.description,
            lastDate: layout.undated ? nil : outline.lastDay?.description,
            lastTime: last?.message.time.seconds,
            lastSender: last.flatMap { $0.message.sender.map { layout.participant($0)?.name ?? $0 } },
            lastText: lastText, newestHref: newestHref, months: layout.undated ? [] : outline.months)
    }
}
