import ScrollbackLayout
import ScrollbackMarkdown
import ScrollbackModel

/// What goes inside one bubble: forwarded note, reply quote, body, attachments.
struct BubbleContent {
    /// Columns inside the bubble's borders and padding.
    let width: Int
    /// Whether colour is on (links become OSC 8 hyperlinks).
    let colored: Bool
    /// Looks up a participant's colour for reply quotes.
    let layout: TranscriptLayout

    func lines(_ bubble: Bubble) -> [StyledLine] {
        let message = bubble.message
        var result: [StyledLine] = []
        let quiet = TextStyle(italic: true, foreground: .muted)
        if let forwarded = message.forwardedFrom {
            result += LineWrapper.wrap(
                [Span("↪ Forwarded from " + TerminalSafeText.oneLine(forwarded), quiet)], width: width)
        }
        if let reply = bubble.reply { result.append(replyLine(reply)) }
        if message.deleted {
            result += LineWrapper.wrap([Span("This message was deleted", quiet)], width: width)
            return result
        }
        if !message.text.isEmpty {
            let document =
                message.format == .plain ? MarkdownDocument.plain(message.text) : MarkdownDocument.parse(message.text)
            result += TerminalMarkdown(width: width, colored: colored).lines(document.blocks)
        }
        for attachment in message.attachments { result += attachmentLines(attachment) }
        return result.isEmpty ? [StyledLine()] : result
    }

    /// `▎Ben Okafor: Still on for Saturday?`, cut to one line.
    private func replyLine(_ reply: ReplyPreview) -> StyledLine {
        let barInk: TextStyle.Ink =
            reply.sender.flatMap { layout.participant($0)?.colorIndex }.map {
                .participant($0)
            } ?? .muted
        var line = StyledLine("▎", TextStyle(foreground: barInk))
        let text: String
        if reply.found {
            let name = TerminalSafeText.oneLine(reply.senderName ?? reply.sender ?? "")
            // The excerpt is the original's source text: show it as read, without Markdown punctuation.
            let excerpt = MarkdownDocument.parse(reply.excerpt).blocks.first.map(Self.plainText) ?? reply.excerpt
            text = (name.isEmpty ? "" : name + ": ") + TerminalSafeText.oneLine(excerpt)
        } else {
            text = "a message not in this log"
        }
        line.append(Self.truncate(text, to: width - 1), TextStyle(italic: true, foreground: .muted))
        return line
    }

    /// `📎 summit.jpg`, and the image's description when it has one.
    private func attachmentLines(_ attachment: Attachment) -> [StyledLine] {
        let source = attachment.path ?? attachment.url ?? ""
        let name = attachment.name ?? source.split(separator: "/").last.map(String.init) ?? source
        var nameStyle = TextStyle.plain
        if colored, let url = attachment.url, let target = ANSIWriter.hyperlinkTarget(url) {
            nameStyle = TextStyle(underline: true, foreground: .link, link: target)
        }
        var spans = [Span("📎 "), Span(TerminalSafeText.oneLine(name), nameStyle)]
        if let alt = attachment.alt, !alt.isEmpty {
            spans.append(Span(" — " + TerminalSafeText.oneLine(alt), TextStyle(italic: true, foreground: .muted)))
        }
        if let url = attachment.url, attachment.name != nil {
            spans.append(Span(" (" + TerminalSafeText.oneLine(url) + ")"))
        }
        return LineWrapper.wrap(spans, width: width)
    }

    private static func plainText(_ block: MarkdownBlock) -> String {
        switch block {
        case .paragraph(let inlines), .heading(_, let inlines): return inlines.plainText
        case .codeBlock(_, let code): return code
        case .blockQuote(let blocks): return blocks.first.map(plainText) ?? ""
        case .list(let list): return list.items.first?.blocks.first.map(plainText) ?? ""
        case .table(let table): return table.header.map(\.plainText).joined(separator: " ")
        case .thematicBreak: return ""
        case .htmlBlock(let html): return html
        }
    }

    /// `text` cut to `columns` with an ellipsis when it is longer.
    static func truncate(_ text: String, to columns: Int) -> String {
        if DisplayWidth.isPrintableASCII(text) {
            guard text.utf8.count > columns else { return text }
            return String(text.utf8.prefix(max(0, columns - 1)))! + "…"
        }
        let clusters = DisplayWidth.clusters(text)
        guard clusters.reduce(0, { $0 + $1.width }) > columns else { return text }
        var result = ""
        var used = 0
        for cluster in clusters {
            if used + cluster.width > columns - 1 { break }
            result += cluster.text
            used += cluster.width
        }
        return result + "…"
    }
}
