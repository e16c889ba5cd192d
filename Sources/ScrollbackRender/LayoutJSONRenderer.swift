import ScrollbackLayout
import ScrollbackModel

/// `--format json`: the computed layout as stable, pretty-printed JSON with sorted keys.
///
/// The documented keys (`days`, `chains`, `messages`, `position`, `tail`, …) keep their
/// meaning; each message carries every value of its presentation (docs/PRESENTATION.md), so a
/// front end draws exactly what the HTML page and the terminal draw.
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

    /// Hands the compact encoding of what `chain` shows (every bubble's presentation) to `sink`:
    /// what a site's page fingerprint is made from, so a value added to the presentation can never
    /// be left out of it.
    public static func encode(_ chain: ChainLayout, of layout: TranscriptLayout, to sink: @escaping ([UInt8]) -> Void) {
        var writer = JSONWriter(sink: sink)
        writer.write(self.chain(chain, layout))
        writer.finish()
    }

    /// Hands the compact encoding of the layout's participants, as drawn, to `sink`.
    public static func encodeParticipants(of layout: TranscriptLayout, to sink: @escaping ([UInt8]) -> Void) {
        var writer = JSONWriter(sink: sink)
        writer.write(participants(layout))
        writer.finish()
    }

    private static func root(_ layout: TranscriptLayout) -> JSONWriter.Value {
        .object([
            ("title", layout.title.map { .string($0) } ?? .null),
            ("me", layout.me.map { .string($0) } ?? .null),
            ("timeZone", .string(layout.timeZone.identifier)),
            ("locale", .string(layout.locale)),
            ("isGroup", .bool(layout.isGroup)),
            ("undated", .bool(layout.undated)),
            ("participants", participants(layout)),
            ("days", .lazyArray(count: layout.days.count) { day(layout.days[$0], layout) }),
        ])
    }

    private static func participants(_ layout: TranscriptLayout) -> JSONWriter.Value {
        .array(
            layout.participants.map { participant in
                .object([
                    ("id", .string(participant.id)), ("name", .string(participant.name)),
                    ("initials", .string(participant.initials)), ("color", .int(participant.colorIndex)),
                    ("avatar", optional(participant.avatar)), ("isMe", .bool(participant.isMe)),
                    ("presence", optional(participant.presence?.rawValue)),
                ])
            })
    }

    private static func day(_ day: DayLayout, _ layout: TranscriptLayout) -> JSONWriter.Value {
        .object([
            ("date", .string(day.date.description)),
            ("label", .string(day.label)),
            ("chains", .lazyArray(count: day.chains.count) { chain(day.chains[$0], layout) }),
        ])
    }

    private static func chain(_ chain: ChainLayout, _ layout: TranscriptLayout) -> JSONWriter.Value {
        .object([
            ("kind", .string(chain.kind.rawValue)),
            ("sender", optional(chain.sender)),
            ("senderName", optional(chain.sender.map(layout.displayName))),
            ("alignment", .string(chain.alignment.rawValue)),
            ("showName", .bool(chain.showName)),
            (
                "messages",
                .lazyArray(count: chain.bubbles.count) { message(layout.presentation(of: chain.bubbles[$0])) }
            ),
        ])
    }

    /// Every value of a message's presentation, under its own name.
    private static func message(_ shown: MessagePresentation) -> JSONWriter.Value {
        var members: [(String, JSONWriter.Value)] = [
            ("id", .string(shown.id)),
            ("anchor", .string(shown.anchor)),
            ("kind", .string(shown.kind.rawValue)),
            ("sender", optional(shown.sender)),
            ("senderName", optional(shown.senderName)),
            ("speaker", .string(shown.speaker)),
            ("position", .string(shown.position.rawValue)),
            ("tail", .bool(shown.tail)),
            ("avatar", .bool(shown.avatar)),
            ("presence", optional(shown.presence?.rawValue)),
            ("status", optional(shown.status?.rawValue)),
            ("statusLabel", optional(shown.statusLabel)),
            ("time", .string(shown.time)),
            ("timeLabel", .string(shown.timeLabel)),
            ("showTime", .bool(shown.showTime)),
            ("jumbo", .bool(shown.jumbo)),
            ("mediaOnly", .bool(shown.mediaOnly)),
            ("text", .string(shown.text)),
            ("format", .string(shown.format.rawValue)),
            ("edited", .bool(shown.edited)),
            ("deleted", .bool(shown.deletedNotice != nil)),
            ("deletedNotice", optional(shown.deletedNotice)),
            ("forwarded", optional(shown.forwarded)),
            ("topic", optional(shown.topic)),
            ("archiveNote", optional(shown.archiveNote)),
        ]
        if let reply = shown.reply {
            members.append(("replyTo", .string(reply.id)))
            members.append(
                (
                    "reply",
                    .object([
                        ("id", .string(reply.id)), ("found", .bool(reply.found)), ("target", optional(reply.target)),
                        ("sender", optional(reply.sender)), ("senderName", optional(reply.senderName)),
                        ("excerpt", .string(reply.excerpt)),
                    ])
                ))
        }
        if !shown.reactions.isEmpty {
            members.append(
                (
                    "reactions",
                    .array(
                        shown.reactions.map { reaction in
                            .object([
                                ("emoji", .string(reaction.emoji)), ("count", .int(reaction.count)),
                                ("by", strings(reaction.by)), ("names", strings(reaction.names)),
                                ("label", .string(reaction.label)),
                            ])
                        })
                ))
        }
        if !shown.attachments.isEmpty { members.append(("attachments", .array(shown.attachments.map(attachment)))) }
        if !shown.revisions.isEmpty {
            members.append(
                (
                    "revisions",
                    .array(
                        shown.revisions.map {
                            .object([("text", .string($0.text)), ("timeLabel", optional($0.timeLabel))])
                        })
                ))
        }
        return .object(members)
    }

    private static func attachment(_ shown: AttachmentPresentation) -> JSONWriter.Value {
        var fields: [(String, JSONWriter.Value)] = [
            ("kind", .string(shown.kind.rawValue)),
            ("kindLabel", .string(shown.kindLabel)),
            ("image", .bool(shown.kind == .image)),
            ("name", .string(shown.name)),
            ("label", .string(shown.label)),
            ("omitted", .bool(shown.omitted)),
        ]
        let optionalFields: [(String, String?)] = [
            ("path", shown.path), ("url", shown.url), ("omittedNote", shown.omittedNote),
            ("sizeLabel", shown.sizeLabel), ("durationLabel", shown.durationLabel), ("alt", shown.alt),
            ("title", shown.title), ("description", shown.description), ("siteName", shown.siteName),
            ("performer", shown.performer), ("emoji", shown.emoji), ("placeLabel", shown.placeLabel),
            ("mapURL", shown.mapURL),
        ]
        for (key, value) in optionalFields { if let value { fields.append((key, .string(value))) } }
        if let width = shown.width { fields.append(("width", .int(width))) }
        if let height = shown.height { fields.append(("height", .int(height))) }
        if !shown.phones.isEmpty { fields.append(("phones", strings(shown.phones))) }
        if !shown.emails.isEmpty { fields.append(("emails", strings(shown.emails))) }
        if let poll = shown.poll {
            fields.append(
                (
                    "poll",
                    .object([
                        ("question", .string(poll.question)), ("closed", .bool(poll.closed)),
                        ("summary", .string(poll.summary)),
                        (
                            "options",
                            .array(
                                poll.options.map { option in
                                    .object([
                                        ("text", .string(option.text)), ("votes", .int(option.votes)),
                                        ("percent", .int(option.percent)), ("names", strings(option.names)),
                                    ])
                                })
                        ),
                    ])
                ))
        }
        return .object(fields)
    }

    private static func optional(_ text: String?) -> JSONWriter.Value { text.map { .string($0) } ?? .null }

    private static func strings(_ texts: [String]) -> JSONWriter.Value { .array(texts.map { .string($0) }) }
}
