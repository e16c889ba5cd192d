import ScrollbackModel

/// The conversation-level fields shared by the native log and JSON Lines' header line:
/// `version`, `id`, `title`, `topic`, `me`, `timeZone`, `participants`.
enum ConversationHeader {
    /// Fails when `version` is not a whole number or is newer than this reader understands.
    static func checkVersion(_ value: JSONValue, locate: (Int) -> SourceLocation) throws(ReadError) {
        guard let version = value["version"], !version.isNull else { return }
        guard let number = version.int else {
            throw ReadError(
                location: locate(version.offset),
                problem: .wrongType(field: "version", expected: "a whole number", found: version.typeName))
        }
        if number > NativeJSONReader.supportedVersion {
            throw ReadError(
                location: locate(version.offset),
                problem: .unsupportedVersion(number, supported: NativeJSONReader.supportedVersion))
        }
    }

    /// Applies the header fields `value` has to `transcript`; absent fields keep their values, and
    /// listed participants replace those with the same id.
    static func apply(_ value: JSONValue, to transcript: inout Transcript, locate: (Int) -> SourceLocation)
        throws(ReadError)
    {
        try checkVersion(value, locate: locate)
        if let title = value["title"] { transcript.title = title.string }
        if let topic = value["topic"] { transcript.topic = topic.string }
        if let me = value["me"] { transcript.me = me.scalarText }
        if let id = value["id"] { transcript.id = id.scalarText }
        if let undated = value["undated"]?.bool { transcript.undated = undated }
        if let isGroup = value["isGroup"]?.bool { transcript.isGroup = isGroup }
        if let zone = value["timeZone"] {
            if zone.isNull {
                transcript.timeZone = nil
            } else {
                guard let name = zone.string, Zone(identifier: name) != nil else {
                    throw ReadError(
                        location: locate(zone.offset), problem: .unknownTimeZone(zone.string ?? zone.typeName))
                }
                transcript.timeZone = name
            }
        }
        guard let list = value["participants"], !list.isNull else { return }
        guard let items = list.array else {
            throw ReadError(
                location: locate(list.offset),
                problem: .wrongType(field: "participants", expected: "an array", found: list.typeName))
        }
        for item in items {
            guard let id = item["id"]?.scalarText else {
                throw ReadError(location: locate(item.offset), problem: .missingField("participants[].id"))
            }
            var participant = Participant(
                id: id, name: item["name"]?.string, avatar: item["avatar"]?.string, online: item["online"]?.bool)
            participant.isBot = item["isBot"]?.bool ?? false
            participant.aliases = item["aliases"]?.array?.compactMap(\.string) ?? []
            if let index = transcript.participants.firstIndex(where: { $0.id == id }) {
                transcript.participants[index] = participant
            } else {
                transcript.participants.append(participant)
            }
        }
    }
}
