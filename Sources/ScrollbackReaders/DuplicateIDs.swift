import ScrollbackModel

/// Ids are permalinks (`#msg-ID`) and reply targets, so two messages with one id are worth a warning.
enum DuplicateIDs {
    /// A warning for every message whose id an earlier message already has.
    static func warnings(_ messages: [Message], file: String) -> [ImportReport.Note] {
        var firstNumber: [String: Int] = [:]
        firstNumber.reserveCapacity(messages.count)  // growing it step by step rehashes every id many times
        var notes: [ImportReport.Note] = []
        for (index, message) in messages.enumerated() {
            if let first = firstNumber[message.id] {
                notes.append(
                    ImportReport.Note(
                        location: message.location ?? SourceLocation(file: file),
                        text: "message \(index + 1) has the id \"\(message.id)\" of message \(first); "
                            + "links and replies to it reach only the first."))
            } else {
                firstNumber[message.id] = index + 1
            }
        }
        return notes
    }
}
