import ScrollbackModel

/// Turns the JSON of one message (native format and JSON Lines alike) into a `Message`.
struct MessageDecoder {
    /// The input, for locations.
    let input: ChatInput

    /// Decodes message number `number` (1-based). `fallbackID` names messages without an id.
    func message(_ value: JSONValue, number: Int, fallbackID: String) throws(ReadError) -> Message {
        guard value.members != nil else {
            throw error(
                value, number: number, id: nil,
                .wrongType(field: "messages[\(number - 1)]", expected: "an object", found: value.typeName))
        }
        let id = try optionalText(value, "id", number: number, id: nil) ?? fallbackID
        let reference = ReadError.MessageReference(number: number, id: id)
        func fail(_ at: JSONValue, _ problem: ReadError.Problem) -> ReadError {
            ReadError(location: input.location(ofByte: at.offset), message: reference, problem: problem)
        }

        let kind: Message.Kind
        if let kindValue = value["kind"] {
            guard let text = kindValue.string, let parsed = Message.Kind(rawValue: text) else {
                throw fail(
                    kindValue,
                    .invalidValue(
                        field: "kind", value: kindValue.string ?? kindValue.typeName,
                        expected: "\"message\" or \"system\""))
            }
            kind = parsed
        } else {
            kind = .message
        }
        guard let timeValue = value["time"] else { throw fail(value, .missingField("time")) }
        let time = try timestamp(timeValue, field: "time", fail: fail)
        let sender = try optionalText(value, "sender", number: number, id: id)
        if kind == .message && sender == nil { throw fail(value, .missingField("sender")) }

        var message = Message(id: id, kind: kind, sender: kind == .system ? sender : sender, time: time)
        message.location = input.location(ofByte: value.offset)
        if let text = value["text"], !text.isNull {
            guard let string = text.string else {
                throw fail(text, .wrongType(field: "text", expected: "a string", found: text.typeName))
            }
            message.text = string
        }
        if let format = value["format"], !format.isNull {
            guard let text = format.string, let parsed = TextFormat(rawValue: text) else {
                throw fail(
                    format,
                    .invalidValue(
                        field: "format", value: format.string ?? format.typeName, expected: "\"markdown\" or \"plain\"")
                )
            }
            message.format = parsed
        }
        message.replyTo = try optionalText(value, "replyTo", number: number, id: id)
        if let status = value["status"], !status.isNull {
            guard let text = status.string, let parsed = DeliveryStatus(rawValue: text) else {
                throw fail(
                    status,
                    .invalidValue(
                        field: "status", value: status.string ?? status.typeName,
                        expected: "one of sending, sent, delivered, read, failed"))
            }
            message.status = parsed
        }
        if let edited = value["edited"], !edited.isNull {
            if let flag = edited.bool {
                message.edited = flag ? time : nil  // `"edited": true` says so without a time
            } else {
                message.edited = try timestamp(edited, field: "edited", fail: fail)
            }
        }
        if let deleted = value["deleted"], !deleted.isNull {
            guard let flag = deleted.bool else {
                throw fail(deleted, .wrongType(field: "deleted", expected: "true or false", found: deleted.typeName))
            }
            message.deleted = flag
        }
        if let hidden = value["hidden"]?.bool { message.hidden = hidden }
        message.forwardedFrom = value["forwardedFrom"]?.string
        message.reactions = try reactions(value["reactions"], fail: fail)
        message.attachments = try attachments(value["attachments"], fail: fail)
        if let meta = value["meta"] { message.meta = meta.metaValue }
        return message
    }

    func timestamp(_ value: JSONValue, field: String, fail: (JSONValue, ReadError.Problem) -> ReadError)
        throws(ReadError) -> Timestamp
    {
        guard let text = value.string else {
            throw fail(value, .wrongType(field: field, expected: "an RFC 3339 time string", found: value.typeName))
        }
        guard let time = Timestamp(rfc3339: text) else { throw fail(value, .invalidTime(field: field, value: text)) }
        return time
    }

    private func optionalText(_ value: JSONValue, _ field: String, number: Int, id: String?) throws(ReadError)
        -> String?
    {
        guard let member = value[field], !member.isNull else { return nil }
        guard let text = member.scalarText else {
            throw error(
                member, number: number, id: id, .wrongType(field: field, expected: "a string", found: member.typeName))
        }
        return text
    }

    private func reactions(_ value: JSONValue?, fail: (JSONValue, ReadError.Problem) -> ReadError) throws(ReadError)
        -> [Reaction]
    {
        guard let value, !value.isNull else { return [] }
        guard let list = value.array else {
            throw fail(value, .wrongType(field: "reactions", expected: "an array", found: value.typeName))
        }
        var result: [Reaction] = []
        for item in list {
            guard let emoji = item["emoji"]?.string else { throw fail(item, .missingField("reactions[].emoji")) }
            let by = item["by"]?.array?.compactMap(\.scalarText) ?? []
            result.append(Reaction(emoji: emoji, by: by, count: item["count"]?.int))
        }
        return result
    }

    private func attachments(_ value: JSONValue?, fail: (JSONValue, ReadError.Problem) -> ReadError) throws(ReadError)
        -> [Attachment]
    {
        guard let value, !value.isNull else { return [] }
        guard let list = value.array else {
            throw fail(value, .wrongType(field: "attachments", expected: "an array", found: value.typeName))
        }
        var result: [Attachment] = []
        for item in list {
            guard item.members != nil else {
                throw fail(item, .wrongType(field: "attachments[]", expected: "an object", found: item.typeName))
            }
            let attachment = Attachment(
                path: item["path"]?.string, url: item["url"]?.string, type: item["type"]?.string,
                name: item["name"]?.string, alt: item["alt"]?.string, size: item["size"]?.int,
                width: item["width"]?.int, height: item["height"]?.int)
            if attachment.path == nil && attachment.url == nil {
                throw fail(item, .missingField("attachments[].path"))
            }
            result.append(attachment)
        }
        return result
    }

    private func error(_ at: JSONValue, number: Int, id: String?, _ problem: ReadError.Problem) -> ReadError {
        ReadError(location: input.location(ofByte: at.offset), message: .init(number: number, id: id), problem: problem)
    }
}

extension JSONValue {
    /// The value as free-form metadata.
    var metaValue: MetaValue {
        switch kind {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let text): return .number(Double(text) ?? 0)
        case .string(let value): return .string(value)
        case .array(let values): return .array(values.map(\.metaValue))
        case .object(let members):
            var object: [String: MetaValue] = [:]
            for member in members { object[member.key] = member.value.metaValue }
            return .object(object)
        }
    }
}
