import ScrollbackLayout
import ScrollbackModel

/// `message.mustache`'s names for one bubble. Answers by `switch`, so a page of 100k
/// messages builds no dictionaries; the body's HTML is made only when the template asks.
///
/// Holds its chain's bubbles and an index rather than a copy of the bubble: three words fit
/// in an existential's inline buffer, so a bubble's context needs no heap box of its own.
struct BubbleContext: HTMLContext, MustacheRawWriter, MustacheCompiledPartial {
    let bubbles: [Bubble]
    let index: Int
    let session: HTMLRenderSession

    private var message: Message { bubbles[index].message }

    func value(_ name: HTMLName) -> MustacheValue? {
        switch name {
        case .isSystem: return .bool(message.kind == .system)
        case .anchor: return .string(PermalinkID.message(message.id, repeatNumber: bubbles[index].repeatNumber))
        case .id: return .string(message.id)
        case .position: return .string(bubbles[index].position.rawValue)
        case .tail: return .bool(bubbles[index].tail)
        case .jumbo: return .bool(bubbles[index].jumbo)
        case .deleted: return .bool(message.deleted)
        case .edited: return .bool(message.edited != nil)
        case .text: return .string(message.text)
        case .body: return .string(session.body(message))
        case .speaker: return .string(session.sender(message.sender).speaker)
        case .time: return .string(bubbles[index].timeLabel)
        case .isoTime: return .string(bubbles[index].isoTime)
        case .showTime: return .bool(bubbles[index].showTime || message.edited != nil)
        case .avatar: return .bool(bubbles[index].avatar)
        case .avatarClass: return .string(session.sender(message.sender).avatarClass)
        case .initials: return .string(session.sender(message.sender).initials)
        case .reply: return bubbles[index].reply.map { .object(ReplyContext(reply: $0, session: session)) } ?? .null
        case .hasReactions: return .bool(!message.reactions.isEmpty)
        case .reactions:
            return .list(message.reactions.map { .object(ReactionContext(reaction: $0, session: session)) })
        case .attachments:
            return .list(message.attachments.map { .object(AttachmentContext(attachment: $0, session: session)) })
        case .mediaOnly: return .bool(mediaOnly)
        case .status: return .bool(bubbles[index].status != nil)
        case .failed: return .bool(bubbles[index].status == .failed)
        case .statusLabel: return .string(bubbles[index].status.map(Self.label) ?? "")
        default: return nil
        }
    }

    /// `{{{body}}}` goes straight into the page's buffer: no `String` per message.
    func writeRaw(_ name: MustacheName, to buffer: inout MustacheOutput) -> Bool {
        guard HTMLName(name) == .body else { return false }
        session.writeBody(message, to: &buffer.bytes)
        return true
    }

    /// The built-in `message.mustache`, written directly (see `MessageHTMLWriter`).
    func writeCompiledPartial(to buffer: inout MustacheOutput) {
        MessageHTMLWriter(context: self).writeMessage(into: &buffer)
    }

    /// A photo with no words is drawn without a bubble around it.
    var mediaOnly: Bool {
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
struct ReplyContext: HTMLContext {
    let reply: ReplyPreview
    let session: HTMLRenderSession

    func value(_ name: HTMLName) -> MustacheValue? {
        switch name {
        case .href: .string(reply.found ? session.page.messageHref(reply.id) : "")
        case .found: .bool(reply.found)
        case .senderName: .string(reply.found ? session.speaker(reply.sender) : "")
        case .excerpt:
            .string(reply.found ? session.plainText(reply.excerpt) : "a message that is not in this transcript")
        default: nil
        }
    }
}

/// One reaction chip.
struct ReactionContext: HTMLContext {
    let reaction: Reaction
    let session: HTMLRenderSession

    func value(_ name: HTMLName) -> MustacheValue? {
        switch name {
        case .emoji: return .string(reaction.emoji)
        case .count: return .string(String(reaction.count))
        case .many: return .bool(reaction.count > 1)
        case .by: return .string(names)
        case .label:
            return .string(
                names.isEmpty ? "\(reaction.count) reacted \(reaction.emoji)" : "\(names) reacted \(reaction.emoji)")
        default: return nil
        }
    }

    private var names: String { reaction.by.map { session.speaker($0) }.joined(separator: ", ") }
}
