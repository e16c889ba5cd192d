import ScrollbackMarkdown
import ScrollbackModel

extension TranscriptLayout {
    /// What `bubble` shows: the one place where a message's visible elements are decided.
    package func presentation(of bubble: Bubble) -> MessagePresentation {
        // Plain loops and `if let` rather than `map(method)`: a method reference captures the whole
        // layout, which would be copied and released once per bubble.
        let message = bubble.message
        let isSystem = message.kind == .system
        let sender = isSystem ? nil : message.sender
        let style = sender.flatMap { participant($0) }
        let senderName = sender.map { style?.name ?? $0 }
        let speaker = sender == nil ? "Someone" : sender == me ? "You" : senderName ?? "Someone"
        let deleted = message.deleted
        var reply: ReplyPresentation?
        if let preview = bubble.reply { reply = replyPresentation(preview) }
        let service = isSystem ? nil : Self.service(message.meta)
        return MessagePresentation(
            id: message.id,
            repeatNumber: bubble.repeatNumber,
            kind: message.kind,
            sender: sender,
            senderName: senderName,
            speaker: speaker,
            text: deleted ? "" : message.text,
            format: message.format,
            timestamp: message.time,
            utcOffset: bubble.utcOffset,
            undated: undated,
            timeLabel: undated ? "" : bubble.timeLabel,
            showTime: bubble.showTime && !undated,
            position: bubble.position,
            tail: bubble.tail,
            avatar: bubble.avatar,
            presence: bubble.avatar ? style?.presence : nil,
            jumbo: bubble.jumbo,
            mediaOnly: Self.isMediaOnly(message),
            forwarded: message.forwardedFrom.map { PresentationWords.forwarded(from: $0) },
            topic: message.topic,
            reply: reply,
            edited: message.edited != nil && !deleted,
            revisions: deleted ? [] : revisionPresentations(message.revisions),
            deletedNotice: deleted ? PresentationWords.deleted : nil,
            status: bubble.status,
            statusLabel: bubble.status.map { PresentationWords.status($0) },
            archiveNote: message.missingFromLatestExport ? PresentationWords.missingFromLatestExport : nil,
            pinned: message.pinned && !deleted ? PresentationWords.pinned : nil,
            service: service,
            serviceLabel: bubble.marksService ? service.map { PresentationWords.service($0) } : nil,
            reactions: reactionPresentations(message.reactions),
            attachments: deleted ? [] : attachmentPresentations(message.attachments))
    }

    private func reactionPresentations(_ given: [Reaction]) -> [ReactionPresentation] {
        var reactions: [ReactionPresentation] = []
        if !given.isEmpty {
            reactions.reserveCapacity(given.count)
            for reaction in given { reactions.append(reactionPresentation(reaction)) }
        }
        return reactions
    }

    /// A deleted message's files are not shown; the caller passes none.
    private func attachmentPresentations(_ given: [Attachment]) -> [AttachmentPresentation] {
        var attachments: [AttachmentPresentation] = []
        if !given.isEmpty {
            let names = { (id: String) in self.speaker(id) }
            for attachment in given {
                let missing = !missingFiles.isEmpty && attachment.path.map { missingFiles.contains($0) } == true
                attachments.append(AttachmentPresentation.make(attachment, names: names, missing: missing))
            }
        }
        return attachments
    }

    private func revisionPresentations(_ given: [Revision]) -> [RevisionPresentation] {
        var revisions: [RevisionPresentation] = []
        for revision in given { revisions.append(revisionPresentation(revision)) }
        return revisions
    }

    /// The display name of a participant id (the id itself when unknown).
    public func displayName(_ id: String) -> String { participant(id)?.name ?? id }

    /// What screen readers hear before a message: "You", the sender's name, or "Someone".
    package func speaker(_ id: String?) -> String {
        guard let id else { return "Someone" }
        return id == me ? "You" : displayName(id)
    }

    /// The service a message's `meta.service` names, when it is one Messages colours by.
    static func service(_ meta: MetaValue?) -> String? {
        guard case .object(let fields)? = meta, case .string(let name)? = fields["service"] else { return nil }
        switch name.lowercased() {
        case "imessage": return "imessage"
        case "sms": return "sms"
        case "rcs": return "rcs"
        default: return nil
        }
    }

    /// Pictures and stickers with no words are drawn without a bubble.
    static func isMediaOnly(_ message: Message) -> Bool {
        !message.deleted && !message.attachments.isEmpty && message.text.allSatisfy(\.isWhitespace)
            && message.attachments.allSatisfy(\.isImage)
    }

    private func replyPresentation(_ reply: ReplyPreview) -> ReplyPresentation {
        guard reply.found else {
            return ReplyPresentation(
                id: reply.id, found: false, target: nil, sender: nil, senderName: nil,
                excerpt: PresentationWords.replyNotFound)
        }
        return ReplyPresentation(
            id: reply.id, found: true, target: PermalinkID.message(reply.id), sender: reply.sender,
            senderName: reply.sender.map(speaker), excerpt: Self.oneLine(reply.excerpt, styleTags: reply.readsStyleTags)
        )
    }

    private func reactionPresentation(_ reaction: Reaction) -> ReactionPresentation {
        var names: [String] = []
        for id in reaction.by { names.append(speaker(id)) }
        let count = NumberLimits.clamp(reaction.count, to: NumberLimits.count)
        let who = names.isEmpty ? String(count) : names.joined(separator: ", ")
        return ReactionPresentation(
            emoji: reaction.emoji, count: count, by: reaction.by, names: names,
            label: "\(who) reacted \(reaction.emoji)")
    }

    private func revisionPresentation(_ revision: Revision) -> RevisionPresentation {
        RevisionPresentation(
            text: revision.text,
            timeLabel: revision.time.map { time in
                let (date, second) = timeZone.wallClock(of: time)
                return date.description + " " + DateLabels.clock(secondOfDay: second)
            })
    }

    /// Markdown reduced to its words on one line (`**Saturday**` → `Saturday`); `styleTags` as
    /// `MarkdownDocument.parse` takes it.
    package static func oneLine(_ markdown: String, styleTags: Bool = false) -> String {
        guard !MarkdownDocument.isPlainText(markdown) else { return markdown }
        var words: [String] = []
        for block in MarkdownDocument.parse(markdown, styleTags: styleTags).blocks {
            let text = plainText(block)
            if !text.isEmpty { words.append(text) }
        }
        let text = words.joined(separator: " ")
        return text.isEmpty ? markdown : text
    }

    private static func plainText(_ block: MarkdownBlock) -> String {
        switch block {
        case .paragraph(let inlines), .heading(_, let inlines): return inlines.plainText
        case .codeBlock(_, let code): return code
        case .blockQuote(let blocks): return blocks.map(plainText).joined(separator: " ")
        case .list(let list): return list.items.flatMap(\.blocks).map(plainText).joined(separator: " ")
        case .table(let table): return table.header.map(\.plainText).joined(separator: " ")
        case .thematicBreak: return ""
        case .htmlBlock(let html): return html
        }
    }
}

/// The words the layout decides on, written once for every output.
package enum PresentationWords {
    package static let deleted = "This message was deleted"
    package static let edited = "Edited"
    package static let replyNotFound = "a message that is not in this export"
    package static let missingFromLatestExport = "Not in the latest export"
    package static let omitted = "left out of the export"
    package static let missingFile = "not in the export"
    package static let earlierVersions = "Earlier versions"
    package static let pinned = "Pinned"

    /// The name of the service a message went by (`imessage`, `sms`, `rcs`), as Messages writes it.
    package static func service(_ service: String) -> String {
        service == "imessage" ? "iMessage" : service.uppercased()
    }
    /// Beside a covered attachment's name, and on the cover itself.
    package static let spoiler = "spoiler"
    /// Beside a bot's or app's name.
    package static let bot = "BOT"

    /// "Forwarded from Ana".
    package static func forwarded(from name: String) -> String { "Forwarded from " + name }

    /// The words for a delivery status.
    package static func status(_ status: DeliveryStatus) -> String {
        switch status {
        case .sending: "Sending…"
        case .sent: "Sent"
        case .delivered: "Delivered"
        case .read: "Read"
        case .failed: "Not delivered"
        }
    }

    /// The kind of an attachment in words.
    package static func kind(_ kind: Attachment.Kind) -> String {
        switch kind {
        case .image: "Photo"
        case .video: "Video"
        case .audio: "Audio"
        case .voice: "Voice message"
        case .sticker: "Sticker"
        case .file: "File"
        case .link: "Link"
        case .poll: "Poll"
        case .location: "Location"
        case .contact: "Contact"
        }
    }

    /// `512 bytes`, `12 KB`, `3.4 MB` (powers of 1000, as file browsers show them).
    package static func byteCount(_ given: Int) -> String {
        let bytes = NumberLimits.clamp(given, to: NumberLimits.bytes)
        if bytes < 1000 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let rounded = value < 10 ? (value * 10).rounded() / 10 : value.rounded()
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return text + " " + units[unit]
    }

    /// `0:42`, `12:05`, `1:02:03`.
    package static func duration(_ seconds: Double) -> String {
        // Layout keeps durations within `NumberLimits.seconds`; anything else shows as its nearest end.
        let total = seconds.isNaN ? 0 : Int(min(max(seconds, 0), NumberLimits.seconds.upperBound).rounded())
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in (value < 10 ? "0" : "") + String(value) }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}
