import ScrollbackModel

/// A message with neither text nor attachments draws as an empty bubble. Most often the log
/// spelled a field in its own way (`body` for `text`), so the reader says so, naming the fields
/// of the message it did not read.
enum EmptyMessages {
    /// Whether `message` would draw as a bubble with nothing in it.
    static func isEmpty(_ message: Message) -> Bool {
        message.kind == .message && !message.deleted && !message.hidden && message.attachments.isEmpty
            && isBlank(message.text)
    }

    /// Whether `text` is only white space. Every message is asked, so ASCII is judged by its
    /// bytes and only other text by its characters.
    static func isBlank(_ text: String) -> Bool {
        for byte in text.utf8 {
            switch byte {
            case 0x09...0x0D, 0x20: continue
            case 0..<0x80: return false
            default: return text.allSatisfy(\.isWhitespace)
            }
        }
        return true
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
