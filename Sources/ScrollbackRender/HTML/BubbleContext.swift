import ScrollbackLayout
import ScrollbackModel

/// `message.mustache`'s names for one bubble: the layout's presentation of it, drawn as HTML.
///
/// Every value comes from `MessagePresentation`; this type only spells it for the template
/// (and resolves files to what a page can load). The body's HTML is made only when asked.
struct BubbleContext: HTMLContext, MustacheRawWriter, MustacheCompiledPartial {
    let shown: MessagePresentation
    let message: Message
    let session: HTMLRenderSession

    init(bubble: Bubble, session: HTMLRenderSession) {
        self.shown = session.layout.presentation(of: bubble)
        self.message = bubble.message
        self.session = session
    }

    func value(_ name: HTMLName) -> MustacheValue? {
        switch name {
        case .isSystem: return .bool(shown.kind == .system)
        case .anchor: return .string(shown.anchor)
        case .id: return .string(shown.id)
        case .position: return .string(shown.position.rawValue)
        case .tail: return .bool(shown.tail)
        case .jumbo: return .bool(shown.jumbo)
        case .deleted: return .bool(shown.deletedNotice != nil)
        case .deletedNotice: return .string(shown.deletedNotice ?? "")
        case .edited: return .bool(shown.edited)
        case .editedLabel: return .string(PresentationWords.edited)
        case .text: return .string(shown.text)
        case .body: return .string(session.body(message))
        case .inlineBody:
            var bytes: [UInt8] = []
            session.writeInlineBody(message, to: &bytes)
            return .string(String(decoding: bytes, as: UTF8.self))
        case .speaker: return .string(shown.speaker)
        case .time: return .string(shown.timeLabel)
        case .isoTime: return .string(shown.time)
        case .undated: return .bool(session.layout.undated)
        case .showTime: return .bool(shown.metaShown)
        case .avatar: return .bool(shown.avatar)
        case .avatarClass: return .string(session.sender(shown.sender).avatarClass)
        case .initials: return .string(session.sender(shown.sender).initials)
        case .presence: return .string(shown.presence?.rawValue ?? "")
        case .presenceLabel: return .string(shown.presence?.label ?? "")
        case .forwarded: return .string(shown.forwarded ?? "")
        case .topic: return .string(shown.topic ?? "")
        case .archiveNote: return .string(shown.archiveNote ?? "")
        case .reply: return shown.reply.map { .object(ReplyContext(reply: $0, session: session)) } ?? .null
        case .hasReactions: return .bool(!shown.reactions.isEmpty)
        case .reactions: return .list(shown.reactions.map { .object(ReactionContext(reaction: $0)) })
        case .attachments:
            return .list(shown.attachments.map { .object(AttachmentContext(attachment: $0, session: session)) })
        case .mediaOnly: return .bool(shown.mediaOnly)
        case .hasRevisions: return .bool(!shown.revisions.isEmpty)
        case .revisionsLabel: return .string(PresentationWords.earlierVersions)
        case .revisions: return .list(shown.revisions.map { .object(RevisionContext(revision: $0)) })
        case .status: return .bool(shown.status != nil)
        case .failed: return .bool(shown.status == .failed)
        case .statusLabel: return .string(shown.statusLabel ?? "")
        default: return nil
        }
    }

    /// `{{{body}}}` goes straight into the page's buffer: no `String` per message.
    func writeRaw(_ name: MustacheName, to buffer: inout MustacheOutput) -> Bool {
        switch HTMLName(name) {
        case .body: writeBody(into: &buffer)
        case .inlineBody: session.writeInlineBody(message, to: &buffer.bytes)
        default: return false
        }
        return true
    }

    /// The body's HTML, written into the page's buffer.
    func writeBody(into buffer: inout MustacheOutput) {
        session.writeBody(message, to: &buffer.bytes)
    }

    /// A system line's words as inline HTML, written into the page's buffer.
    func writeInlineBody(into buffer: inout MustacheOutput) {
        session.writeInlineBody(message, to: &buffer.bytes)
    }

    /// The built-in `message.mustache`, written by the code generated from it (`MessageHTMLWriter`).
    func writeCompiledPartial(to buffer: inout MustacheOutput) {
        MessageHTMLWriter.write(self, into: &buffer)
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
