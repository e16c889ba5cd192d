import ScrollbackModel

/// A poll drawn in Block Kit by a poll app, read back into question, options and votes.
///
/// Slack keeps no poll object: apps draw one. Two layouts are read: one section per option
/// (`:one: Option `3`` then the voters' mentions, as Simple Poll draws it) and option fields
/// (`Option`, a bar, `| 50% (2)`, the voters, as Polly draws it).
struct SlackPoll {
    var mrkdwn: SlackMrkdwn

    /// The poll and the blocks it was drawn with, or `nil` when the blocks hold fewer than two options.
    func poll(in blocks: [JSONValue]) -> (Poll, Set<Int>)? {
        var options: [PollOption] = []
        var used = Set<Int>()
        var question: String?
        for (index, block) in blocks.enumerated() {
            switch block["type"]?.string {
            case "section":
                let fields = (block["fields"]?.array ?? []).compactMap { $0["text"]?.string }.compactMap(fieldOption)
                if !fields.isEmpty {
                    options += fields
                    used.insert(index)
                } else if let text = block["text"]?["text"]?.string, let option = sectionOption(text) {
                    options.append(option)
                    used.insert(index)
                } else if question == nil, options.isEmpty, let text = block["text"]?["text"]?.string {
                    question = mrkdwn.plain(text).trimmingWhitespace()
                    used.insert(index)
                }
            case "actions":
                // Voting and "view responses" buttons: drawn by the poll, nothing to read.
                used.insert(index)
            default: continue
            }
        }
        guard options.count >= 2 else { return nil }
        let voters = Set(options.flatMap(\.by))
        return (Poll(question: question ?? "", options: options, voters: voters.isEmpty ? nil : voters.count), used)
    }

    /// `:one: Option text `8`` and, on the lines after it, who voted.
    private func sectionOption(_ text: String) -> PollOption? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var first = String(lines[0]).trimmingWhitespace()
        guard first.hasSuffix("`"), let open = first.dropLast().lastIndex(of: "`"),
            let votes = Int(first[first.index(after: open)..<first.index(before: first.endIndex)])
        else { return nil }
        first = String(first[..<open]).trimmingWhitespace()
        // The option's number is drawn as an emoji (`:one:`); it is not part of the answer.
        if first.hasPrefix(":"), let end = first.dropFirst().firstIndex(of: ":"), !first[..<end].contains(" ") {
            first = String(first[first.index(after: end)...]).trimmingWhitespace()
        }
        guard !first.isEmpty else { return nil }
        let voters = Self.mentions(lines.dropFirst().joined(separator: "\n"))
        return PollOption(text: mrkdwn.plain(first), votes: votes, by: voters)
    }

    /// `Option`, a bar, `|  100% (1)`, and who voted, each on lines of their own.
    private func fieldOption(_ text: String) -> PollOption? {
        let lines = text.split(separator: "\n").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        guard let name = lines.first,
            let tally = lines.first(where: { $0.contains("%") && $0.contains("(") && $0.hasSuffix(")") }),
            let open = tally.lastIndex(of: "("),
            let votes = Int(tally[tally.index(after: open)..<tally.index(before: tally.endIndex)])
        else { return nil }
        return PollOption(text: mrkdwn.plain(name), votes: votes, by: Self.mentions(text))
    }

    /// The user ids of `<@U…>` mentions, in order.
    static func mentions(_ text: String) -> [String] {
        var ids: [String] = []
        _ = ChatMarkup.unwrapTokens(text) { token in
            if token.hasPrefix("@") {
                ids.append(String(token.dropFirst().prefix { $0 != "|" }))
            }
            return ""
        }
        return ids
    }
}
