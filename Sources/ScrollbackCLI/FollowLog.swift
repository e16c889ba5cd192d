import Scrollback

/// Decodes one line of a JSON Lines stream into a header or a message.
///
/// `follow` depends on this small protocol rather than on a reader, so the line decoder
/// behind it can change without touching the command.
protocol FollowLineDecoding {
    /// The entry on line `lineNumber`, or `nil` for a blank line; `existing` finds earlier messages by id.
    mutating func decode(_ line: [UInt8], lineNumber: Int, existing: (String) -> Message?) throws -> FollowEntry?
}

/// One decoded line.
enum FollowEntry {
    case conversation(Transcript)
    case message(Message)
}

/// The JSON Lines decoder of `ScrollbackReaders`.
struct ReadersFollowDecoder: FollowLineDecoding {
    var decoder: StreamLineDecoder

    init(name: String) { decoder = StreamLineDecoder(name: name) }

    mutating func decode(_ line: [UInt8], lineNumber: Int, existing: (String) -> Message?) throws -> FollowEntry? {
        switch try decoder.decode(line, lineNumber: lineNumber, existing: existing) {
        case .conversation(let header): return .conversation(header)
        case .message(let message): return .message(message)
        case nil: return nil
        }
    }
}

/// The conversation so far: every line applied in order, updates replacing messages by id.
struct FollowLog<Decoder: FollowLineDecoding> {
    private(set) var transcript: Transcript
    private var decoder: Decoder
    private var positions: [String: Int] = [:]
    private var lineNumber = 0

    init(name: String, decoder: Decoder) {
        self.transcript = Transcript(source: SourceLocation(file: name))
        self.decoder = decoder
    }

    /// Applies the next line of the stream.
    mutating func apply(_ line: [UInt8]) throws {
        lineNumber += 1
        let entry: FollowEntry?
        do {
            // Copies scoped to this block, so the array is not copied again when a message is replaced.
            let messages = transcript.messages
            let positions = self.positions
            entry = try decoder.decode(line, lineNumber: lineNumber) { id in positions[id].map { messages[$0] } }
        }
        switch entry {
        case .conversation(let header)?:
            transcript.title = header.title ?? transcript.title
            transcript.me = header.me ?? transcript.me
            transcript.timeZone = header.timeZone ?? transcript.timeZone
            transcript.id = header.id ?? transcript.id
            for participant in header.participants {
                if let index = transcript.participants.firstIndex(where: { $0.id == participant.id }) {
                    transcript.participants[index] = participant
                } else {
                    transcript.participants.append(participant)
                }
            }
        case .message(let message)?:
            if let index = self.positions[message.id] {
                transcript.messages[index] = message
            } else {
                self.positions[message.id] = transcript.messages.count
                transcript.messages.append(message)
            }
        case nil: break
        }
    }
}
