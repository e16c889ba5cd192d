import ScrollbackLayout
import ScrollbackModel

/// One attachment, drawn by its kind: an inline image, a video or audio player, a link card, a
/// poll, a place, a contact card, or a file chip that links to the file where it can be reached.
///
/// What is shown comes from the layout's `AttachmentPresentation`; this type only finds what a
/// page can load (a site's copy, an inlined `data:` URL, a path) and spells it for the template.
struct AttachmentContext: HTMLContext {
    let attachment: AttachmentPresentation
    let session: HTMLRenderSession
    /// How the page draws it, decided from the kind and what could be loaded.
    private let drawing: Drawing

    private enum Drawing {
        case image(MediaResolver.Resolved)
        case player(MediaResolver.Resolved)
        case card, poll, place, contact
        case chip(href: String?, remote: Bool, download: Bool, missing: Bool)
    }

    init(attachment: AttachmentPresentation, session: HTMLRenderSession) {
        self.attachment = attachment
        self.session = session
        self.drawing = Self.drawing(attachment, session)
    }

    private static func drawing(_ attachment: AttachmentPresentation, _ session: HTMLRenderSession) -> Drawing {
        switch attachment.kind {
        case .link: return .card
        case .poll where attachment.poll != nil: return .poll
        case .location where attachment.mapURL != nil: return .place
        case .contact: return .contact
        default: break
        }
        let reference = attachment.path ?? attachment.url
        // A file the export does not hold is a chip that says so (the layout decided it).
        let missing = attachment.missingNote != nil
        if !attachment.omitted, !missing, let reference {
            switch attachment.kind {
            case .image, .sticker:
                if let image = session.image(reference) { return .image(image) }
            case .video, .audio, .voice:
                if let media = session.media.file(reference, beyondLimit: false) { return .player(media) }
            default: break
            }
        }
        if attachment.omitted || missing || reference == nil {
            return .chip(href: nil, remote: false, download: false, missing: missing)
        }
        if let path = attachment.path {
            if let file = session.media.file(path, beyondLimit: true) {
                // An HTML, SVG or script file is saved when clicked, never opened as a page.
                let download = file.source.hasPrefix("data:") || MediaPolicy.isActive(path)
                return .chip(href: file.source, remote: false, download: download, missing: false)
            }
            return .chip(href: nil, remote: false, download: false, missing: false)
        }
        if let url = attachment.url, LinkPolicy.kind(of: url) == .remote {
            return .chip(href: url, remote: true, download: false, missing: false)
        }
        return .chip(href: nil, remote: false, download: false, missing: false)
    }

    func value(_ name: HTMLName) -> MustacheValue? {
        switch name {
        case .image, .player, .card, .place, .contact, .chip, .remote, .download, .missing:
            return .bool(drawingFlag(name))
        case .poll:
            guard case .poll = drawing, let poll = attachment.poll else { return .null }
            return .object(PollContext(poll: poll))
        case .sticker: return .bool(attachment.kind == .sticker)
        case .spoiler: return .bool(attachment.spoiler)
        case .spoilerLabel: return .string(PresentationWords.spoiler)
        case .video: return .bool(attachment.kind == .video)
        case .kind: return .string(attachment.kind.rawValue)
        case .kindLabel: return .string(attachment.kindLabel)
        case .src:
            switch drawing {
            case .image(let resolved), .player(let resolved): return .string(resolved.source)
            default: return .string("")
            }
        case .alt: return .string(attachment.alt ?? attachment.name)
        case .caption:
            // An image's words, shown beside its chip when the picture itself is not drawn.
            guard let alt = attachment.alt, !alt.isEmpty, alt != attachment.name else { return .string("") }
            return .string(alt)
        case .width:
            if case .image(let resolved) = drawing {
                return .string((attachment.width ?? resolved.width).map(String.init) ?? "")
            }
            return .string(attachment.width.map(String.init) ?? "")
        case .height:
            if case .image(let resolved) = drawing {
                return .string((attachment.height ?? resolved.height).map(String.init) ?? "")
            }
            return .string(attachment.height.map(String.init) ?? "")
        case .name: return .string(attachment.name)
        case .size: return .string(attachment.sizeLabel ?? "")
        case .duration: return .string(attachment.durationLabel ?? "")
        case .omitted: return .string(attachment.omittedNote ?? "")
        case .missingNote: return .string(attachment.missingNote ?? "")
        case .emoji:
            // A sticker's emoji is its icon, unless it is already the name or the caption shown.
            guard attachment.kind == .sticker, let emoji = attachment.emoji, emoji != attachment.name,
                emoji != attachment.alt
            else { return .string("") }
            return .string(emoji)
        case .siteName: return .string(attachment.siteName ?? "")
        case .description: return .string(attachment.description ?? "")
        // A place named by its coordinates shows them once.
        case .placeLabel: return .string(attachment.placeLabel.flatMap { $0 == attachment.name ? nil : $0 } ?? "")
        case .href: return .string(href)
        case .phones:
            return .list(attachment.phones.map { .object(LinkedText(text: $0, href: "tel:" + Self.dialable($0))) })
        case .emails: return .list(attachment.emails.map { .object(LinkedText(text: $0, href: "mailto:" + $0)) })
        default: return nil
        }
    }

    /// Whether the attachment is drawn as `name` says (`image`, `player`, `card`, `place`,
    /// `contact`, `chip`), and a chip's `remote`, `download` and `missing` flags.
    private func drawingFlag(_ name: HTMLName) -> Bool {
        switch (name, drawing) {
        case (.image, .image), (.player, .player), (.card, .card), (.place, .place), (.contact, .contact),
            (.chip, .chip):
            return true
        case (.remote, .chip(_, let remote, _, _)): return remote
        case (.download, .chip(_, _, let download, _)): return download
        case (.missing, .chip(_, _, _, let missing)): return missing
        default: return false
        }
    }

    /// Where the attachment links: a card's web page (only a remote one), a place's map, a chip's file.
    private var href: String {
        switch drawing {
        case .card:
            guard let url = attachment.url, LinkPolicy.kind(of: url) == .remote else { return "" }
            return url
        case .place: return attachment.mapURL ?? ""
        case .chip(let href, _, _, _): return href ?? ""
        default: return ""
        }
    }

    /// A phone number as a `tel:` URL allows: digits, and a leading `+`.
    private static func dialable(_ number: String) -> String {
        String(number.filter { $0.isASCII && ($0.isNumber || $0 == "+") })
    }
}

/// A poll's question, options and summary.
struct PollContext: HTMLContext {
    let poll: PollPresentation

    func value(_ name: HTMLName) -> MustacheValue? {
        switch name {
        case .question: .string(poll.question)
        case .summary: .string(poll.summary)
        case .options: .list(poll.options.map { .object(PollOptionContext(option: $0)) })
        default: nil
        }
    }
}

/// One answer of a poll.
struct PollOptionContext: HTMLContext {
    let option: PollOptionPresentation

    func value(_ name: HTMLName) -> MustacheValue? {
        switch name {
        case .text: .string(option.text)
        case .votes: .string(String(option.votes))
        case .percent: .string(String(option.percent))
        // Who voted for it, when the log says: `.null` (not `nil`) so no outer `by` answers instead.
        case .by: option.names.isEmpty ? .null : .string(option.names.joined(separator: ", "))
        default: nil
        }
    }
}

/// A phone number or address with the link that dials or writes to it.
struct LinkedText: HTMLContext {
    let text: String
    let href: String

    func value(_ name: HTMLName) -> MustacheValue? {
        switch name {
        case .text: .string(text)
        case .href: .string(href)
        default: nil
        }
    }
}
