import ScrollbackModel

/// An input's conversation read one message at a time, for work that need not hold them all
/// (a merge keeps its history and one message of the source being applied).
///
/// The native log (whose messages are decoded as the parser reaches them), JSON Lines (line by
/// line) and a one-chat Telegram export (converted as the parser reaches them) are read this way;
/// the conversation's header comes at the end, since a native log may list its participants
/// after its messages. Other formats are read whole by `Readers.read`.
package enum MessageStream {
    /// A JSON Lines line updated a message already handed on, or a Telegram time waits for the
    /// zone the whole export points at: the input holds what a stream cannot give (read it whole
    /// with `Readers.read`).
    package struct UpdatesEarlierMessage: Error, Sendable {}

    /// Reads `input`'s conversation, handing each message to `each` in the order a whole read
    /// gives them, and returns the result of that read without the messages (the conversation's
    /// fields, participants and unlisted senders, and with `reporting` the report).
    ///
    /// Returns `nil`, having handed on nothing, when the input is not read this way: an import
    /// other than one Telegram chat, a folder, or options with a transform (which needs the whole
    /// conversation). Throws `UpdatesEarlierMessage` when, with `reporting`, a JSON Lines line
    /// updates an earlier message (without `reporting`, a second pass over an input a first one
    /// read, updates are not looked for), or a Telegram time waits for the export's zone.
    package static func read(
        _ input: ChatInput, format: InputFormat? = nil, options: ReadOptions = ReadOptions(),
        reporting: Bool = true, each: (consuming Message) -> Void
    ) throws -> ReadResult? {
        guard options.transform == nil, let bytes = input.bytes else { return nil }
        defer { bytes.giveBackPages() }
        do {
            let result = try stream(
                input, format: format ?? Readers.detect(input), options: options, reporting: reporting, each: each)
            try input.checkNotCutShort()
            return result
        } catch {
            try input.checkNotCutShort()
            throw error
        }
    }

    private static func stream(
        _ input: ChatInput, format: InputFormat, options: ReadOptions, reporting: Bool,
        each: (consuming Message) -> Void
    ) throws -> ReadResult? {
        switch format {
        case .scrollback:
            return try NativeJSONReader.stream(input, reporting: reporting, each: each)
        case .jsonl:
            guard let result = try JSONLinesReader.stream(input, reporting: reporting, each: each) else {
                throw UpdatesEarlierMessage()
            }
            return result
        case .telegram:
            return try TelegramReader.stream(input, options: options, reporting: reporting, each: each)
        default:
            return nil
        }
    }

    /// `read` for the file at `path` (not `-`), in `format` (a first reading's, say): a JSON Lines
    /// file is read a megabyte at a time, so not even its bytes are held; other files are loaded.
    package static func read(
        path: String, format: InputFormat, options: ReadOptions = ReadOptions(), reporting: Bool = true,
        each: (consuming Message) -> Void
    ) throws -> ReadResult? {
        guard format == .jsonl, options.transform == nil else {
            return try read(ChatInput.load(path), format: format, options: options, reporting: reporting, each: each)
        }
        guard let result = try JSONLinesReader.stream(file: path, reporting: reporting, each: each) else {
            throw UpdatesEarlierMessage()
        }
        return result
    }
}

/// The senders of messages read one at a time, in the order they first speak, for the
/// participants a log does not list (`Transcript.addUnlistedSenders`, without the messages).
struct UnlistedSenders {
    private var order: [String] = []
    private var known: Set<String> = []
    private var previous: String?  // runs of one sender are the rule: skip hashing the same id again

    mutating func add(_ sender: String?) {
        guard let sender, sender != previous else { return }
        previous = sender
        if known.insert(sender).inserted { order.append(sender) }
    }

    /// Adds to `transcript` a participant, named by its id, for each sender it does not list.
    func list(in transcript: inout Transcript) {
        let listed = Set(transcript.participants.map(\.id))
        for sender in order where !listed.contains(sender) {
            transcript.participants.append(Participant(id: sender, name: sender))
        }
    }
}
