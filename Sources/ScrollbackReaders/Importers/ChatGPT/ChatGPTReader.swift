import Foundation
import ScrollbackModel

/// ChatGPT's data export, `conversations.json`: an array of conversations, each a `mapping` tree.
enum ChatGPTReader {
    static let reader = ChatReader(
        format: .chatgpt,
        summary: "ChatGPT data export conversations.json (the branch shown, one conversation each)",
        sniff: { input in
            guard let head = FormatSniffing.jsonHead(input) else { return false }
            return ImportSniffing.hasMember(head, "mapping")
                && (ImportSniffing.hasMember(head, "current_node") || ImportSniffing.hasMember(head, "author")
                    || ImportSniffing.hasMember(head, "children"))
        },
        read: read(_:options:)
    )

    /// Participant ids: the person is `user` (and `me`), the model `assistant`, tools `tool`.
    static let participants = [
        Participant(id: "user", name: "You"), Participant(id: "assistant", name: "ChatGPT"),
        Participant(id: "tool", name: "Tool"),
    ]

    static func read(_ input: ChatInput, options: ReadOptions) throws(ReadError) -> ReadResult {
        guard let bytes = input.bytes else {
            throw ReadError(location: SourceLocation(file: input.name), problem: .notAFolderFormat("chatgpt"))
        }
        // Each node is converted as the parser reaches it, then each conversation once its nodes
        // are in: neither the export's tree nor a whole conversation's is held.
        var report = ImportReport()
        let converter = ChatGPTConversation(
            input: input, lines: LineIndex(file: input.name, bytes: bytes), files: assetFiles(input.baseDirectory))
        var conversations = ExportConversations()
        var nodes: [ChatGPTConversation.Node] = []
        func add(_ value: JSONValue) {
            let number = conversations.number
            defer { nodes = [] }
            guard value["mapping"]?.members != nil else {
                report.skipped.append(conversations.skipped(value, lacking: "mapping", file: input.name, bytes: bytes))
                return
            }
            conversations.append(converter.convert(value, nodes: &nodes, number: number, report: &report))
        }
        // A list of conversations, or one conversation on its own.
        let isList = FormatSniffing.firstNonSpace(bytes) == UInt8(ascii: "[")
        let paths: [[String?]] = isList ? [[nil, "mapping", nil], [nil]] : [["mapping", nil]]
        let root = try ImportJSON.parse(bytes, file: input.name, handingOn: paths) { value, key, path in
            if path == 1 { add(value) } else { nodes.append(converter.node(value, key: key ?? "")) }
            return true
        }
        if !isList {
            guard root["mapping"] != nil else {
                throw ReadError(
                    location: input.location(ofByte: root.offset),
                    problem: .syntax("A ChatGPT export is an array of conversations, each with a \"mapping\"."))
            }
            add(root)
        }
        report.inferences.append("`me` is the user; ChatGPT's replies are on the left")
        if conversations.all.count > 1 { report.inferences.append("\(conversations.all.count) conversations read") }
        return ReadResult(format: .chatgpt, conversations: conversations.all, report: report)
    }

    /// Files beside the export (`file-abc123-photo.png`), so image pointers can name them.
    private static func assetFiles(_ folder: String?) -> [String] {
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasPrefix("file") }.sorted()
    }
}
