import ScrollbackLayout
import ScrollbackModel

/// A SHA-256 over length-prefixed fields: what a page is made from, so an unchanged page is
/// recognised without rendering it.
struct Fingerprint {
    private var hasher = SHA256()

    mutating func add(_ text: String) {
        add(text.utf8.count)
        hasher.update(text)
    }

    mutating func add(_ text: String?) {
        if let text { add(text) } else { add(-1) }
    }

    mutating func add(_ number: Int) {
        var value = Int64(number).littleEndian
        withUnsafeBytes(of: &value) { hasher.update(buffer: $0) }
    }

    mutating func add(_ flag: Bool) { add(flag ? 1 : 0) }

    mutating func add(_ time: Timestamp?) {
        guard let time else { return add(-1) }
        add(Int(time.seconds))
        add(Int(time.nanoseconds))
        add(Int(time.utcOffset))
    }

    /// Everything a bubble shows.
    mutating func add(_ bubble: Bubble) {
        let message = bubble.message
        add(message.id)
        add(message.kind.rawValue)
        add(message.sender)
        add(message.time)
        add(message.text)
        add(message.format.rawValue)
        add(message.replyTo)
        add(message.status?.rawValue)
        add(message.reactions.count)
        for reaction in message.reactions {
            add(reaction.emoji)
            add(reaction.by.joined(separator: "\u{1F}"))
            add(reaction.count)
        }
        add(message.attachments.count)
        for file in message.attachments {
            for field in [file.path, file.url, file.type, file.name, file.alt] { add(field) }
            add(file.size ?? -1)
            add(file.width ?? -1)
            add(file.height ?? -1)
        }
        add(message.edited)
        add(message.deleted)
        add(message.forwardedFrom)
        add(message.hidden)
        add(bubble.position.rawValue)
        add(bubble.tail)
        add(bubble.avatar)
        add(bubble.status?.rawValue)
        add(bubble.timeLabel)
        add(bubble.isoTime)
        add(bubble.showTime)
        add(bubble.jumbo)
        if let reply = bubble.reply {
            add(reply.id)
            add(reply.found)
            add(reply.sender)
            add(reply.senderName)
            add(reply.excerpt)
        } else {
            add(-2)
        }
    }

    mutating func finalize() -> String { hasher.finalizeHex() }
}
