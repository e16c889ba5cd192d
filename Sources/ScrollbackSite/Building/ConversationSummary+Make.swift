import ScrollbackLayout
import ScrollbackRender

extension ConversationBuilder {
    /// What the index shows of a conversation: counts, dates, the last message, messages per month.
    static func summary(layout: TranscriptLayout, plan: PagePlan, title: String) -> ConversationSummary {
        var months: [MonthCount] = []
        var count = 0
        var last: Bubble?
        for day in plan.days {
            let month = String(day.date.description.prefix(7))
            let n = day.chains.reduce(0) { $0 + $1.bubbles.count }
            count += n
            if months.last?.month == month {
                months[months.count - 1].count += n
            } else {
                months.append(MonthCount(month: month, count: n))
            }
            if let bubble = day.chains.last?.bubbles.last { last = bubble }
        }
        let newestPage = plan.pages.last?.name ?? "calendar.html"
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
            messageCount: count,
            firstDate: layout.undated ? nil : plan.pages.first?.days.first?.date.description,
            lastDate: layout.undated ? nil : plan.pages.last?.days.last?.date.description,
            lastTime: last?.message.time.seconds,
            lastSender: last.flatMap { $0.message.sender.map { layout.participant($0)?.name ?? $0 } },
            lastText: lastText, newestHref: newestHref, months: layout.undated ? [] : months)
    }
}
