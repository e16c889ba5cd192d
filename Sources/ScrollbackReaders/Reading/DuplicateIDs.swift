import ScrollbackModel

/// Ids are permalinks (`#msg-ID`) and reply targets, so two messages with one id are worth a warning.
struct DuplicateIDs {
    private var firstNumber: [String: Int] = [:]
    /// A warning for every message whose id an earlier message already has, in order.
    private(set) var notes: [ImportReport.Note] = []
    private let file: String

    /// Looks for duplicates among the messages of `file`, given one at a time.
    init(file: String, expecting count: Int = 0) {
        self.file = file
        firstNumber.reserveCapacity(count)  // growing it step by step rehashes every id many times
    }

    /// Notes message number `number` (1-based).
    mutating func add(_ message: Message, number: Int) {
        if !firstNumber.insertIfAbsent(message.id, number), let first = firstNumber[message.id] {
            notes.append(
                ImportReport.Note(
                    location: message.location ?? SourceLocation(file: file),
                    text: "message \(number) has the id \"\(message.id)\" of message \(first); "
                        + "links and replies to it reach only the first."))
        }
    }

    /// A warning for every message whose id an earlier message already has.
    static func warnings(_ messages: [Message], file: String) -> [ImportReport.Note] {
        var duplicates = DuplicateIDs(file: file, expecting: messages.count)
        for (index, message) in messages.enumerated() { duplicates.add(message, number: index + 1) }
        return duplicates.notes
    }
}
