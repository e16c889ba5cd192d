import ScrollbackModel

/// A message with neither text nor attachments draws as an empty bubble. Most often the log
/// spelled a field in its own way (`body` for `text`), so the reader says so, naming the fields
/// of the message it did not read.
enum EmptyMessages {
    /// Whether `message` would draw as a bubble with nothing in it.
    static func isEmpty(_ message: Message) -> Bool {
        message.kind == .message && !message.deleted && !message.hidden && message.attachments.isEmpty
            && message.text.allSatisfy(\.isWhitespace)
    }

    /// The keys of the message object `value` that no message field has, in the order written.
    static func unknownFields(_ value: JSONValue) -> [String] {
        guard case .object(let members) = value.kind else { return [] }
        var keys: [String] = []
        for member in members
        where member.key != "type" && MessageMembers.Field(rawValue: member.key) == nil && !keys.contains(member.key) {
            keys.append(member.key)
        }
        return keys
    }

    /// The warning for empty message number `number` (1-based), which had `unknownFields`.
    static func note(_ message: Message, number: Int, unknownFields: [String], file: String) -> ImportReport.Note {
        var text =
            "message \(number) (id \"\(message.id)\") has neither text nor attachments, so it draws as an empty bubble"
        if unknownFields.isEmpty {
            text += "."
        } else {
            let quoted = unknownFields.map { "\"\($0)\"" }.joined(separator: ", ")
            text += "; it has fields Scrollback does not read: \(quoted) (the text goes in \"text\")."
        }
        return ImportReport.Note(location: message.location ?? SourceLocation(file: file), text: text)
    }
}
