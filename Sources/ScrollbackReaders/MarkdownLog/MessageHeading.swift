import Foundation
import ScrollbackModel

/// A heading that starts a message in a Markdown log.
///
/// Dated: `### SENDER · YYYY-MM-DD HH:MM[:SS] {attributes}` (level 3; `•`, `|`, `-`, `–`
/// or `—` with spaces around may stand for `·`). Role: `## User`, `## Assistant`,
/// `## System`, `## Tool` (level 2, any case, `Human` meaning `User`, an optional `:`).
struct MessageHeading {
    /// Who speaks.
    var speaker: Speaker
    /// The `{…}` block, if any.
    var attributes = HeadingAttributes()

    /// The speaker part of a heading.
    enum Speaker: Equatable {
        /// A dated heading: the sender as written, and the time with its column.
        case dated(sender: String, time: LocalTime, timeColumn: Int)
        /// An AI chat's role heading.
        case role(Role)
    }

    /// The roles of AI chat exports.
    enum Role: String, CaseIterable {
        case user, assistant, system, tool
    }

    /// The dated message heading `line` holds: `nil` when it is no such heading, a failure when it
    /// is one whose time or attributes are wrong.
    static func dated(_ line: Substring) throws(LineFailure) -> MessageHeading? {
        guard let content = atxContent(line, level: 3) else { return nil }
        let (rest, block) = splitAttributes(content)
        // `### · 2026-11-28 09:14` has the separator first: a message heading without a sender.
        let separator =
            lastSeparator(in: rest)
            ?? (rest.hasPrefix("· ") ? rest.startIndex..<rest.index(rest.startIndex, offsetBy: 2) : nil)
        guard let separator else { return nil }
        let sender = rest[..<separator.lowerBound].trimmingSpaces
        let timeText = rest[separator.upperBound...].trimmingSpaces
        guard looksLikeTime(timeText) else { return nil }
        guard !sender.isEmpty else {
            throw LineFailure(
                column: line.column(of: content.startIndex),
                problem: .syntax("the message heading has no sender before the time."))
        }
        var attributes = HeadingAttributes()
        if let block { attributes = try HeadingAttributes.parse(block, column: line.column(of: block.startIndex)) }
        guard let time = LocalTime(timeText) else {
            throw LineFailure(
                column: line.column(of: timeText.startIndex),
                problem: .syntax(
                    "the heading's time \"\(timeText)\" is not a date and time of the form YYYY-MM-DD HH:MM[:SS]."),
                id: attributes.id)
        }
        return MessageHeading(
            speaker: .dated(sender: String(sender), time: time, timeColumn: line.column(of: timeText.startIndex)),
            attributes: attributes)
    }

    /// The role heading `line` holds, `nil` when it is no such heading.
    static func role(_ line: Substring) throws(LineFailure) -> MessageHeading? {
        guard let content = atxContent(line, level: 2) else { return nil }
        let (rest, block) = splitAttributes(content)
        var name = rest.trimmingSpaces.lowercased()
        if name.hasSuffix(":") { name.removeLast() }
        if name == "human" { name = "user" }
        guard let role = Role(rawValue: name) else { return nil }
        var heading = MessageHeading(speaker: .role(role))
        if let block {
            heading.attributes = try HeadingAttributes.parse(block, column: line.column(of: block.startIndex))
        }
        return heading
    }

    /// A level-`level` ATX heading's text, without the optional closing `#`s (CommonMark 4.2).
    static func atxContent(_ line: Substring, level: Int) -> Substring? {
        let body = line.drop(while: { $0 == " " })
        guard line.count - body.count <= 3 else { return nil }
        let hashes = body.prefix(while: { $0 == "#" })
        guard hashes.count == level else { return nil }
        var content = body[hashes.endIndex...]
        guard content.isEmpty || content.first == " " || content.first == "\t" else { return nil }
        content = content.trimmingSpaces
        let withoutClosing = content.reversed().drop(while: { $0 == "#" })
        if withoutClosing.isEmpty {
            content = content[content.endIndex...]
        } else if withoutClosing.count < content.count, withoutClosing.first == " " || withoutClosing.first == "\t" {
            content = content[..<content.index(content.startIndex, offsetBy: withoutClosing.count)].trimmingSpaces
        }
        return content
    }

    /// Separates a trailing `{…}` block (returned without its braces) from the rest.
    private static func splitAttributes(_ content: Substring) -> (Substring, Substring?) {
        guard content.hasSuffix("}"), let open = content.lastIndex(of: "{") else { return (content, nil) }
        let block = content[content.index(after: open)..<content.index(before: content.endIndex)]
        return (content[..<open].trimmingSpaces, block)
    }

    /// The last separator between sender and time.
    private static func lastSeparator(in text: Substring) -> Range<Substring.Index>? {
        [" · ", " • ", " | ", " — ", " – ", " - "]
            .compactMap { text.range(of: $0, options: .backwards) }
            .max { $0.lowerBound < $1.lowerBound }
    }

    /// Whether the text after a separator is meant as a time (so a wrong one is an error rather
    /// than body text): its first word is digits joined by `-`, `/`, `.` or `:`.
    private static func looksLikeTime(_ text: Substring) -> Bool {
        let word = text.prefix(while: { $0 != " " && $0 != "T" })
        guard let first = word.first, first.isASCII, first.isNumber else { return false }
        return word.allSatisfy { ($0.isASCII && $0.isNumber) || "-/.:".contains($0) }
            && word.contains(where: { "-/.:".contains($0) })
    }
}

extension Substring {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: Substring {
        let start = drop(while: { $0 == " " || $0 == "\t" })
        var end = start.endIndex
        while end > start.startIndex {
            let before = start.index(before: end)
            guard start[before] == " " || start[before] == "\t" else { break }
            end = before
        }
        return start[..<end]
    }
}
