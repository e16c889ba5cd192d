/// The rich embeds of a DiscordChatExporter message (a bot's card with fields, or one without a
/// link) as Discord Markdown, read with the message's content: the title (linked when it has a
/// URL) in bold, the author, the description, the fields — a run of inline fields side by side
/// as a table, others as a bold name over the value — and the footer as subtext.
/// An embed that only previews a link (a URL and no fields) is a link card instead (`DiscordParts.embed`).
enum DiscordEmbeds {
    /// Whether `embed` is drawn as text rather than as a link card.
    static func isRich(_ embed: JSONValue) -> Bool {
        let fields = embed["fields"]?.array ?? []
        return !fields.isEmpty || DiscordParts.webURL(embed["url"]) == nil
    }

    /// The message's rich embeds as Markdown paragraphs, `""` when it has none.
    static func markdown(of value: JSONValue) -> String {
        let rich = (value["embeds"]?.array ?? []).filter { isRich($0) }
        let blocks: [String] = rich.map { markdown($0) }
        return blocks.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// One rich embed as Markdown.
    static func markdown(_ embed: JSONValue) -> String {
        var blocks: [String] = []
        if let author = nonEmpty(embed["author"]?["name"]) { blocks.append(MarkdownText.escape(author)) }
        if let title = nonEmpty(embed["title"]) {
            let bold = MarkdownText.wrap(title, "**")
            blocks.append(DiscordParts.webURL(embed["url"]).map { MarkdownText.link(bold, url: $0) } ?? bold)
        }
        if let description = nonEmpty(embed["description"]) { blocks.append(description) }
        blocks += fieldBlocks(embed["fields"]?.array ?? [])
        if let footer = nonEmpty(embed["footer"]?["text"]) { blocks.append("-# " + footer) }
        return blocks.joined(separator: "\n\n")
    }

    /// Fields in order: each run of inline fields with one-line values is a table (names as the
    /// header, values below); any other field is its name in bold over its value.
    private static func fieldBlocks(_ fields: [JSONValue]) -> [String] {
        var blocks: [String] = []
        var row: [(name: String, value: String)] = []
        func flushRow() {
            if row.count == 1 { blocks.append(stacked(row[0].name, row[0].value)) }
            if row.count > 1 {
                let names = row.map { cell($0.name) }
                let rule = row.map { _ in "---" }
                let values = row.map { cell($0.value) }
                blocks.append(
                    [names, rule, values].map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n"))
            }
            row = []
        }
        for field in fields {
            let name = field["name"]?.string ?? ""
            let value = field["value"]?.string ?? ""
            if field["isInline"]?.bool == true, !name.contains("\n"), !value.contains("\n") {
                row.append((name, value))
                continue
            }
            flushRow()
            blocks.append(stacked(name, value))
        }
        flushRow()
        return blocks.filter { !$0.isEmpty }
    }

    private static func stacked(_ name: String, _ value: String) -> String {
        let title = name.trimmingWhitespace().isEmpty ? nil : MarkdownText.wrap(name, "**")
        return [title, value.isEmpty ? nil : value].compactMap { $0 }.joined(separator: "\n\n")
    }

    /// A table cell: its bars escaped, never empty (an empty cell would end the row early).
    private static func cell(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "|", with: "\\|").trimmingWhitespace()
        return escaped.isEmpty ? " " : escaped
    }

    private static func nonEmpty(_ value: JSONValue?) -> String? {
        value?.string.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
    }
}
