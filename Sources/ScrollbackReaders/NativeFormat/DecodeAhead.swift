import ScrollbackModel

/// A native log's messages decoded from their JSON values on a second core while the parser
/// reads on (an `InOrderWorker`): the parser locates each value and hands it over, the worker
/// decodes the values in that order, and the parser takes the decoded batches back as they are
/// finished.
enum DecodeAhead {
    /// A value with its place in the file, located by the parser while its bytes are at hand.
    typealias Located = (value: JSONValue, location: SourceLocation)
    typealias Worker = InOrderWorker<Located, Progress, Decoded>

    /// What the worker knows of the messages before a batch.
    struct Progress {
        /// Messages handed over so far.
        var count = 0
        /// Whether one could not be decoded: the rest are not tried.
        var failed = false
    }

    /// A batch's messages, with the notes a whole read gives about them, up to the first message
    /// that could not be decoded (`failure`).
    struct Decoded {
        var messages: [Message] = []
        var emptyNotes: [ImportReport.Note] = []
        var failure: ReadError?
    }

    /// A worker for `input`'s messages; `reporting`: whether empty messages are noted.
    static func worker(input: ChatInput, reporting: Bool) -> Worker {
        let decoder = MessageDecoder(input: input)
        return Worker(Progress()) { progress, batch in
            var decoded = Decoded()
            let first = progress.count + 1
            progress.count += batch.count
            guard !progress.failed else { return decoded }
            decoded.messages.reserveCapacity(batch.count)
            for (index, item) in batch.enumerated() {
                do throws(ReadError) {
                    let (message, note) = try decode(
                        item.value, number: first + index, location: item.location, decoder: decoder,
                        reporting: reporting, file: input.name)
                    if let note { decoded.emptyNotes.append(note) }
                    decoded.messages.append(message)
                } catch {
                    decoded.failure = error
                    progress.failed = true
                    break
                }
            }
            return decoded
        }
    }

    /// Message `number` from its JSON value, at `location`, and with `reporting` the note an empty
    /// message gets: the one decoding step of the native log, on one thread or on the second core.
    static func decode(
        _ value: JSONValue, number: Int, location: SourceLocation, decoder: MessageDecoder, reporting: Bool,
        file: String
    ) throws(ReadError) -> (message: Message, emptyNote: ImportReport.Note?) {
        var message = try decoder.message(value, number: number, fallbackID: "m\(number)")
        message.location = location
        guard reporting && EmptyMessages.isEmpty(message) else { return (message, nil) }
        let note = EmptyMessages.note(
            message, number: number, unknownFields: EmptyMessages.unknownFields(value), file: file)
        return (message, note)
    }
}
