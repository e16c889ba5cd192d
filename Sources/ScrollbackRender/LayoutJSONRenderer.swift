import ScrollbackLayout
import ScrollbackModel

/// `--format json`: the computed layout as stable, pretty-printed JSON with sorted keys.
///
/// The documented keys (`days`, `chains`, `messages`, `position`, `tail`, …) keep their
/// meaning; each message carries every value of its presentation (docs/PRESENTATION.md), so a
/// front end draws exactly what the HTML page and the terminal draw.
package enum LayoutJSONRenderer {
    /// Writes the layout of `layout` to `output`, ending with a newline.
    package static func render(_ layout: TranscriptLayout, to output: inout some TextOutputStream) {
        withoutActuallyEscaping({ (piece: [UInt8]) in output.writeUTF8(piece) }) { sink in
            var writer = JSONWriter(sink: sink)
            writer.write(root(layout))
            writer.finish("\n")
        }
    }

    /// The layout as a string.
    package static func render(_ layout: TranscriptLayout) -> String {
        var text = ""
        render(layout, to: &text)
        return text
    }

    /// Hands the compact encoding of what `chain` shows (every bubble's presentation) to `sink`:
    /// what a site's page fingerprint is made from, so a value added to the presentation can never
    /// be left out of it.
    package static func encode(_ chain: ChainLayout, of layout: TranscriptLayout, to sink: @escaping ([UInt8]) -> Void)
    {
        var writer = JSONWriter(sink: sink)
        writer.write(self.chain(chain, layout))
        writer.finish()
    }

    /// Hands the compact encoding of the layout's participants, as drawn, to `sink`.
    package static func encodeParticipants(of layout: TranscriptLayout, to sink: @escaping ([UInt8]) -> Void) {
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

    /// Every value of a message's presentation, under its own name; a value the message does not
    /// have (no reply, no forwarded origin) is left out rather than written as `null`, except
    /// `status`. Members are listed in key order, so the writer has nothing to sort.
    private static func message(_ shown: MessagePresentation) -> JSONWriter.Value {
        var members: [(String, JSONWriter.Value)] = []
        members.reserveCapacity(24)
        members.append(("anchor", .string(shown.anchor)))
        if let note = shown.archiveNote { members.append(("archiveNote", .string(note))) }
        if !shown.attachments.isEmpty { members.append(("attachments", .array(shown.attachments.map(attachment)))) }
        members.append(("avatar", .bool(shown.avatar)))
        members.append(("deleted", .bool(shown.deletedNotice != nil)))
        if let notice = shown.deletedNotice { members.append(("deletedNotice", .string(notice))) }
        members.append(("edited", .bool(shown.edited)))
        members.append(("format", .string(shown.format.rawValue)))
        if let forwarded = shown.forwarded { members.append(("forwarded", .string(forwarded))) }
        members.append(("id", .string(shown.id)))
        members.append(("jumbo", .bool(shown.jumbo)))
        members.append(("kind", .string(shown.kind.rawValue)))
        members.append(("mediaOnly", .bool(shown.mediaOnly)))
        members.append(("position", .string(shown.position.rawValue)))
        if let presence = shown.presence { members.append(("presence", .string(presence.rawValue))) }
        if !shown.reactions.isEmpty {
            members.append(
                (
                    "reactions",
                    .array(
                        shown.reactions.map { reaction in
                            .object([
                                ("by", strings(reaction.by)), ("count", .int(reaction.count)),
                                ("emoji", .string(reaction.emoji)), ("label", .string(reaction.label)),
                                ("names", strings(reaction.names)),
                            ])
                        })
                ))
        }
        if let reply = shown.reply {
            var quote: [(String, JSONWriter.Value)] = [
                ("excerpt", .string(reply.excerpt)), ("found", .bool(reply.found)), ("id", .string(reply.id)),
            ]
            if let sender = reply.sender { quote.append(("sender", .string(sender))) }
            if let name = reply.senderName { quote.append(("senderName", .string(name))) }
            if let target = reply.target { quote.append(("target", .string(target))) }
            members.append(("reply", .object(quote)))
            members.append(("replyTo", .string(reply.id)))
        }
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
        if let sender = shown.sender { members.append(("sender", .string(sender))) }
        if let name = shown.senderName { members.append(("senderName", .string(name))) }
        members.append(("showTime", .bool(shown.showTime)))
        members.append(("speaker", .string(shown.speaker)))
        members.append(("status", optional(shown.status?.rawValue)))
        if let label = shown.statusLabel { members.append(("statusLabel", .string(label))) }
        members.append(("tail", .bool(shown.tail)))
        members.append(("text", .string(shown.text)))
        members.append(("time", shown.undated ? .string("") : .time(shown.timestamp, utcOffset: shown.utcOffset)))
        members.append(("timeLabel", .string(shown.timeLabel)))
        if let topic = shown.topic { members.append(("topic", .string(topic))) }
        return .orderedObject(members)
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
