import Foundation
import ScrollbackModel

/// `--anonymize`: every participant becomes `Person 1`, `Person 2`, … in the order they first
/// speak (then those who never do, as listed), in names, ids and text; avatars are dropped.
///
/// In text, a participant's full name, id and each word of their name (three letters or more)
/// are replaced wherever they stand as whole words, in any case, as are the handles a people
/// file gave them (`aliases`).
package struct Anonymizer: Sendable, Hashable {
    /// Extra handles per participant id (from `--people`), also replaced in text.
    package var aliases: [String: [String]]

    /// Creates an anonymizer.
    package init(aliases: [String: [String]] = [:]) { self.aliases = aliases }

    /// The transcript with pseudonyms for everyone in it.
    package func apply(_ transcript: Transcript) -> Transcript { step(for: transcript).apply(transcript) }

    /// The pseudonyms made for `transcript`: they depend on its participants and the order
    /// they first speak in (`order`) alone.
    func step(for transcript: Transcript) -> PrivacyStep {
        let (ids, byName, names) = pseudonyms(transcript)
        let replacer = NameReplacer(names)
        let files = NameReplacer(Self.fileNameForms(names), inFileNames: true)
        var rewrite = TranscriptRewrite(
            text: { files.replace(destinationsIn: replacer.replace($0)) },
            participant: { id in ids[id] ?? replacer.replace(id) })
        rewrite.fileName = { files.replace(path: $0) }
        // A path shows its file name (a linked page, layout JSON, a line about the file): the
        // name in it is replaced too, so it may no longer lead to its file (docs/SECURITY.md).
        rewrite.path = { files.replace(path: $0) }
        let made = rewrite
        let header = { @Sendable (transcript: Transcript) -> Transcript in
            var result = made.header(transcript)
            // An export's id for a conversation names it (a Messenger thread path holds the other
            // person's name): with pseudonyms it is not kept.
            result.id = nil
            for index in result.participants.indices {
                let original = transcript.participants[index]
                result.participants[index].name = byName[original.id] ?? result.participants[index].name
                result.participants[index].avatar = nil
                result.participants[index].aliases = []
            }
            result.participants = TranscriptRewrite.merged(result.participants)
            return result
        }
        return PrivacyStep(header: header, message: made.apply)
    }

    /// The names of `transcript` replaced as `apply` replaces them in text, and then in file
    /// names: for notes and warnings about it, which quote text, titles and paths.
    package func diagnostics(for transcript: Transcript) -> @Sendable (String) -> String {
        let names = pseudonyms(transcript).names
        let text = NameReplacer(names)
        let files = NameReplacer(Self.fileNameForms(names), inFileNames: true)
        return { files.replace(path: text.replace($0)) }
    }

    /// Participant id → pseudonymous id and name, and every form of a name looked for in text
    /// (lower-cased) → its pseudonym.
    private func pseudonyms(_ transcript: Transcript) -> (
        ids: [String: String], byName: [String: String], names: [String: String]
    ) {
        let order = Self.order(transcript)
        var ids: [String: String] = [:]
        var names: [String: String] = [:]
        var byName: [String: String] = [:]
        for (offset, id) in order.enumerated() {
            ids[id] = "p\(offset + 1)"
            byName[id] = "Person \(offset + 1)"
        }
        // Longer names first, so "Ana Lima" is one pseudonym and not "Person 1 Person 1".
        var words: [(String, String)] = []
        for participant in transcript.participants {
            guard let pseudonym = byName[participant.id] else { continue }
            var forms = [participant.name, participant.id] + participant.aliases + (aliases[participant.id] ?? [])
            forms += participant.name.split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count >= 3 }
            for form in forms.flatMap(Self.textForms) {
                words.append((form, form.hasPrefix("@") ? "@" + pseudonym : pseudonym))
            }
        }
        for (form, pseudonym) in words where names[form.lowercased()] == nil { names[form.lowercased()] = pseudonym }
        return (ids, byName, names)
    }

    /// A file name writes a name's spaces as `_`, `-` or `.`, or drops them (`Ana_Lima_notes.txt`).
    static func fileNameForms(_ names: [String: String]) -> [String: String] {
        var forms = names
        for (name, pseudonym) in names where name.contains(" ") {
            for joiner in ["_", "-", ".", ""] {
                _ = forms.insertIfAbsent(name.replacingOccurrences(of: " ", with: joiner), pseudonym)
            }
        }
        return forms
    }

    /// Ids and names a chat app gives a role or a stand-in rather than a person (ChatGPT's and
    /// Claude's `user` and `assistant`, `me`, `you`): words that stay words in text.
    static let placeholders: Set<String> = [
        "user", "assistant", "system", "me", "you", "human", "ai", "bot", "model", "tool", "developer", "unknown",
        "someone", "deleted user",
    ]

    /// How `form` (a name, an id or a handle) is looked for in text: a placeholder not at all, a
    /// number only as a mention of it (`@447700900123`, `<@12>`, never inside a longer number),
    /// anything else as it is.
    static func textForms(_ form: String) -> [String] {
        let trimmed = form.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !placeholders.contains(trimmed.lowercased()) else { return [] }
        let digits = trimmed.filter(\.isNumber)
        let isNumber = !digits.isEmpty && trimmed.allSatisfy { $0.isNumber || " +-().".contains($0) }
        guard isNumber else { return [trimmed] }
        // A phone number written as a name is replaced as written; any number only as a mention.
        return (trimmed.contains(" ") || trimmed.hasPrefix("+") ? [trimmed] : []) + ["@" + digits]
    }

    /// Participant ids in order of first appearance: senders by time, then the rest as listed.
    static func order(_ transcript: Transcript) -> [String] {
        var seen: Set<String> = []
        var order: [String] = []
        let timed = transcript.messages.indices.sorted { a, b in
            let (left, right) = (transcript.messages[a].time, transcript.messages[b].time)
            return left == right ? a < b : left < right
        }
        for index in timed {
            guard let sender = transcript.messages[index].sender, seen.insert(sender).inserted else { continue }
            order.append(sender)
        }
        for participant in transcript.participants where seen.insert(participant.id).inserted {
            order.append(participant.id)
        }
        return order
    }
}

/// Replaces whole-word occurrences of names (in any case) by their pseudonyms. A name inside an
/// e-mail address or a dotted host (`ana.lima@…`) is left for redaction to remove whole: half
/// an address would no longer look like one.
private struct NameReplacer: Sendable {
    private let pseudonyms: [String: String]
    private let expression: Expression?

    /// With `inFileNames`, a name between `_`, `-` or `.` (`Ana_Lima_notes.txt`, `Chiara Rossi.vcf`)
    /// counts as a word.
    init(_ pseudonyms: [String: String], inFileNames: Bool = false) {
        self.pseudonyms = pseudonyms
        let alternatives = pseudonyms.keys.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
            .map(NSRegularExpression.escapedPattern(for:))
        expression =
            alternatives.isEmpty
            ? nil
            : Expression(
                try? NSRegularExpression(
                    pattern: (inFileNames ? "(?<![\\p{L}\\p{N}])(?:" : "(?<![\\p{L}\\p{N}_]|[\\p{L}\\p{N}][.@+])(?:")
                        + alternatives.joined(separator: "|")
                        + (inFileNames ? ")(?![\\p{L}\\p{N}])" : ")(?![\\p{L}\\p{N}_]|\\\\_|[.@+][\\p{L}\\p{N}])"),
                    options: [.caseInsensitive]))
    }

    func replace(_ text: String) -> String {
        guard let regex = expression?.regex, !text.isEmpty else { return text }
        let string = text as NSString
        let matches = regex.matches(in: text, range: NSRange(location: 0, length: string.length))
        guard !matches.isEmpty else { return text }
        var result = ""
        var position = 0
        for match in matches {
            result += string.substring(with: NSRange(location: position, length: match.range.location - position))
            let found = string.substring(with: match.range).lowercased()
            result +=
                pseudonyms[found] ?? pseudonyms.first { $0.key.caseInsensitiveCompare(found) == .orderedSame }?.value
                ?? "Someone"
            position = match.range.location + match.range.length
        }
        return result + string.substring(from: position)
    }

    /// `text` with the names in its Markdown link and image destinations (`](files/Ana_Lima.jpg)`,
    /// `](<files/Ana Lima.jpg>)`) replaced as in file names: a destination is a path a page shows
    /// or follows. A pseudonym's space is written `%20` where a bare destination cannot hold one.
    func replace(destinationsIn text: String) -> String {
        guard text.contains("]("), let regex = Self.destination.regex else { return text }
        let string = text as NSString
        var result = ""
        var position = 0
        for match in regex.matches(in: text, range: NSRange(location: 0, length: string.length)) {
            let range = match.range(at: 1)
            let found = string.substring(with: range)
            let bracketed = found.hasPrefix("<")
            var replaced = replace(path: found)
            guard replaced != found else { continue }
            if !bracketed { replaced = replaced.replacingOccurrences(of: " ", with: "%20") }
            result += string.substring(with: NSRange(location: position, length: range.location - position)) + replaced
            position = range.location + range.length
        }
        return position == 0 ? text : result + string.substring(from: position)
    }

    /// A Markdown destination after `](`: `<…>`, or a run without spaces or `)`.
    private static let destination = Expression(try? NSRegularExpression(pattern: "\\]\\((<[^>\\n]*>|[^)\\s]+)"))

    /// `path` with the names in it replaced, read with its `%` escapes decoded (`Ana%20Lima.jpg`);
    /// as it was when it holds none.
    func replace(path: String) -> String {
        guard path.utf8.contains(UInt8(ascii: "%")), let decoded = path.removingPercentEncoding else {
            return replace(path)
        }
        let replaced = replace(decoded)
        return replaced == decoded ? path : replaced
    }
}

/// A compiled pattern, immutable once made.
private final class Expression: @unchecked Sendable {
    let regex: NSRegularExpression?
    init(_ regex: NSRegularExpression?) { self.regex = regex }
}
