import ScrollbackModel

/// Converts the messages of one Slack conversation (its day files, in order) to a transcript.
struct SlackChannel {
    var mrkdwn: SlackMrkdwn
    var users: [String: JSONValue]
    var options: ReadOptions
    /// Finds a downloaded copy of a file in the export, if there is one.
    var localFile: (JSONValue) -> String?

    /// Subtypes that are events of the channel rather than things people said.
    static let eventSubtypes: Set<String> = [
        "channel_join", "channel_leave", "group_join", "group_leave", "channel_topic", "channel_purpose",
        "channel_name", "channel_archive", "channel_unarchive", "group_topic", "group_purpose", "group_name",
        "group_archive", "group_unarchive", "pinned_item", "unpinned_item", "bot_add", "bot_remove",
        "channel_convert_to_private", "huddle_thread", "reminder_add",
    ]

    /// Adds the messages of one day file (`lines` locates them) to `transcript`.
    func add(
        _ list: [JSONValue], lines: LineIndex, to transcript: inout Transcript, report: inout ImportReport
    ) {
        for (index, value) in list.enumerated() {
            let location = lines.location(ofByte: value.offset)
            let subtype = value["subtype"]?.string
            if subtype == "message_changed" || subtype == "message_deleted" || subtype == "message_replied" {
                report.skipped.append(.init(location: location, text: "a \(subtype!) event, not a message"))
                continue
            }
            guard let ts = value["ts"]?.scalarText, let instant = ImportJSON.unixTime(value["ts"]) else {
                report.skipped.append(.init(location: location, text: "entry \(index + 1) has no \"ts\""))
                continue
            }
            let offset = options.timeZone?.offset(at: instant) ?? 0
            let time = Timestamp(seconds: instant.seconds, nanoseconds: instant.nanoseconds, utcOffset: offset)
            var message = Message(id: ts, sender: nil, time: time, location: location)
            let text = body(value)
            if let subtype, Self.eventSubtypes.contains(subtype) {
                message.kind = .system
                message.text = text
            } else {
                let sender =
                    value["user"]?.scalarText ?? value["bot_id"]?.scalarText ?? value["username"]?.string ?? "unknown"
                message.sender = sender
                if !transcript.participants.contains(where: { $0.id == sender }) {
                    transcript.participants.append(participant(sender, value))
                }
                message.text = subtype == "me_message" ? MarkdownText.wrap(text, "*") : text
                if let thread = value["thread_ts"]?.scalarText, thread != ts { message.replyTo = thread }
                if let edited = value["edited"], let when = ImportJSON.unixTime(edited["ts"]) {
                    message.edited = Timestamp(seconds: when.seconds, utcOffset: offset)
                }
                if subtype == "tombstone" || value["text"]?.string == "This message was deleted." {
                    message.deleted = true
                    message.text = ""
                }
                message.attachments = files(value)
                message.reactions = (value["reactions"]?.array ?? []).map { reaction in
                    Reaction(
                        emoji: SlackMrkdwn.emoji(reaction["name"]?.string ?? "?"),
                        by: reaction["users"]?.array?.compactMap(\.scalarText) ?? [], count: reaction["count"]?.int)
                }
            }
            transcript.messages.append(message)
        }
    }

    /// The message text, with legacy attachments (bot posts) and Block Kit sections when the text is empty.
    private func body(_ value: JSONValue) -> String {
        var pieces: [String] = []
        if let text = value["text"]?.string, !text.isEmpty { pieces.append(mrkdwn.markdown(text)) }
        for attachment in value["attachments"]?.array ?? [] {
            var lines: [String] = []
            if let pretext = attachment["pretext"]?.string { lines.append(mrkdwn.markdown(pretext)) }
            if let title = attachment["title"]?.string {
                let link = attachment["title_link"]?.string
                lines.append(link.map { mrkdwn.token($0 + "|" + title) } ?? MarkdownText.escape(title))
            }
            if let text = attachment["text"]?.string ?? attachment["fallback"]?.string, !text.isEmpty {
                lines.append(mrkdwn.markdown(text))
            }
            if !lines.isEmpty { pieces.append(lines.joined(separator: "\n\n")) }
        }
        if pieces.isEmpty {
            for block in value["blocks"]?.array ?? [] {
                if let text = block["text"]?["text"]?.string { pieces.append(mrkdwn.markdown(text)) }
                for element in block["elements"]?.array ?? [] {
                    if let text = element["text"]?.string { pieces.append(mrkdwn.markdown(text)) }
                }
            }
        }
        return pieces.joined(separator: "\n\n")
    }

    private func files(_ value: JSONValue) -> [Attachment] {
        (value["files"]?.array ?? []).compactMap { file in
            if file["mode"]?.string == "tombstone" || file["mode"]?.string == "hidden_by_limit" {
                return Attachment(type: "file", name: "file not available", alt: "removed from Slack")
            }
            var attachment = Attachment(
                type: file["mimetype"]?.string, name: file["name"]?.string ?? file["title"]?.string,
                size: file["size"]?.int)
            attachment.width = file["original_w"]?.int
            attachment.height = file["original_h"]?.int
            if let path = localFile(file) {
                attachment.path = path
            } else if let url = file["url_private"]?.string ?? file["permalink"]?.string, url.hasPrefix("https://") {
                attachment.url = url
            }
            return attachment
        }
    }

    private func participant(_ id: String, _ value: JSONValue) -> Participant {
        if let name = mrkdwn.users[id] {
            let avatar = users[id]?["profile"]?["image_72"]?.string
            return Participant(id: id, name: name, avatar: avatar.flatMap { $0.hasPrefix("https://") ? $0 : nil })
        }
        let profile = value["user_profile"]
        let name =
            [
                profile?["display_name"]?.string, profile?["real_name"]?.string, value["bot_profile"]?["name"]?.string,
                value["username"]?.string,
            ].compactMap { $0 }.first { !$0.isEmpty } ?? id
        return Participant(id: id, name: name)
    }
}
