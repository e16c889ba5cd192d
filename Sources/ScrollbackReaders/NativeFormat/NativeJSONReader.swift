import ScrollbackModel

/// The native log format, version 1 (docs/FORMATS.md).
enum NativeJSONReader {
    /// The newest version this reader understands.
    static let supportedVersion = 1

    static let reader = ChatReader(
        format: .scrollback,
        summary: "Scrollback JSON log, version 1",
        sniff: { $0.bytes.map(FormatSniffing.looksLikeNativeJSON) ?? false }, read: read(_:)
    )

    static func read(_ input: ChatInput) throws(ReadError) -> ReadResult {
        try read(input, decodingAhead: DecodeAhead.Worker.pays(forBytes: input.bytes?.count ?? 0))
    }

    /// Reads the log, with `decodingAhead` decoding its messages on a second core.
    static func read(_ input: ChatInput, decodingAhead: Bool) throws(ReadError) -> ReadResult {
        if decodingAhead, let result = try? read(input, ahead: DecodeAhead.worker(input: input, reporting: true)) {
            return result
        }
        // One core, a small log, or a log that does not read: on one thread, which also gives a
        // bad log's first error exactly as the parser meets it.
        return try read(input, ahead: nil)
    }

    static func read(_ input: ChatInput, ahead: DecodeAhead.Worker?) throws(ReadError) -> ReadResult {
        var messages: [Message] = []
        var result = try stream(input, reporting: true, ahead: ahead) { messages.append($0) }
        result.conversations[0].messages = messages
        return result
    }

    /// Reads the log message by message: each goes to `each` as the parser reaches it, so the
    /// JSON tree of the whole log is never held, only the header's values and one message's.
    /// Returns the conversation without its messages (participants include unlisted senders),
    /// and, with `reporting`, the warnings a whole read gives.
    static func stream(
        _ input: ChatInput, reporting: Bool, each: (consuming Message) -> Void
    ) throws(ReadError) -> ReadResult {
        try stream(input, reporting: reporting, ahead: nil, each: each)
    }

    /// `stream`, with messages decoded by `ahead` on another core when it is given. Then a log
    /// that does not read may fail at a later place than on one thread (the parser runs ahead of
    /// the decoding): `read` reads such a log again without it.
    private static func stream(
        _ input: ChatInput, reporting: Bool, ahead: DecodeAhead.Worker?, each: (consuming Message) -> Void
    ) throws(ReadError) -> ReadResult {
        let decoder = MessageDecoder(input: input)
        var cursor = LocationCursor(name: input.name, bytes: input.bytes ?? [])
        var taken = TakenMessages(input: input, reporting: reporting)
        let root = try withoutActuallyEscaping(each) { each throws(ReadError) in
            let parsed: JSONValue
            do throws(ReadError) {
                parsed = try parseDocument(
                    input,
                    streamingMessages: { value in
                        let location = cursor.location(of: value.offset)
                        if let ahead { return taken.take(ahead.add((value, location)), each: each) }
                        return taken.decode(value, location: location, decoder: decoder, each: each)
                    })
            } catch {
                _ = ahead?.finish()
                throw error
            }
            if let ahead, taken.failure == nil {
                _ = taken.take(ahead.finish().outputs, each: each)
            } else {
                _ = ahead?.finish()
            }
            return parsed
        }
        return try result(root, taken: taken, input: input)
    }

    /// The conversation the log's header gives, once its messages are taken; the first of the
    /// messages' failures, or the header's, is thrown.
    private static func result(_ root: JSONValue, taken: TakenMessages, input: ChatInput) throws(ReadError)
        -> ReadResult
    {
        let locate = { (offset: Int) in input.location(ofByte: offset) }
        guard root.members != nil else {
            throw ReadError(
                location: locate(root.offset),
                problem: .wrongType(field: "the log", expected: "an object", found: root.typeName))
        }
        if let failure = taken.failure {
            // A newer version explains a message this reader cannot decode better than the message does.
            try ConversationHeader.checkVersion(root, locate: locate)
            throw failure
        }
        var transcript = Transcript(source: SourceLocation(file: input.name))
        try ConversationHeader.apply(root, to: &transcript, locate: locate)
        guard let messagesValue = root["messages"] else {
            throw ReadError(location: locate(root.offset), problem: .missingField("messages"))
        }
        guard messagesValue.array != nil else {
            throw ReadError(
                location: locate(messagesValue.offset),
                problem: .wrongType(field: "messages", expected: "an array", found: messagesValue.typeName))
        }
        taken.senders.list(in: &transcript)
        var report = ImportReport()
        report.messagesRead = taken.count
        report.warnings = taken.emptyNotes + taken.duplicates.notes
        return ReadResult(format: .scrollback, conversations: [transcript], report: report)
    }

    /// Parses the whole input as one JSON document, turning failures into located errors.
    ///
    /// With `streamingMessages`, each element of the root's `messages` array goes to it as it is
    /// parsed (see `JSONParser.parse(_:streaming:element:)`) and is not kept in the tree.
    static func parseDocument(
        _ input: ChatInput, streamingMessages: ((JSONValue) -> Bool)? = nil
    ) throws(ReadError) -> JSONValue {
        guard let bytes = input.bytes else {
            throw ReadError(location: SourceLocation(file: input.name), problem: .notAFolderFormat("scrollback"))
        }
        if FormatSniffing.firstNonSpace(bytes) == nil {
            throw ReadError(location: SourceLocation(file: input.name, line: 1, column: 1), problem: .empty)
        }
        do {
            if let streamingMessages {
                return try JSONParser.parse(bytes, streaming: "messages", element: streamingMessages)
            }
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

/// What a streamed log's messages add up to, taken in page order on the reading thread: their
/// count, senders, repeated ids and empty-message notes, and the first failure.
private struct TakenMessages {
    let reporting: Bool
    let file: String
    private(set) var count = 0
    private(set) var senders = UnlistedSenders()
    private(set) var duplicates: DuplicateIDs
    private(set) var emptyNotes: [ImportReport.Note] = []
    private(set) var failure: ReadError?

    init(input: ChatInput, reporting: Bool) {
        self.reporting = reporting
        file = input.name
        // Room for about a message per 128 bytes (a chat message is 100–200 bytes of JSON), up to
        // a million: the table of ids then grows a doubling at a time only past that.
        duplicates = DuplicateIDs(
            file: input.name, expecting: reporting ? min((input.bytes?.count ?? 0) / 128, 1 << 20) : 0)
    }

    /// Decodes the next message here; `false` once it failed.
    mutating func decode(
        _ value: JSONValue, location: SourceLocation, decoder: MessageDecoder, each: (consuming Message) -> Void
    ) -> Bool {
        do throws(ReadError) {
            let (message, note) = try DecodeAhead.decode(
                value, number: count + 1, location: location, decoder: decoder, reporting: reporting, file: file)
            if let note { emptyNotes.append(note) }
            accept(message, each: each)
            return true
        } catch {
            failure = error
            return false
        }
    }

    /// Takes batches decoded on another core; `false` once one failed.
    mutating func take(_ batches: [DecodeAhead.Decoded], each: (consuming Message) -> Void) -> Bool {
        for batch in batches {
            for message in batch.messages { accept(message, each: each) }
            emptyNotes += batch.emptyNotes
            if let error = batch.failure {
                failure = error
                return false
            }
        }
        return true
    }

    private mutating func accept(_ message: consuming Message, each: (consuming Message) -> Void) {
        count += 1
        if reporting { duplicates.add(message, number: count) }
        senders.add(message.sender)
        each(message)
    }
}
