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
    package func apply(_ transcript: Transcript) -> Transcript {
        let order = Self.order(transcript)
        var ids: [String: String] = [:]
        var names: [String: String] = [:]  // lower-cased word or name → pseudonym
        var byName: [String: String] = [:]
        for (offset, id) in order.enumerated() {
            ids[id] = "p\(offset + 1)"
            byName[id] = "Person \(offset + 1)"
        }
        // Longer names first, so "Ana Lima" is one pseudonym and not "Person 1 Person 1".
        var words: [(String, String)] = []
        for participant in transcript.participants {
            guard let pseudonym = byName[participant.id] else { continue }
            var forms = [participant.name, participant.id] + (aliases[participant.id] ?? [])
            forms += participant.name.split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count >= 3 }
            for form in forms where !form.trimmingCharacters(in: .whitespaces).isEmpty {
                words.append((form, pseudonym))
            }
        }
        for (form, pseudonym) in words where names[form.lowercased()] == nil { names[form.lowercased()] = pseudonym }
        let replacer = NameReplacer(names)
        let rewrite = TranscriptRewrite(
            text: { replacer.replace($0) }, participant: { id in ids[id] ?? replacer.replace(id) })
        var result = rewrite.apply(transcript)
        for index in result.participants.indices {
            let original = transcript.participants[index]
            result.participants[index].name = byName[original.id] ?? result.participants[index].name
            result.participants[index].avatar = nil
        }
        result.participants = TranscriptRewrite.merged(result.participants)
        return result
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

    init(_ pseudonyms: [String: String]) {
        self.pseudonyms = pseudonyms
        let alternatives = pseudonyms.keys.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
            .map(NSRegularExpression.escapedPattern(for:))
        expression =
            alternatives.isEmpty
            ? nil
            : Expression(
                try? NSRegularExpression(
                    pattern: "(?<![\\p{L}\\p{N}_]|[\\p{L}\\p{N}][.@+])(?:" + alternatives.joined(separator: "|")
                        + ")(?![\\p{L}\\p{N}_]|[.@+][\\p{L}\\p{N}])",
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
}

/// A compiled pattern, immutable once made.
private final class Expression: @unchecked Sendable {
    let regex: NSRegularExpression?
    init(_ regex: NSRegularExpression?) { self.regex = regex }
}
