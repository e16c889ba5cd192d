import ScrollbackModel

/// The native log format, version 1 (SPEC section 3).
enum NativeJSONReader {
    /// The newest version this reader understands.
    static let supportedVersion = 1

    static let reader = ChatReader(
        format: .scrollback,
        summary: "Scrollback JSON log, version 1 (SPEC section 3)",
        sniff: { input in input.bytes.map(FormatSniffing.looksLikeNativeJSON) ?? false },
        read: { input, _ in try read(input) }
    )

    static func read(_ input: ChatInput) throws(ReadError) -> ReadResult {
        let root = try parseDocument(input)
        let locate = { (offset: Int) in input.location(ofByte: offset) }
        guard root.members != nil else {
            throw ReadError(
                location: locate(root.offset),
                problem: .wrongType(field: "the log", expected: "an object", found: root.typeName))
        }
        var transcript = Transcript(source: SourceLocation(file: input.name))
        try ConversationHeader.apply(root, to: &transcript, locate: locate)
        guard let messagesValue = root["messages"] else {
            throw ReadError(location: locate(root.offset), problem: .missingField("messages"))
        }
        guard let list = messagesValue.array else {
            throw ReadError(
                location: locate(messagesValue.offset),
                problem: .wrongType(field: "messages", expected: "an array", found: messagesValue.typeName))
        }
        let decoder = MessageDecoder(input: input)
        var cursor = LocationCursor(name: input.name, bytes: input.bytes ?? [])
        transcript.messages.reserveCapacity(list.count)
        for (index, value) in list.enumerated() {
            var message = try decoder.message(value, number: index + 1, fallbackID: "m\(index + 1)")
            message.location = cursor.location(of: value.offset)
            transcript.messages.append(message)
        }
        transcript.addUnlistedSenders()
        var report = ImportReport()
        report.messagesRead = transcript.messages.count
        report.warnings = DuplicateIDs.warnings(transcript.messages, file: input.name)
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
            throw ReadError(location: input.location(ofByte: error.offset), problem: error.problem)
        }
    }
}

extension JSONParser.Failure {
    /// The failure as a reader's problem: bad UTF-8 is named as such, everything else is invalid JSON.
    var problem: ReadError.Problem { isInvalidUTF8 ? .invalidUTF8 : .invalidJSON(reason) }
}
