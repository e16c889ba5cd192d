import ScrollbackLayout
import ScrollbackModel

/// `message.mustache`'s names for one bubble: the layout's presentation of it, drawn as HTML.
///
/// Every value comes from `MessagePresentation`; this type only spells it for the template
/// (and resolves files to what a page can load). The body's HTML is made only when asked.
struct BubbleContext: HTMLContext, MustacheRawWriter {
    /// The presentation and its message, boxed: the template copies this context into a value
    /// per section, and one reference is cheaper to copy than every field of a presentation.
    private let box: Box
    let session: HTMLRenderSession

    private final class Box {
        let shown: MessagePresentation
        let message: Message
        init(_ shown: MessagePresentation, _ message: Message) {
            self.shown = shown
            self.message = message
        }
    }

    /// What the bubble shows.
    var shown: MessagePresentation { box.shown }

    init(bubble: Bubble, session: HTMLRenderSession) {
        self.box = Box(session.layout.presentation(of: bubble), bubble.message)
        self.session = session
    }

    func value(_ name: HTMLName) -> MustacheValue? {
        if let flag = flag(name) { return .bool(flag) }
        if let text = text(name) { return .string(text) }
        switch name {
        case .body: return .string(session.body(box.message))
        case .inlineBody:
            var bytes: [UInt8] = []
            session.writeInlineBody(box.message, to: &bytes)
            return .string(String(decoding: bytes, as: UTF8.self))
        case .reply: return box.shown.reply.map { .object(ReplyContext(reply: $0, session: session)) } ?? .null
        case .reactions: return .list(box.shown.reactions.map { .object(ReactionContext(reaction: $0)) })
        case .attachments:
            return .list(box.shown.attachments.map { .object(AttachmentContext(attachment: $0, session: session)) })
        case .revisions: return .list(box.shown.revisions.map { .object(RevisionContext(revision: $0)) })
        default: return nil
        }
    }

    /// The names answered with a flag: the presentation's declared ones (`declaredFlag`, generated
    /// from `MessagePresentation`), then these. The generated message writer reads these (and
    /// `text`) directly, without boxing a `MustacheValue`; `scripts/generate-message-writer.py`
    /// finds which names they are by reading both switches.
    func flag(_ name: HTMLName) -> Bool? {
        if let flag = declaredFlag(name) { return flag }
        return switch name {
        case .isSystem: box.shown.kind == .system
        case .deleted: box.shown.deletedNotice != nil
        case .undated: session.layout.undated
        case .showTime: box.shown.metaShown
        case .hasReactions: !box.shown.reactions.isEmpty
        case .hasRevisions: !box.shown.revisions.isEmpty
        case .status: box.shown.status != nil
        case .failed: box.shown.status == .failed
        default: nil
        }
    }

    /// The names answered with text (see `flag`).
    func text(_ name: HTMLName) -> String? {
        if let text = declaredText(name) { return text }
        return switch name {
        case .anchor: box.shown.anchor
        case .editedLabel: PresentationWords.edited
        case .isoTime: box.shown.time
        case .avatarClass: session.sender(box.shown.sender).avatarClass
        case .initials: session.sender(box.shown.sender).initials
        case .presenceLabel: box.shown.presence?.label ?? ""
        case .revisionsLabel: PresentationWords.earlierVersions
        default: nil
        }
    }

    /// The names the generated writer appends straight into the page's buffer (see `flag`),
    /// making no string: each is written once or twice per message and is safe as it is in
    /// text and in attribute values (`[A-Za-z0-9._~-]`, and RFC 3339's digits and signs).
    func write(_ name: HTMLName, into out: inout MustacheOutput) -> Bool {
        switch name {
        case .anchor: PermalinkID.appendMessage(box.shown.id, repeatNumber: box.shown.repeatNumber, to: &out.bytes)
        case .isoTime:
            if !box.shown.undated { box.shown.timestamp.appendRFC3339(utcOffset: box.shown.utcOffset, to: &out.bytes) }
        default: return false
        }
        return true
    }

    /// `{{{body}}}` goes straight into the page's buffer: no `String` per message.
    func writeRaw(_ name: MustacheName, to buffer: inout MustacheOutput) -> Bool {
        switch HTMLName(name) {
        case .body: writeBody(into: &buffer)
        case .inlineBody: session.writeInlineBody(box.message, to: &buffer.bytes)
        default: return false
        }
        return true
    }

    /// The body's HTML, written into the page's buffer.
    func writeBody(into buffer: inout MustacheOutput) {
        session.writeBody(box.message, to: &buffer.bytes)
    }

    /// A system line's words as inline HTML, written into the page's buffer.
    func writeInlineBody(into buffer: inout MustacheOutput) {
        session.writeInlineBody(box.message, to: &buffer.bytes)
    }
}

/// A reply's quote of the message it answers.
struct ReplyContext: HTMLContext {
    let reply: ReplyPresentation
    let session: HTMLRenderSession

    func value(_ name: HTMLName) -> MustacheValue? {
        switch name {
        case .href: .string(reply.found ? session.page.messageHref(reply.id) : "")
        case .found: .bool(reply.found)
        case .senderName: .string(reply.senderName ?? "")
        case .excerpt: .string(reply.excerpt)
        default: nil
        }
    }
}

/// One reaction chip.
struct ReactionContext: HTMLContext {
    let reaction: ReactionPresentation

    func value(_ name: HTMLName) -> MustacheValue? {
        switch name {
        case .emoji: .string(reaction.emoji)
        case .count: .string(String(reaction.count))
        case .many: .bool(reaction.count > 1)
        case .by: .string(reaction.names.joined(separator: ", "))
        case .label: .string(reaction.label)
        default: nil
        }
    }
}

/// One earlier version of an edited message.
struct RevisionContext: HTMLContext {
    let revision: RevisionPresentation

    func value(_ name: HTMLName) -> MustacheValue? {
        switch name {
        case .text: .string(revision.text)
        case .when: .string(revision.timeLabel ?? "")
        default: nil
        }
    }
}
