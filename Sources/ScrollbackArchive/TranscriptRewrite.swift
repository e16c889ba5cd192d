import ScrollbackModel

/// Rewrites every string of a transcript that reaches an output: free text through `text`,
/// participant ids (senders, reactors, voters, `me`) through `participant`.
struct TranscriptRewrite: Sendable {
    /// Any text a reader could see: message text, names, titles, file names, paths, URLs.
    var text: @Sendable (String) -> String
    /// A participant id.
    var participant: @Sendable (String) -> String
    /// An attachment's file name, as it is shown; `text` unless set.
    var fileName: (@Sendable (String) -> String)?
    /// An attachment's path or URL, after `text`: a file name in it is a shown name too.
    var path: (@Sendable (String) -> String)?

    func apply(_ transcript: Transcript) -> Transcript {
        var result = header(transcript)
        result.messages = transcript.messages.map(apply)
        return result
    }

    /// `transcript` with everything but its messages rewritten (the messages as they were).
    func header(_ transcript: Transcript) -> Transcript {
        var result = transcript
        result.title = transcript.title.map(text)
        result.topic = transcript.topic.map(text)
        result.id = transcript.id.map(text)
        result.me = transcript.me.map(participant)
        result.participants = transcript.participants.map { person in
            var person = person
            person.id = participant(person.id)
            person.name = text(person.name)
            person.aliases = person.aliases.map(text)
            if let avatar = person.avatar, text(avatar) != avatar { person.avatar = nil }
            return person
        }
        result.participants = Self.merged(result.participants)
        return result
    }

    /// One participant per id (two handles of one person become one), the first listed first.
    static func merged(_ participants: [Participant]) -> [Participant] {
        var result: [Participant] = []
        var index: [String: Int] = [:]
        for person in participants {
            if let at = index[person.id] {
                result[at].avatar = result[at].avatar ?? person.avatar
                if let online = person.online { result[at].online = (result[at].online ?? false) || online }
            } else {
                index[person.id] = result.count
                result.append(person)
            }
        }
        return result
    }

    func apply(_ message: Message) -> Message {
        var message = message
        message.id = text(message.id)
        message.sender = message.sender.map(participant)
        message.text = text(message.text)
        message.replyTo = message.replyTo.map(text)
        message.forwardedFrom = message.forwardedFrom.map(text)
        message.topic = message.topic.map(text)
        if !message.reactions.isEmpty {
            message.reactions = message.reactions.map { reaction in
                Reaction(emoji: text(reaction.emoji), by: reaction.by.map(participant), count: reaction.count)
            }
        }
        if !message.attachments.isEmpty { message.attachments = message.attachments.map(apply) }
        if !message.revisions.isEmpty {
            message.revisions = message.revisions.map { Revision(text: text($0.text), time: $0.time) }
        }
        message.meta = message.meta.map(apply)
        return message
    }

    func apply(_ original: Attachment) -> Attachment {
        var attachment = original
        attachment.path = attachment.path.map { path?(text($0)) ?? text($0) }
        attachment.type = attachment.type.map(text)
        attachment.emoji = attachment.emoji.map(text)
        attachment.url = attachment.url.map { path?(text($0)) ?? text($0) }
        if let fileName {
            // The name shown is the path's last part when there is no name: it gets the change too.
            let shown = original.name ?? original.path?.split(separator: "/").last.map(String.init)
            if let shown, fileName(shown) != shown || attachment.name != nil { attachment.name = fileName(shown) }
        } else {
            attachment.name = attachment.name.map(text)
        }
        attachment.alt = attachment.alt.map(text)
        attachment.title = attachment.title.map(text)
        attachment.description = attachment.description.map(text)
        attachment.siteName = attachment.siteName.map(text)
        attachment.performer = attachment.performer.map(text)
        if var poll = attachment.poll {
            poll.question = text(poll.question)
            poll.options = poll.options.map {
                PollOption(text: text($0.text), votes: $0.votes, by: $0.by.map(participant))
            }
            attachment.poll = poll
        }
        if var contact = attachment.contact {
            contact.name = text(contact.name)
            contact.phones = contact.phones.map(text)
            contact.emails = contact.emails.map(text)
            attachment.contact = contact
        }
        return attachment
    }

    func apply(_ meta: MetaValue) -> MetaValue {
        switch meta {
        case .string(let value): return .string(text(value))
        case .array(let items): return .array(items.map(apply))
        case .object(let members):
            var result: [String: MetaValue] = [:]
            for (key, value) in members { result[text(key)] = apply(value) }
            return .object(result)
        default: return meta
        }
    }
}
