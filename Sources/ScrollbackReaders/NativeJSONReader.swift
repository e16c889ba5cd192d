import ScrollbackModel

/// The native log format, version 1 (SPEC section 3).
enum NativeJSONReader {
    /// The newest version this reader understands.
    static let supportedVersion = 1

    static let reader = ChatReader(
        format: .scrollback,
        summary: "Scrollback JSON log, version 1 (SPEC section 3)",
        sniff: { input in
            guard let bytes = input.bytes else { return false }
            return FormatSniffing.firstNonSpace(bytes) == UInt8(ascii: "{")
                && FormatSniffing.head(bytes, 4096).contains("\"messages\"")
                && !FormatSniffing.looksLikeJSONLines(bytes)
        },
        read: { input, _ in try read(input) }
    )

    static func read(_ input: ChatInput) throws(ReadError) -> ReadResult {
        let root = try parseDocument(input)
        guard root.members != nil else {
            throw ReadError(
                location: input.location(ofByte: root.offset),
                problem: .wrongType(field: "the log", expected: "an object", found: root.typeName))
        }
        if let version = root["version"] {
            guard let number = version.int else {
                throw ReadError(
                    location: input.location(ofByte: version.offset),
                    problem: .wrongType(field: "version", expected: "a whole number", found: version.typeName))
            }
            if number > supportedVersion {
                throw ReadError(
                    location: input.location(ofByte: version.offset),
                    problem: .unsupportedVersion(number, supported: supportedVersion))
            }
        }
        var transcript = try ConversationHeader.decode(root, input: input)
        guard let messagesValue = root["messages"] else {
            throw ReadError(location: input.location(ofByte: root.offset), problem: .missingField("messages"))
        }
        guard let list = messagesValue.array else {
            throw ReadError(
                location: input.location(ofByte: messagesValue.offset),
                problem: .wrongType(field: "messages", expected: "an array", found: messagesValue.typeName))
        }
        let decoder = MessageDecoder(input: input)
        transcript.messages.reserveCapacity(list.count)
        for (index, value) in list.enumerated() {
            transcript.messages.append(try decoder.message(value, number: index + 1, fallbackID: "m\(index + 1)"))
        }
        transcript.addUnlistedSenders()
        var report = ImportReport()
        report.messagesRead = transcript.messages.count
        return ReadResult(format: .scrollback, conversations: [transcript], report: report)
    }

    /// Parses the whole input as one JSON document, turning failures into located errors.
    static func parseDocument(_ input: ChatInput) throws(ReadError) -> JSONValue {
        guard let bytes = input.bytes else {
            throw ReadError(location: SourceLocation(file: input.name), problem: .notAFolderFormat("scrollback"))
        }
        if FormatSniffing.firstNonSpace(bytes) == nil {
            throw ReadError(location: SourceLocation(file: input.name, line: 1, column: 1), problem: .empty)
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            let problem: ReadError.Problem =
                error.reason == "The text is not valid UTF-8." ? .invalidUTF8 : .invalidJSON(error.reason)
            throw ReadError(location: input.location(ofByte: error.offset), problem: problem)
        }
    }
}

/// The conversation-level fields shared by the native log and JSON Lines' header line.
enum ConversationHeader {
    static func decode(_ value: JSONValue, input: ChatInput) throws(ReadError) -> Transcript {
        var transcript = Transcript(source: SourceLocation(file: input.name))
        transcript.title = value["title"]?.string
        transcript.me = value["me"]?.scalarText
        transcript.id = value["id"]?.scalarText
        if let zone = value["timeZone"], !zone.isNull {
            guard let name = zone.string, Zone(identifier: name) != nil else {
                throw ReadError(
                    location: input.location(ofByte: zone.offset),
                    problem: .unknownTimeZone(zone.string ?? zone.typeName))
            }
            transcript.timeZone = name
        }
        if let list = value["participants"], !list.isNull {
            guard let items = list.array else {
                throw ReadError(
                    location: input.location(ofByte: list.offset),
                    problem: .wrongType(field: "participants", expected: "an array", found: list.typeName))
            }
            for item in items {
                guard let id = item["id"]?.scalarText else {
                    throw ReadError(
                        location: input.location(ofByte: item.offset), problem: .missingField("participants[].id"))
                }
                transcript.participants.append(
                    Participant(
                        id: id, name: item["name"]?.string, avatar: item["avatar"]?.string, online: item["online"]?.bool
                    ))
            }
        }
        return transcript
    }
}
