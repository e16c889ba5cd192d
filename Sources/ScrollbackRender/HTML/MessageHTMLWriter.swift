import ScrollbackLayout
import ScrollbackModel

/// `message.mustache`, compiled by hand: the built-in message template written straight into
/// the page's buffer, with no template walk, value boxing or look-ups per tag.
///
/// A page of 100k messages spends most of its time in the message template, and Mustache
/// answers each tag through a stack of contexts. The library uses this writer only while the
/// page's `message` template is the built-in text it mirrors (`Templates/html/message.mustache`);
/// a theme or `--templates` override falls back to the template walk. `MessageHTMLWriterTests`
/// renders every feature both ways and compares the bytes, so the two cannot drift apart.
struct MessageHTMLWriter {
    let context: BubbleContext

    private var bubble: Bubble { context.bubbles[context.index] }
    private var session: HTMLRenderSession { context.session }

    func writeMessage(into out: inout MustacheOutput) {
        let bubble = bubble
        let message = bubble.message
        let undated = session.layout.undated
        if message.kind == .system {
            out.write(#"<p class="sb-system-text" id=""#)
            out.writeEscaped(PermalinkID.message(message.id, repeatNumber: bubble.repeatNumber))
            out.write(#"" dir="auto">"#)
            out.writeEscaped(message.text)
            if !undated {
                out.write(#" <time class="sb-sr" datetime=""#)
                out.writeEscaped(bubble.isoTime)
                out.write(#"">"#)
                out.writeEscaped(bubble.timeLabel)
                out.write("</time>")
            }
            out.write("</p>\n")
            return
        }
        out.write(#"<div class="sb-msg sb-"#)
        out.writeEscaped(bubble.position.rawValue)
        if bubble.tail { out.write(" sb-tail") }
        if bubble.jumbo { out.write(" sb-jumbo") }
        if !message.reactions.isEmpty { out.write(" sb-reacted") }
        if message.deleted { out.write(" sb-deleted") }
        if context.mediaOnly { out.write(" sb-media-only") }
        out.write(#"" id=""#)
        out.writeEscaped(PermalinkID.message(message.id, repeatNumber: bubble.repeatNumber))
        out.write("\">\n")
        if let reply = bubble.reply { writeReply(ReplyContext(reply: reply, session: session), to: &out) }
        out.write("<div class=\"sb-line\">\n")
        let sender = session.sender(message.sender)
        if bubble.avatar {
            out.write(#"<span class="sb-avatar "#)
            out.writeEscaped(sender.avatarClass)
            out.write(#"" aria-hidden="true">"#)
            out.writeEscaped(sender.initials)
            out.write("</span>\n")
        }
        out.write("<div class=\"sb-bubble\" dir=\"auto\">\n")
        out.write(#"<span class="sb-sr" dir="ltr"><bdi>"#)
        out.writeEscaped(sender.speaker)
        out.write("</bdi> said, </span>\n")
        if message.deleted {
            out.write("<p class=\"sb-deleted-text\">This message was deleted</p>\n")
        } else {
            out.write("\n")
            let attachments = message.attachments.map { AttachmentContext(attachment: $0, session: session) }
            for attachment in attachments where attachment.isShownAsImage { writeImage(attachment, to: &out) }
            out.write("\n")
            session.writeBody(message, to: &out.bytes)
            out.write("\n")
            for attachment in attachments where !attachment.isShownAsImage { writeFile(attachment, to: &out) }
            out.write("\n")
        }
        if !message.reactions.isEmpty {
            out.write(#"<ul class="sb-reactions" aria-label="Reactions">"#)
            for reaction in message.reactions {
                writeReaction(ReactionContext(reaction: reaction, session: session), to: &out)
            }
            out.write("</ul>\n")
        }
        out.write("</div>\n</div>\n")
        out.write(#"<p class="sb-meta"#)
        if !(bubble.showTime || message.edited != nil) { out.write(" sb-meta-hover") }
        out.write("\">")
        if !undated {
            out.write(#"<time datetime=""#)
            out.writeEscaped(bubble.isoTime)
            out.write("\">")
            out.writeEscaped(bubble.timeLabel)
            out.write("</time>")
        }
        if message.edited != nil { out.write(#"<span class="sb-edited">Edited</span>"#) }
        out.write("</p>\n")
        if let status = bubble.status {
            out.write(#"<p class="sb-status"#)
            if status == .failed {
                out.write(#" sb-failed"><span class="sb-failed-mark" aria-hidden="true">!</span>"#)
            } else {
                out.write("\">")
            }
            out.writeEscaped(BubbleContext.label(status))
            out.write("</p>\n")
        }
        out.write("</div>\n")
    }

    private func writeReply(_ reply: ReplyContext, to out: inout MustacheOutput) {
        out.write(#"<a class="sb-reply" href=""#)
        out.writeEscaped(reply.href)
        out.write(#""><span class="sb-sr">In reply to </span><bdi class="sb-reply-name">"#)
        out.writeEscaped(reply.senderName)
        out.write(#"</bdi> <span class="sb-reply-text" dir="auto">"#)
        out.writeEscaped(reply.excerpt)
        out.write("</span></a>\n")
    }

    private func writeImage(_ attachment: AttachmentContext, to out: inout MustacheOutput) {
        out.write(#"<img class="sb-image" src=""#)
        out.writeEscaped(attachment.string(.src))
        out.write(#"" alt=""#)
        out.writeEscaped(attachment.string(.alt))
        out.write("\"")
        let width = attachment.string(.width)
        if !width.isEmpty {
            out.write(#" width=""#)
            out.writeEscaped(width)
            out.write(#"" height=""#)
            out.writeEscaped(attachment.string(.height))
            out.write("\"")
        }
        out.write(#" loading="lazy">"#)
    }

    private func writeFile(_ attachment: AttachmentContext, to out: inout MustacheOutput) {
        let href = attachment.string(.href)
        let missing = attachment.isMissing
        if href.isEmpty {
            out.write(missing ? #"<span class="sb-file sb-missing">"# : #"<span class="sb-file">"#)
        } else {
            out.write(#"<a class="sb-file" href=""#)
            out.writeEscaped(href)
            out.write("\">")
        }
        out.write(#"<span class="sb-file-icon" aria-hidden="true"></span><span class="sb-file-name" dir="auto">"#)
        out.writeEscaped(attachment.string(.name))
        out.write("</span>")
        let size = attachment.string(.size)
        if !size.isEmpty {
            out.write(#" <span class="sb-file-size">"#)
            out.writeEscaped(size)
            out.write("</span>")
        }
        if missing { out.write(#" <span class="sb-file-size">missing attachment</span>"#) }
        out.write(href.isEmpty ? "</span>" : "</a>")
    }

    private func writeReaction(_ reaction: ReactionContext, to out: inout MustacheOutput) {
        out.write(#"<li title=""#)
        out.writeEscaped(reaction.string(.by))
        out.write(#""><span class="sb-emoji" aria-hidden="true">"#)
        out.writeEscaped(reaction.string(.emoji))
        out.write("</span>")
        if reaction.reaction.count > 1 {
            out.write(#"<span class="sb-count" aria-hidden="true">"#)
            out.writeEscaped(reaction.string(.count))
            out.write("</span>")
        }
        out.write(#"<span class="sb-sr">"#)
        out.writeEscaped(reaction.string(.label))
        out.write("</span></li>")
    }
}

extension HTMLContext {
    /// The text the template would print for `name` (empty when it has none).
    fileprivate func string(_ name: HTMLName) -> String {
        if case .string(let text)? = value(name) { return text }
        return ""
    }
}

extension ReplyContext {
    fileprivate var href: String { string(.href) }
    fileprivate var senderName: String { string(.senderName) }
    fileprivate var excerpt: String { string(.excerpt) }
}

extension AttachmentContext {
    /// `{{#image}}`: the page shows the attachment inline.
    fileprivate var isShownAsImage: Bool {
        if case .bool(true)? = value(.image) { return true }
        return false
    }

    /// `{{#missing}}`: a local file the site could not copy.
    fileprivate var isMissing: Bool {
        if case .bool(true)? = value(.missing) { return true }
        return false
    }
}
