import ScrollbackModel

/// Turns the JSON of one message (native format and JSON Lines alike) into a `Message`.
///
/// The same code decodes a new message and applies a JSON Lines update to an
/// existing one: a field present in the JSON replaces the message's value
/// (`null` clears it), a field absent keeps it.
struct MessageDecoder {
    /// Where a byte offset of the JSON being decoded is in the file.
    let locate: (Int) -> SourceLocation

    /// A decoder for values parsed from the whole of `input`.
    init(input: ChatInput) {
        self.locate = { input.location(ofByte: $0) }
    }

    /// A decoder for values whose offsets `locate` turns into locations.
    init(locate: @escaping (Int) -> SourceLocation) {
        self.locate = locate
    }

    /// Decodes message number `number` (1-based). `fallbackID` names messages without an id;
    /// `existing` is the message a JSON Lines update applies to.
    func message(_ value: JSONValue, number: Int, fallbackID: String, updating existing: Message? = nil)
        throws(ReadError) -> Message
    {
        guard value.members != nil else {
            throw ReadError(
                location: locate(value.offset), message: .init(number: number, id: nil),
                problem: .wrongType(field: "message", expected: "an object", found: value.typeName))
        }
        let members = MessageMembers(value)
        let ownID = try FieldReader(members: members, decoder: self, reference: .init(number: number, id: nil)).id()
        let id = ownID ?? existing?.id ?? fallbackID
        let read = FieldReader(members: members, decoder: self, reference: .init(number: number, id: id))

        let kind =
            try read.choice(.kind, Message.Kind.self) ?? existing?.kind
            ?? .message
        let time: Timestamp
        if let timeValue = read[.time], !timeValue.isNull {
            time = try read.timestamp(timeValue, field: "time")
        } else if let existing {
            time = existing.time
        } else {
            throw read.fail(value, .missingField("time"))
        }
        let sender = try read.present(.sender) ? read.text(.sender) : existing?.sender
        if kind == .message && sender == nil { throw read.fail(value, .missingField("sender")) }

        var message = existing ?? Message(id: id, sender: sender, time: time)
        message.kind = kind
        message.sender = sender
        message.time = time
        if let edited = read[.edited] {
            if edited.isNull {
                message.edited = nil
            } else if let flag = edited.bool {
                message.edited = flag ? time : nil  // `"edited": true` says so without a time
            } else {
                message.edited = try read.timestamp(edited, field: "edited")
            }
        }
        try read.readDeclaredFields(into: &message)
        return message
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
