import ScrollbackModel

/// The two JSON Lines line types that carry live state rather than messages:
/// `{"type": "typing", "sender": "ben", "time": …}` (with `"stop": true` when ben stopped) and
/// `{"type": "presence", "participant": "ben", "online": true, "time": …}`.
///
/// Typing changes no message; presence sets the participant's `online`, so a static render
/// shows the last known presence.
enum JSONLinesLiveState {
    /// Decodes a typing line.
    static func typing(_ value: JSONValue, locate: (Int) -> SourceLocation) throws(ReadError)
        -> JSONLinesDecoder.Update
    {
        let sender = try text(value, "sender", locate: locate)
        let stop = try flag(value, "stop", locate: locate) ?? false
        return .typing(sender: sender, time: try time(value, locate: locate), stop: stop)
    }

    /// Decodes a presence line.
    static func presence(_ value: JSONValue, locate: (Int) -> SourceLocation) throws(ReadError)
        -> JSONLinesDecoder.Update
    {
        let participant = try text(value, "participant", locate: locate)
        guard let online = try flag(value, "online", locate: locate) else {
            throw ReadError(location: locate(value.offset), problem: .missingField("online"))
        }
        return .presence(participant: participant, online: online, time: try time(value, locate: locate))
    }

    private static func text(_ value: JSONValue, _ field: String, locate: (Int) -> SourceLocation) throws(ReadError)
        -> String
    {
        guard let member = value[field], !member.isNull else {
            throw ReadError(location: locate(value.offset), problem: .missingField(field))
        }
        guard let text = member.scalarText, !text.isEmpty else {
            throw ReadError(
                location: locate(member.offset),
                problem: .wrongType(field: field, expected: "a participant id", found: member.typeName))
        }
        return text
    }

    private static func flag(_ value: JSONValue, _ field: String, locate: (Int) -> SourceLocation) throws(ReadError)
        -> Bool?
    {
        guard let member = value[field], !member.isNull else { return nil }
        guard let flag = member.bool else {
            throw ReadError(
                location: locate(member.offset),
                problem: .wrongType(field: field, expected: "true or false", found: member.typeName))
        }
        return flag
    }

    private static func time(_ value: JSONValue, locate: (Int) -> SourceLocation) throws(ReadError) -> Timestamp? {
        guard let member = value["time"], !member.isNull else { return nil }
        guard let text = member.string else {
            throw ReadError(
                location: locate(member.offset),
                problem: .wrongType(field: "time", expected: "an RFC 3339 time string", found: member.typeName))
        }
        guard let time = Timestamp(rfc3339: text) else {
            throw ReadError(location: locate(member.offset), problem: .invalidTime(field: "time", value: text))
        }
        return time
    }
}
