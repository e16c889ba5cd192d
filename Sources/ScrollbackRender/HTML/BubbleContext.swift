import ScrollbackLayout
import ScrollbackModel

/// `message.mustache`'s names for one bubble. Answers by `switch`, so a page of 100k
/// messages builds no dictionaries; the body's HTML is made only when the template asks.
struct BubbleContext: MustacheContext {
    let bubble: Bubble
    let chain: ChainLayout
    let session: HTMLRenderSession

    private var message: Message { bubble.message }

    func mustacheValue(for name: String) -> MustacheValue? {
        switch name {
        case "isSystem": return .bool(message.kind == .system)
        case "anchor": return .string(PermalinkID.message(message.id))
        case "id": return .string(message.id)
        case "position": return .string(bubble.position.rawValue)
        case "tail": return .bool(bubble.tail)
        case "jumbo": return .bool(bubble.jumbo)
        case "deleted": return .bool(message.deleted)
        case "edited": return .bool(message.edited != nil)
        case "text": return .string(message.text)
        case "body": return .string(session.body(message))
        case "speaker": return .string(session.speaker(message.sender))
        case "time": return .string(bubble.timeLabel)
        case "isoTime": return .string(bubble.isoTime)
        case "showTime": return .bool(bubble.showTime || message.edited != nil)
        case "avatar": return .bool(bubble.avatar)
        case "avatarClass": return .string(session.avatarClass(message.sender))
        case "initials": return .string(session.initials(message.sender))
        case "reply": return bubble.reply.map { .object(ReplyContext(reply: $0, session: session)) } ?? .null
        case "hasReactions": return .bool(!message.reactions.isEmpty)
        case "reactions":
            return .list(message.reactions.map { .object(ReactionContext(reaction: $0, session: session)) })
        case "attachments":
            return .list(message.attachments.map { .object(AttachmentContext(attachment: $0, session: session)) })
        case "mediaOnly": return .bool(mediaOnly)
        case "status": return .bool(bubble.status != nil)
        case "failed": return .bool(bubble.status == .failed)
        case "statusLabel": return .string(bubble.status.map(Self.label) ?? "")
        default: return nil
        }
    }

    /// A photo with no words is drawn without a bubble around it.
    private var mediaOnly: Bool {
        !message.deleted && !message.attachments.isEmpty
            && message.text.allSatisfy(\.isWhitespace)
            && message.attachments.allSatisfy { session.image($0) != nil }
    }

    static func label(_ status: DeliveryStatus) -> String {
        switch status {
        case .sending: "Sending…"
        case .sent: "Sent"
        case .delivered: "Delivered"
        case .read: "Read"
        case .failed: "Not delivered"
        }
    }
}

/// A reply's quote of the message it answers.
struct ReplyContext: MustacheContext {
    let reply: ReplyPreview
    let session: HTMLRenderSession

    func mustacheValue(for name: String) -> MustacheValue? {
        switch name {
        case "href": .string(reply.found ? session.page.messageHref(reply.id) : "")
        case "found": .bool(reply.found)
        case "senderName": .string(reply.found ? session.speaker(reply.sender) : "")
        case "excerpt":
            .string(reply.found ? session.plainText(reply.excerpt) : "a message that is not in this transcript")
        default: nil
        }
    }
}

/// One reaction chip.
struct ReactionContext: MustacheContext {
    let reaction: Reaction
    let session: HTMLRenderSession

    func mustacheValue(for name: String) -> MustacheValue? {
        switch name {
        case "emoji": return .string(reaction.emoji)
        case "count": return .string(String(reaction.count))
        case "many": return .bool(reaction.count > 1)
        case "by": return .string(names)
        case "label":
            return .string(
                names.isEmpty ? "\(reaction.count) reacted \(reaction.emoji)" : "\(names) reacted \(reaction.emoji)")
        default: return nil
        }
    }

    private var names: String { reaction.by.map { session.speaker($0) }.joined(separator: ", ") }
}
