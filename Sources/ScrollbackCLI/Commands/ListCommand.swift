import Scrollback

/// How `list` prints: a line a conversation, or JSON for scripts.
enum ListFormat: String, Sendable, CaseIterable {
    case text, json
}

/// `scrollback list INPUT`: the conversations of an export, one a line, read but not laid out.
enum ListCommand {
    static let command = Command(
        name: "list",
        abstract: "List the conversations of an export: id, title, messages, first and last day.",
        usage: ["list INPUT [--format text|json] [options]"],
        discussion: """
            Exports that hold several conversations (a full Telegram export, a Slack workspace,
            ChatGPT's or Claude.ai's conversations.json, a Messenger download) give one line each:
            the id (or number) that --conversation takes, the title, the number of messages, and
            the days of the first and last message. An input of one conversation gives one line.

            Standard output holds only the list. Notes on standard error say how the dates were
            read (date order, time zone; -q leaves them out), warnings what could not be read.
            """,
        examples: [
            .init("list telegram/result.json", "The chats of a full Telegram export."),
            .init(
                "list conversations.json --format json",
                "ChatGPT's conversations as JSON: id, title, messages, first, last."),
        ],
        options: OptionCatalog.specs(for: .list),
        run: { arguments, console in try run(arguments, console: console) }
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            guard arguments.positionals.isEmpty else {
                throw UsageError.tooManyInputs("list takes one INPUT.", arguments)
            }
            throw UsageError("list needs an INPUT (a file, a folder, or - for standard input).")
        }
        let format = try arguments.value(OptionCatalog.listFormat) ?? .text
        let zone = try arguments.value(OptionCatalog.readingTZ)
        let input = try ChatInput.load(path)
        // Notes on standard error say what the dates were read as (-q leaves them out); who `me` is
        // does not change a listing, and list takes no --me.
        let result = try SharedOptions.read(input, arguments, console: console, sides: false)
        let summaries = result.listings(zone: zone)
        console.out(format == .json ? json(summaries) : text(summaries))
        return 0
    }

    /// Aligned columns: id, title, messages, first and last day.
    static func text(_ summaries: [ConversationListing]) -> String {
        let ids = summaries.map { Console.printable($0.id) }
        let titles = summaries.map { Console.printable($0.title ?? "(no title)") }
        let counts = summaries.map { "\($0.messageCount) message\($0.messageCount == 1 ? "" : "s")" }
        let idWidth = ids.map(\.count).max() ?? 0
        let titleWidth = titles.map(\.count).max() ?? 0
        let countWidth = counts.map(\.count).max() ?? 0
        var text = ""
        for (index, summary) in summaries.enumerated() {
            var line = pad(ids[index], idWidth) + "  " + pad(titles[index], titleWidth) + "  "
            line += String(repeating: " ", count: countWidth - counts[index].count) + counts[index]
            if let first = summary.first, let last = summary.last { line += "  \(first)  \(last)" }
            text += line + "\n"
        }
        return text
    }

    /// `[{"first" : "2024-01-14", "id" : "42", "last" : …, "messages" : 9, "title" : …}]`, laid out
    /// as the layout JSON is (`JSONWriter.pretty`), keys sorted.
    static func json(_ summaries: [ConversationListing]) -> String {
        var json = JSONWriter(style: .pretty)
        json.write(
            .array(
                summaries.map { summary in
                    .orderedObject([
                        ("first", summary.first.map { .string($0.description) } ?? .null),
                        ("id", .string(summary.id)),
                        ("last", summary.last.map { .string($0.description) } ?? .null),
                        ("messages", .int(summary.messageCount)),
                        ("title", summary.title.map { .string($0) } ?? .null),
                    ])
                }))
        return json.text + "\n"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
