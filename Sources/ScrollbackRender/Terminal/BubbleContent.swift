import ScrollbackLayout
import ScrollbackMarkdown
import ScrollbackModel

/// What goes inside one bubble, as the layout presents it: topic, forwarded note, reply quote,
/// deletion notice, body, attachments by kind, earlier versions.
struct BubbleContent {
    /// Columns inside the bubble's borders and padding.
    let width: Int
    /// Whether colour is on (links become OSC 8 hyperlinks).
    let colored: Bool
    /// Looks up a participant's colour for reply quotes.
    let layout: TranscriptLayout

    func lines(_ shown: MessagePresentation) -> [StyledLine] {
        var result: [StyledLine] = []
        let quiet = TextStyle(italic: true, foreground: .muted)
        if let topic = shown.topic {
            result += LineWrapper.wrap([Span("# " + TerminalSafeText.oneLine(topic), quiet)], width: width)
        }
        if let forwarded = shown.forwarded {
            result += LineWrapper.wrap([Span("↪ " + TerminalSafeText.oneLine(forwarded), quiet)], width: width)
        }
        if let reply = shown.reply { result.append(replyLine(reply)) }
        if let notice = shown.deletedNotice {
            result += LineWrapper.wrap([Span(notice, quiet)], width: width)
        }
        if !shown.text.isEmpty {
            let document =
                shown.format == .plain
                ? MarkdownDocument.plain(shown.text)
                : MarkdownDocument.parse(shown.text, styleTags: shown.format.readsStyleTags)
            result += TerminalMarkdown(width: width, colored: colored).lines(document.blocks)
        }
        for attachment in shown.attachments { result += attachmentLines(attachment) }
        if !shown.revisions.isEmpty {
            result += LineWrapper.wrap([Span(PresentationWords.earlierVersions + ":", quiet)], width: width)
            for revision in shown.revisions {
                let when = revision.timeLabel.map { $0 + " " } ?? ""
                result += LineWrapper.wrap(
                    [Span("· " + when + TerminalSafeText.oneLine(revision.text), quiet)], width: width)
            }
        }
        return result.isEmpty ? [StyledLine()] : result
    }

    /// `▎Ben Okafor: Still on for Saturday?`, cut to one line.
    private func replyLine(_ reply: ReplyPresentation) -> StyledLine {
        let barInk: TextStyle.Ink =
            reply.sender.flatMap { layout.participant($0)?.colorIndex }.map {
                .participant($0)
            } ?? .muted
        var line = StyledLine("▎", TextStyle(foreground: barInk))
        let name = TerminalSafeText.oneLine(reply.senderName ?? "")
        let text = (name.isEmpty ? "" : name + ": ") + TerminalSafeText.oneLine(reply.excerpt)
        line.append(Self.truncate(text, to: width - 1), TextStyle(italic: true, foreground: .muted))
        return line
    }

    /// An attachment by its kind: a card's title, description and site; a poll's options; else
    /// the attachment's one-line label (`🎬 Video: clip.mp4 · 4.2 MB · 0:42`), linked where it can be.
    private func attachmentLines(_ attachment: AttachmentPresentation) -> [StyledLine] {
        let muted = TextStyle(italic: true, foreground: .muted)
        var nameStyle = TextStyle.plain
        let target = attachment.kind == .location ? attachment.mapURL : attachment.url
        if colored, let target, let link = ANSIWriter.hyperlinkTarget(target) {
            nameStyle = TextStyle(underline: true, foreground: .link, link: link)
        }
        let icon = Self.icon(attachment.kind) + " "
        switch attachment.kind {
        case .link:
            var titleStyle = nameStyle
            titleStyle.bold = true
            var lines = LineWrapper.wrap(
                [Span(icon), Span(TerminalSafeText.oneLine(attachment.name), titleStyle)], width: width)
            if let description = attachment.description, !description.isEmpty {
                lines += LineWrapper.wrap([Span(TerminalSafeText.oneLine(description), muted)], width: width)
            }
            let source = [attachment.siteName, attachment.url].compactMap { $0 }.filter { $0 != attachment.name }
            if !source.isEmpty {
                lines += LineWrapper.wrap(
                    [Span(TerminalSafeText.oneLine(source.joined(separator: " · ")), muted)], width: width)
            }
            return lines
        case .poll:
            guard let poll = attachment.poll else { break }
            var lines = LineWrapper.wrap(
                [Span(icon), Span(TerminalSafeText.oneLine(poll.question), TextStyle(bold: true))], width: width)
            // An option's words and its voters sit two columns in, under the words after its `▪`.
            for option in poll.options {
                lines += indented(
                    [
                        Span(TerminalSafeText.oneLine(option.text)),
                        Span(" — \(option.votes) (\(option.percent)%)", TextStyle(foreground: .muted)),
                    ], first: "▪ ")
                if !option.names.isEmpty {
                    lines += indented([Span(TerminalSafeText.oneLine(option.names.joined(separator: ", ")), muted)])
                }
            }
            lines += LineWrapper.wrap([Span(poll.summary, muted)], width: width)
            return lines
        default: break
        }
        var spans = [Span(icon), Span(TerminalSafeText.oneLine(attachment.label), nameStyle)]
        if let alt = attachment.alt, !alt.isEmpty, alt != attachment.name {
            spans.append(Span(" — " + TerminalSafeText.oneLine(alt), muted))
        }
        if let url = attachment.url, attachment.kind != .location, !attachment.label.contains(url) {
            spans.append(Span(" (" + TerminalSafeText.oneLine(url) + ")"))
        }
        return LineWrapper.wrap(spans, width: width)
    }

    /// `spans` wrapped two columns narrower and drawn two columns in: the first line after
    /// `first`, the others under it.
    private func indented(_ spans: [Span], first: String = "  ") -> [StyledLine] {
        LineWrapper.wrap(spans, width: max(1, width - 2)).enumerated().map { index, line in
            var shown = StyledLine(index == 0 ? first : "  ")
            shown.spans += line.spans
            shown.width += line.width
            return shown
        }
    }

    /// The symbol a terminal draws before an attachment of each kind.
    static func icon(_ kind: Attachment.Kind) -> String {
        switch kind {
        case .image: "📷"
        case .video: "🎬"
        case .audio: "🎵"
        case .voice: "🎤"
        case .sticker: "🔖"
        case .file: "📎"
        case .link: "🔗"
        case .poll: "📊"
        case .location: "📍"
        case .contact: "👤"
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
