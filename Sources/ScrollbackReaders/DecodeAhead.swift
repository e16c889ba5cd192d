import Foundation
import ScrollbackModel

/// A native log's messages decoded from their JSON values on a second core while the parser
/// reads on: the parser hands over batches of values in order, one worker thread decodes them in
/// that order (locating each, as the reader on one thread does), and the parser takes the decoded
/// batches back as they are finished. At most a few batches wait, so memory stays that of a few
/// batches of values.
final class DecodeAhead: @unchecked Sendable {
    /// Values per batch: enough to make the hand-over rare.
    static let batchSize = 256
    /// Logs smaller than this are read on one thread: starting the worker would cost more.
    static let minimumBytes = 1 << 20
    /// Batches handed over and not yet decoded, at most.
    static let queueLength = 4

    /// A batch's messages, with the notes a whole read gives about them, up to the first message
    /// that could not be decoded (`failure`).
    struct Decoded {
        var messages: [Message] = []
        var emptyNotes: [ImportReport.Note] = []
        var failure: ReadError?
    }

    private let input: ChatInput
    private let reporting: Bool
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var waiting: [(first: Int, values: [JSONValue])] = []
    private var decoded: [Decoded] = []
    private var busy = false
    private var closed = false

    /// Starts the worker for `input`'s messages; `reporting`: whether empty messages are noted.
    init(input: ChatInput, reporting: Bool) {
        self.input = input
        self.reporting = reporting
        Thread { self.work() }.start()
    }

    /// Hands over `values`, messages number `first` onwards; waits while the queue is full.
    func submit(_ values: [JSONValue], first: Int) {
        condition.lock()
        while waiting.count >= Self.queueLength { condition.wait() }
        waiting.append((first, values))
        condition.broadcast()
        condition.unlock()
    }

    /// The batches decoded since the last call, in order, without waiting.
    func finished() -> [Decoded] {
        condition.lock()
        defer { condition.unlock() }
        let batches = decoded
        decoded = []
        return batches
    }

    /// Waits for every batch handed over, stops the worker and returns what was not yet taken.
    func finish() -> [Decoded] {
        condition.lock()
        closed = true
        condition.broadcast()
        while !waiting.isEmpty || busy { condition.wait() }
        let batches = decoded
        decoded = []
        condition.unlock()
        return batches
    }

    private func work() {
        let decoder = MessageDecoder(input: input)
        var cursor = LocationCursor(name: input.name, bytes: input.bytes ?? [])
        var failed = false
        while true {
            condition.lock()
            while waiting.isEmpty && !closed { condition.wait() }
            if waiting.isEmpty {
                condition.unlock()
                return
            }
            let (first, values) = waiting.removeFirst()
            busy = true
            condition.broadcast()
            condition.unlock()
            var batch = Decoded()
            if !failed {
                batch.messages.reserveCapacity(values.count)
                for (index, value) in values.enumerated() {
                    let number = first + index
                    do throws(ReadError) {
                        let (message, note) = try Self.decode(
                            value, number: number, decoder: decoder, cursor: &cursor, reporting: reporting,
                            file: input.name)
                        if let note { batch.emptyNotes.append(note) }
                        batch.messages.append(message)
                    } catch {
                        batch.failure = error
                        failed = true
                        break
                    }
                }
            }
            condition.lock()
            decoded.append(batch)
            busy = false
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Message `number` from its JSON value, located, and with `reporting` the note an empty
    /// message gets: the one decoding step of the native log, on one thread or on the second core.
    static func decode(
        _ value: JSONValue, number: Int, decoder: MessageDecoder, cursor: inout LocationCursor, reporting: Bool,
        file: String
    ) throws(ReadError) -> (message: Message, emptyNote: ImportReport.Note?) {
        var message = try decoder.message(value, number: number, fallbackID: "m\(number)")
        message.location = cursor.location(of: value.offset)
        guard reporting && EmptyMessages.isEmpty(message) else { return (message, nil) }
        let note = EmptyMessages.note(
            message, number: number, unknownFields: EmptyMessages.unknownFields(value), file: file)
        return (message, note)
    }
}
