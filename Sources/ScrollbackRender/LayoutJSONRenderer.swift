import ScrollbackLayout
import ScrollbackModel

/// `--format json`: the computed layout as stable, pretty-printed JSON with sorted keys.
///
/// The SPEC's keys (`days`, `chains`, `messages`, `position`, `tail`, …) keep their
/// meaning; the extra keys carry what a front end needs to draw the bubble.
public enum LayoutJSONRenderer {
    /// Writes the layout of `layout` to `output`, ending with a newline.
    public static func render(_ layout: TranscriptLayout, to output: inout some TextOutputStream) {
        withoutActuallyEscaping({ (piece: [UInt8]) in output.writeUTF8(piece) }) { sink in
            var writer = JSONWriter(sink: sink)
            writer.write(root(layout))
            writer.finish("\n")
        }
    }

    /// The layout as a string.
    public static func render(_ layout: TranscriptLayout) -> String {
        var text = ""
        render(layout, to: &text)
        return text
    }

    private static func root(_ layout: TranscriptLayout) -> JSONWriter.Value {
        .object([
            ("title", layout.title.map { .string($0) } ?? .null),
            ("me", layout.me.map { .string($0) } ?? .null),
            ("timeZone", .string(layout.timeZone.identifier)),
            ("locale", .string(layout.locale)),
            ("isGroup", .bool(layout.isGroup)),
            ("undated", .bool(layout.undated)),
            (
                "participants",
                .array(
                    layout.participants.map { participant in
                        .object([
                            ("id", .string(participant.id)), ("name", .string(participant.name)),
                            ("initials", .string(participant.initials)), ("color", .int(participant.colorIndex)),
                            ("avatar", participant.avatar.map { .string($0) } ?? .null),
                            ("isMe", .bool(participant.isMe)),
                        ])
                    })
            ),
            ("days", .lazyArray(count: layout.days.count) { day(layout.days[$0]) }),
        ])
    }

    private static func day(_ day: DayLayout) -> JSONWriter.Value {
        .object([
            ("date", .string(day.date.description)),
            ("label", .string(day.label)),
            ("chains", .lazyArray(count: day.chains.count) { chain(day.chains[$0]) }),
        ])
    }

    private static func chain(_ chain: ChainLayout) -> JSONWriter.Value {
        .object([
            ("kind", .string(chain.kind.rawValue)),
            ("sender", chain.sender.map { .string($0) } ?? .null),
            ("alignment", .string(chain.alignment.rawValue)),
            ("showName", .bool(chain.showName)),
            ("messages", .lazyArray(count: chain.bubbles.count) { bubble(chain.bubbles[$0]) }),
        ])
    }

    private static func bubble(_ bubble: Bubble) -> JSONWriter.Value {
        let message = bubble.message
        var members: [(String, JSONWriter.Value)] = [
            ("id", .string(message.id)),
            ("position", .string(bubble.position.rawValue)),
            ("tail", .bool(bubble.tail)),
            ("avatar", .bool(bubble.avatar)),
            ("status", bubble.status.map { .string($0.rawValue) } ?? .null),
            ("time", .string(bubble.isoTime)),
            ("timeLabel", .string(bubble.timeLabel)),
            ("showTime", .bool(bubble.showTime)),
            ("jumbo", .bool(bubble.jumbo)),
            ("text", .string(message.text)),
            ("format", .string(message.format.rawValue)),
            ("edited", .bool(message.edited != nil)),
            ("deleted", .bool(message.deleted)),
        ]
        if let reply = bubble.reply {
            members.append(("replyTo", .string(reply.id)))
            members.append(
                (
                    "reply",
                    .object([
                        ("id", .string(reply.id)), ("found", .bool(reply.found)),
                        ("sender", reply.sender.map { .string($0) } ?? .null), ("excerpt", .string(reply.excerpt)),
                    ])
                ))
        }
        if !message.reactions.isEmpty {
            members.append(
                (
                    "reactions",
                    .array(
                        message.reactions.map { reaction in
                            .object([
                                ("emoji", .string(reaction.emoji)), ("count", .int(reaction.count)),
                                ("by", .array(reaction.by.map { .string($0) })),
                            ])
                        })
                ))
        }
        if !message.attachments.isEmpty {
            members.append(
                (
                    "attachments",
                    .array(
                        message.attachments.map { attachment in
                            var fields: [(String, JSONWriter.Value)] = [("image", .bool(attachment.isImage))]
                            if let path = attachment.path { fields.append(("path", .string(path))) }
                            if let url = attachment.url { fields.append(("url", .string(url))) }
                            if let name = attachment.name { fields.append(("name", .string(name))) }
                            if let type = attachment.type { fields.append(("type", .string(type))) }
                            if let alt = attachment.alt { fields.append(("alt", .string(alt))) }
                            if let size = attachment.size { fields.append(("size", .int(size))) }
                            return .object(fields)
                        })
                ))
        }
        if let forwarded = message.forwardedFrom { members.append(("forwardedFrom", .string(forwarded))) }
        return .object(members)
    }
}
