import ScrollbackLayout
import ScrollbackMarkdown
import ScrollbackModel

/// The state of one page render: the layout, options, and caches shared by every message.
///
/// A class because the template contexts of all messages share one media cache and
/// one Markdown writer without copying them.
final class HTMLRenderSession {
    let layout: TranscriptLayout
    let options: HTMLOptions
    let page: PageContext
    private var markdown: MarkdownHTML
    /// The page's chains written ahead on the other cores, for pages with many messages.
    var chainsAhead: ChainsAhead?
    /// The sender of the previous bubble: chains repeat it, so most bubbles skip the look-ups.
    private var lastSender: (id: String?, strings: SenderStrings)?
    /// CSS class per participant id whose avatar image is inlined once in the page's style.
    let avatarClasses: [String: String]
    /// `.sb-avatar-N { background-image: … }` rules for those avatars.
    let avatarCSS: String

    /// What a session computes once for its page and never changes: another session of the same
    /// page (a thread writing chains ahead) starts from it.
    struct Shared: Sendable {
        let layout: TranscriptLayout
        let options: HTMLOptions
        let page: PageContext
        let media: MediaResolver
        let avatarClasses: [String: String]
        let avatarCSS: String
    }

    var shared: Shared {
        Shared(
            layout: layout, options: options, page: page, media: markdown.media, avatarClasses: avatarClasses,
            avatarCSS: avatarCSS)
    }

    init(layout: TranscriptLayout, options: HTMLOptions, page: PageContext) {
        self.layout = layout
        self.options = options
        self.page = page
        var media = MediaResolver(options: options, siteHref: page.mediaHref)
        media.refusedMembers = Set(media.inlineRefusals(Self.uses(layout)).map(\.member))
        markdown = MarkdownHTML(media: media)
        var avatarClasses: [String: String] = [:]
        var avatarCSS = ""
        for (offset, participant) in layout.participants.enumerated() {
            guard let avatar = participant.avatar, avatarClasses[participant.id] == nil,
                let image = markdown.media.image(avatar)
            else { continue }
            let name = "sb-avatar-\(offset)"
            avatarClasses[participant.id] = name
            avatarCSS += ".\(name){background-image:url(\"\(Self.cssURL(image.source))\")}\n"
        }
        self.avatarClasses = avatarClasses
        self.avatarCSS = avatarCSS
    }

    /// A session for another thread writing part of the same page.
    init(_ shared: Shared) {
        layout = shared.layout
        options = shared.options
        page = shared.page
        markdown = MarkdownHTML(media: shared.media)
        avatarClasses = shared.avatarClasses
        avatarCSS = shared.avatarCSS
    }

    /// A URL for a double-quoted CSS string: the URL is a data: URL or a path we checked, but a file
    /// name may still hold a quote, backslash, `<` or line break, which would end the string or the
    /// style element; each is percent-encoded, which a browser decodes back to the same file.
    static func cssURL(_ source: String) -> String {
        var result = ""
        for scalar in source.unicodeScalars {
            switch scalar {
            case "\\", "\"", "<", "\u{7F}",
                _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A message body as HTML.
    func body(_ message: Message) -> String {
        var bytes: [UInt8] = []
        writeBody(message, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends a message body's HTML to `output`.
    func writeBody(_ message: Message, to output: inout [UInt8]) {
        // Plain bodies are only escaped: cheaper here than handed over from another thread.
        if message.format == .plain || MarkdownDocument.isPlainText(message.text) {
            PlainBodyHTML.write(message.text, to: &output)
            return
        }
        Self.writeBody(message, markdown: &markdown, to: &output)
    }

    /// Appends a message body's HTML to `output`, with `markdown` (and its media cache) as the writer.
    static func writeBody(_ message: Message, markdown: inout MarkdownHTML, to output: inout [UInt8]) {
        if message.format == .plain || MarkdownDocument.isPlainText(message.text) {
            // Most chat messages: escape and write, no document tree.
            PlainBodyHTML.write(message.text, to: &output)
            return
        }
        let document = MarkdownDocument.parse(message.text, styleTags: message.format.readsStyleTags)
        markdown.html.removeAll(keepingCapacity: true)
        markdown.blocks(document.blocks)
        output.append(contentsOf: markdown.html)
    }

    /// A system line's words as inline HTML: Markdown without paragraphs, blocks joined by a space.
    func writeInlineBody(_ message: Message, to output: inout [UInt8]) {
        if message.format == .plain || MarkdownDocument.isPlainText(message.text) {
            var text = message.text
            text.withUTF8 { HTMLEscaping.append($0, quotes: false, to: &output) }
            return
        }
        markdown.html.removeAll(keepingCapacity: true)
        let document = MarkdownDocument.parse(message.text, styleTags: message.format.readsStyleTags)
        for (index, block) in document.blocks.enumerated() {
            if index > 0 { markdown.html.append(UInt8(ascii: " ")) }
            switch block {
            case .paragraph(let inlines), .heading(_, let inlines): markdown.inlines(inlines)
            default: markdown.block(block)
            }
        }
        output.append(contentsOf: markdown.html)
    }

    /// The references the page shows, in order (see `ZipInlineBudget.uses`).
    private static func uses(_ layout: TranscriptLayout) -> [String] {
        var uses = layout.participants.compactMap(\.avatar)
        for day in layout.days {
            for chain in day.chains {
                for bubble in chain.bubbles {
                    for attachment in bubble.message.attachments where !attachment.omitted {
                        if let reference = attachment.path ?? attachment.url { uses.append(reference) }
                    }
                }
            }
        }
        return uses
    }

    /// The image at `reference`, if the page may show it.
    func image(_ reference: String) -> MediaResolver.Resolved? { markdown.media.image(reference) }

    /// Finds the files a page can load or link to.
    var media: MediaResolver { markdown.media }

    /// The display name of a participant id (the id itself when unknown).
    func name(_ id: String?) -> String {
        guard let id else { return "" }
        return layout.displayName(id)
    }

    /// The avatar's classes: its inlined image, else the participant's colour.
    func avatarClass(_ id: String?) -> String {
        guard let id else { return "" }
        if let image = avatarClasses[id] { return "sb-avatar-image " + image }
        return "sb-color-\(layout.participant(id)?.colorIndex ?? 0)"
    }

    /// One or two letters for an avatar without an image.
    func initials(_ id: String?) -> String {
        guard let id else { return "?" }
        return layout.participant(id)?.initials ?? ParticipantStyle.initials(of: id)
    }

    /// What a bubble shows of its sender: `speaker`, `avatarClass` and `initials` together.
    struct SenderStrings {
        let speaker: String
        let avatarClass: String
        let initials: String
    }

    /// `speaker`, `avatarClass` and `initials` of `id`, remembered for the next bubble.
    func sender(_ id: String?) -> SenderStrings {
        if let lastSender, lastSender.id == id { return lastSender.strings }
        let strings = SenderStrings(
            speaker: layout.speaker(id), avatarClass: avatarClass(id), initials: initials(id))
        lastSender = (id, strings)
        return strings
    }
}
