import Foundation
import ScrollbackModel

/// Claude.ai's data export (Settings → Privacy → Export data): `conversations.json`, an array of
/// conversations, each with its `chat_messages`.
enum ClaudeAIReader {
    static let reader = ChatReader(
        format: .claudeAI,
        summary: "Claude.ai data export conversations.json (chat_messages; one conversation each)",
        sniff: sniff, read: read(_:options:)
    )

    /// Participant ids: the person is `human` (and `me`), the model `assistant`.
    static func participants(humanName: String?) -> [Participant] {
        [Participant(id: "human", name: humanName ?? "You"), Participant(id: "assistant", name: "Claude")]
    }

    static func sniff(_ input: ChatInput) -> Bool {
        guard let head = FormatSniffing.jsonHead(input) else { return false }
        return ImportSniffing.hasMember(head, "chat_messages")
            && (ImportSniffing.hasMember(head, "uuid") || ImportSniffing.hasMember(head, "sender"))
    }

    static func read(_ input: ChatInput, options: ReadOptions) throws(ReadError) -> ReadResult {
        guard let bytes = input.bytes else {
            throw ReadError(location: SourceLocation(file: input.name), problem: .notAFolderFormat("claude-ai"))
        }
        var root: JSONValue? = try ImportJSON.parse(bytes, file: input.name)
        guard var pending = root?.array ?? (root?["chat_messages"] != nil ? [root!] : nil) else {
            throw ReadError(
                location: input.location(ofByte: root!.offset),
                problem: .syntax("A Claude.ai export is an array of conversations, each with \"chat_messages\"."))
        }
        root = nil  // each conversation's JSON goes once it is converted
        pending.reverse()
        var report = ImportReport()
        let humanName = accountName(input.baseDirectory)
        let converter = ClaudeAIConversation(
            input: input, lines: LineIndex(file: input.name, bytes: bytes),
            participants: participants(humanName: humanName))
        var conversations = ExportConversations()
        while let value = pending.popLast() {
            let number = conversations.number
            guard value["chat_messages"]?.array != nil else {
                report.skipped.append(
                    conversations.skipped(value, lacking: "chat_messages", file: input.name, bytes: bytes))
                continue
            }
            conversations.append(converter.convert(value, number: number, report: &report))
        }
        report.inferences.append(
            "`me` is the human" + (humanName.map { " (\($0), from users.json)" } ?? "")
                + "; Claude's replies are on the left")
        if conversations.all.count > 1 { report.inferences.append("\(conversations.all.count) conversations read") }
        return ReadResult(format: .claudeAI, conversations: conversations.all, report: report)
    }

    /// The account holder's name from the `users.json` beside the export, when there is one.
    private static func accountName(_ folder: String?) -> String? {
        guard let folder,
            let data = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent("users.json")),
            let users = try? JSONParser.parse([UInt8](data)), let list = users.array, list.count == 1
        else { return nil }
        return list[0]["full_name"]?.string.flatMap { $0.isEmpty ? nil : $0 }
    }
}
