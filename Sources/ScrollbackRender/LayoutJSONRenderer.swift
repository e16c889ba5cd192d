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
        var members: [(String, JSONWriter.Value)] = [
            ("title", layout.title.map { .string($0) } ?? .null),
            ("me", layout.me.map { .string($0) } ?? .null),
            ("timeZone", .string(layout.timeZone.identifier)),
            ("locale", .string(layout.locale)),
            ("isGroup", .bool(layout.isGroup)),
            ("undated", .bool(layout.undated)),
            ("participants", participants(layout)),
            ("days", .lazyArray(count: layout.days.count) { day(layout.days[$0], layout) }),
        ]
        if let topic = layout.topic { members.append(("topic", .string(topic))) }
        return .object(members)
    }

    private static func participants(_ layout: TranscriptLayout) -> JSONWriter.Value {
        .array(
            layout.participants.map { participant in
                var members: [(String, JSONWriter.Value)] = [
                    ("id", .string(participant.id)), ("name", .string(participant.name)),
                    ("initials", .string(participant.initials)), ("color", .int(participant.colorIndex)),
                    ("avatar", optional(participant.avatar)), ("isMe", .bool(participant.isMe)),
                    ("presence", optional(participant.presence?.rawValue)),
                ]
                if participant.isBot { members.append(("isBot", .bool(true))) }
                return .object(members)
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
        var members: [(String, JSONWriter.Value)] = [
            ("kind", .string(chain.kind.rawValue)),
            ("sender", optional(chain.sender)),
            ("senderName", optional(chain.sender.map(layout.displayName))),
            ("alignment", .string(chain.alignment.rawValue)),
            ("showName", .bool(chain.showName)),
            (
                "messages",
                .lazyArray(count: chain.bubbles.count) { message(layout.presentation(of: chain.bubbles[$0])) }
            ),
        ]
        // The tag beside a bot's name, as Discord shows APP/BOT.
        if let sender = chain.sender, layout.participant(sender)?.isBot == true {
            members.append(("senderTag", .string(PresentationWords.bot)))
        }
        return .object(members)
    }

    // The members `MessagePresentation` declares `by hand` (the others are written by
    // `LayoutJSONRenderer+Members.swift`, generated from the declaration); `nil` leaves one out.

    static func attachmentsMember(_ shown: MessagePresentation) -> JSONWriter.Value? {
        shown.attachments.isEmpty ? nil : .array(shown.attachments.map(attachment))
    }

    static func deletedMember(_ shown: MessagePresentation) -> JSONWriter.Value? { .bool(shown.deletedNotice != nil) }

    static func reactionsMember(_ shown: MessagePresentation) -> JSONWriter.Value? {
        guard !shown.reactions.isEmpty else { return nil }
        return .array(
            shown.reactions.map { reaction in
                .object([
                    ("by", strings(reaction.by)), ("count", .int(reaction.count)), ("emoji", .string(reaction.emoji)),
                    ("label", .string(reaction.label)), ("names", strings(reaction.names)),
                ])
            })
    }

    static func replyMember(_ shown: MessagePresentation) -> JSONWriter.Value? {
        guard let reply = shown.reply else { return nil }
        var quote: [(String, JSONWriter.Value)] = [
            ("excerpt", .string(reply.excerpt)), ("found", .bool(reply.found)), ("id", .string(reply.id)),
        ]
        if let sender = reply.sender { quote.append(("sender", .string(sender))) }
        if let name = reply.senderName { quote.append(("senderName", .string(name))) }
        if let target = reply.target { quote.append(("target", .string(target))) }
        return .object(quote)
    }

    static func replyToMember(_ shown: MessagePresentation) -> JSONWriter.Value? { shown.reply.map { .string($0.id) } }

    static func revisionsMember(_ shown: MessagePresentation) -> JSONWriter.Value? {
        guard !shown.revisions.isEmpty else { return nil }
        return .array(
            shown.revisions.map { .object([("text", .string($0.text)), ("timeLabel", optional($0.timeLabel))]) })
    }

    static func timeMember(_ shown: MessagePresentation) -> JSONWriter.Value? {
        shown.undated ? .string("") : .time(shown.timestamp, utcOffset: shown.utcOffset)
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
            ("missingNote", shown.missingNote),
            ("sizeLabel", shown.sizeLabel), ("durationLabel", shown.durationLabel), ("alt", shown.alt),
            ("title", shown.title), ("description", shown.description), ("siteName", shown.siteName),
            ("performer", shown.performer), ("emoji", shown.emoji), ("placeLabel", shown.placeLabel),
            ("mapURL", shown.mapURL),
        ]
        for (key, value) in optionalFields { if let value { fields.append((key, .string(value))) } }
        if shown.spoiler { fields.append(("spoiler", .bool(true))) }
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
