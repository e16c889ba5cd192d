import ScrollbackModel

/// Decodes a JSON Lines stream one line at a time, as `scrollback follow` receives it.
///
/// A line is a conversation header (`{"type": "conversation", …}`), a new message, or an
/// update of an earlier message with the same `id` (SPEC section 3). An update needs only the
/// fields it changes: the others, `time` and `sender` included, are kept from the earlier line.
public struct StreamLineDecoder: Sendable {
    /// What one line holds.
    public enum Entry: Sendable {
        /// Title, `me`, time zone and participants; `messages` is empty.
        case conversation(Transcript)
        /// A message; when its id was seen before, it replaces that message.
        case message(Message)
    }

    /// The stream's name in error messages (the path, or `-`).
    public let name: String
    private var messagesSeen = 0

    /// Creates a decoder for the stream called `name`.
    public init(name: String) { self.name = name }

    /// Decodes line `lineNumber` (1-based); `existing` looks up earlier messages by id.
    /// Blank lines give `nil`.
    public mutating func decode(_ line: [UInt8], lineNumber: Int, existing: (String) -> Message?) throws(ReadError)
        -> Entry?
    {
        guard FormatSniffing.firstNonSpace(line) != nil else { return nil }
        let input = ChatInput(name: name, bytes: line)
        do throws(ReadError) {
            let value: JSONValue
            do {
                value = try JSONParser.parse(line)
            } catch {
                let problem: ReadError.Problem =
                    error.reason == "The text is not valid UTF-8." ? .invalidUTF8 : .invalidJSON(error.reason)
                throw ReadError(location: input.location(ofByte: error.offset), problem: problem)
            }
            if value["type"]?.string == "conversation" {
                return .conversation(try ConversationHeader.decode(value, input: input))
            }
            let id = value["id"]?.scalarText
            if let id, let earlier = existing(id) {
                return .message(try update(earlier, with: value, input: input))
            }
            messagesSeen += 1
            let decoder = MessageDecoder(input: input)
            return .message(try decoder.message(value, number: messagesSeen, fallbackID: "m\(messagesSeen)"))
        } catch {
            var located = error
            located.location?.line = lineNumber
            throw located
        }
    }

    /// `earlier` with the fields `value` gives replaced.
    private func update(_ earlier: Message, with value: JSONValue, input: ChatInput) throws(ReadError) -> Message {
        guard var members = value.members else { return earlier }
        let given = Set(members.map(\.key))
        if !given.contains("time") { members.append(("time", JSONValue(.string(earlier.time.description), offset: 0))) }
        if !given.contains("sender"), let sender = earlier.sender {
            members.append(("sender", JSONValue(.string(sender), offset: 0)))
        }
        if !given.contains("kind") { members.append(("kind", JSONValue(.string(earlier.kind.rawValue), offset: 0))) }
        let decoded = try MessageDecoder(input: input).message(
            JSONValue(.object(members), offset: value.offset), number: messagesSeen, fallbackID: earlier.id)
        var merged = earlier
        if given.contains("time") { merged.time = decoded.time }
        if given.contains("sender") { merged.sender = decoded.sender }
        if given.contains("kind") { merged.kind = decoded.kind }
        if given.contains("text") { merged.text = decoded.text }
        if given.contains("format") { merged.format = decoded.format }
        if given.contains("replyTo") { merged.replyTo = decoded.replyTo }
        if given.contains("status") { merged.status = decoded.status }
        if given.contains("reactions") { merged.reactions = decoded.reactions }
        if given.contains("attachments") { merged.attachments = decoded.attachments }
        if given.contains("edited") { merged.edited = decoded.edited }
        if given.contains("deleted") { merged.deleted = decoded.deleted }
        if given.contains("hidden") { merged.hidden = decoded.hidden }
        if given.contains("meta") { merged.meta = decoded.meta }
        return merged
    }
}
