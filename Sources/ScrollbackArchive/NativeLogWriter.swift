import ScrollbackModel

/// Writes a transcript as the native JSON Lines format: a conversation line, then one line per
/// message, with every field the native reader reads, so reading the output gives the same
/// transcript back.
///
/// Members are written in a fixed order and fields at their default values are left out, so the
/// same transcript always gives the same bytes (a merge that changes nothing rewrites nothing).
package enum NativeLogWriter {
    /// Writes `transcript`, one line at a time, to `output`.
    package static func write(_ transcript: Transcript, to output: inout some TextOutputStream) {
        output.write(headerLine(transcript))
        for message in transcript.messages { output.write(line(message)) }
    }

    /// The whole log as a string (small transcripts and tests).
    package static func string(_ transcript: Transcript) -> String {
        var text = ""
        write(transcript, to: &text)
        return text
    }

    /// The `{"type": "conversation", …}` line, with its newline.
    static func headerLine(_ transcript: Transcript) -> String {
        var json = JSONWriter()
        json.openObject()
        json.string("type", "conversation")
        json.raw("version", "1")
        json.optional("id", transcript.id)
        json.optional("title", transcript.title)
        json.optional("topic", transcript.topic)
        json.optional("me", transcript.me)
        json.optional("timeZone", transcript.timeZone)
        if transcript.undated { json.bool("undated", true) }
        if transcript.isGroup { json.bool("isGroup", true) }
        json.openArray("participants")
        for participant in transcript.participants {
            json.openObject()
            json.string("id", participant.id)
            json.string("name", participant.name)
            json.optional("avatar", participant.avatar)
            if let online = participant.online { json.bool("online", online) }
            if participant.isBot { json.bool("isBot", true) }
            if !participant.aliases.isEmpty { strings(&json, "aliases", participant.aliases) }
            json.closeObject()
        }
        json.closeArray()
        json.closeObject()
        return json.text + "\n"
    }

    /// One message's line, with its newline.
    static func line(_ message: Message) -> String {
        var json = JSONWriter()
        json.openObject()
        writeFields(message, to: &json)
        json.closeObject()
        return json.text + "\n"
    }
}

extension NativeLogWriter {
    static func write(_ reaction: Reaction, to json: inout JSONWriter) {
        json.openObject()
        json.string("emoji", reaction.emoji)
        strings(&json, "by", reaction.by)
        json.optional("count", reaction.count)
        json.closeObject()
    }

    static func write(_ revision: Revision, to json: inout JSONWriter) {
        json.openObject()
        json.string("text", revision.text)
        json.optional("time", revision.time?.description)
        json.closeObject()
    }

    static func write(_ attachment: Attachment, to json: inout JSONWriter) {
        json.openObject()
        json.optional("path", attachment.path)
        json.optional("url", attachment.url)
        json.optional("type", attachment.type)
        json.optional("name", attachment.name)
        json.optional("alt", attachment.alt)
        json.optional("size", attachment.size)
        json.optional("width", attachment.width)
        json.optional("height", attachment.height)
        json.optional("duration", attachment.duration)
        json.optional("title", attachment.title)
        json.optional("description", attachment.description)
        json.optional("siteName", attachment.siteName)
        json.optional("performer", attachment.performer)
        json.optional("emoji", attachment.emoji)
        if attachment.omitted { json.bool("omitted", true) }
        if attachment.spoiler { json.bool("spoiler", true) }
        if let poll = attachment.poll {
            json.openObject("poll")
            json.string("question", poll.question)
            json.openArray("options")
            for option in poll.options {
                json.openObject()
                json.string("text", option.text)
                json.optional("votes", option.votes)
                strings(&json, "by", option.by)
                json.closeObject()
            }
            json.closeArray()
            if poll.closed { json.bool("closed", true) }
            json.optional("voters", poll.voters)
            json.closeObject()
        }
        if let place = attachment.place {
            json.openObject("place")
            json.optional("latitude", place.latitude)
            json.optional("longitude", place.longitude)
            json.closeObject()
        }
        if let contact = attachment.contact {
            json.openObject("contact")
            json.string("name", contact.name)
            strings(&json, "phones", contact.phones)
            strings(&json, "emails", contact.emails)
            json.closeObject()
        }
        json.closeObject()
    }

    fileprivate static func strings(_ json: inout JSONWriter, _ key: String, _ values: [String]) {
        json.openArray(key)
        for value in values { json.string(nil, value) }
        json.closeArray()
    }
}
