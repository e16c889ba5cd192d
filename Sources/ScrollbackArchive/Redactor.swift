import Foundation
import ScrollbackModel

/// `--redact`: finds what should not be shared in a text and puts a marker in its place.
///
/// Every rule runs over the text; where matches overlap, the one that starts first wins, and of
/// two that start together the rule listed first. The text between matches is kept as it was.
public struct Redactor: Sendable, Hashable {
    /// The rules, defaults first, then the user's in their file's order.
    public let rules: [RedactionRule]
    private let compiled: Compiled

    /// A redactor with the default rules and `extra` ones.
    public init(extra: [RedactionRule] = []) throws(PrivacyError) {
        try self.init(rules: RedactionRule.defaults + extra)
    }

    /// A redactor with exactly `rules`.
    public init(rules: [RedactionRule]) throws(PrivacyError) {
        self.rules = rules
        var expressions: [NSRegularExpression] = []
        for rule in rules {
            do {
                expressions.append(try NSRegularExpression(pattern: rule.pattern))
            } catch {
                throw PrivacyError(file: "rules", reason: "the pattern of [\(rule.label)] is not a regular expression.")
            }
        }
        compiled = Compiled(expressions)
    }

    /// `text` with everything the rules find replaced by `[label]`.
    public func redact(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        let string = text as NSString
        var found: [(range: NSRange, rule: Int)] = []
        let whole = NSRange(location: 0, length: string.length)
        for (index, rule) in rules.enumerated() {
            if !rule.hints.isEmpty && !rule.hints.contains(where: text.contains) { continue }
            if rule.hints.isEmpty && rule.check != .none && !text.contains(where: \.isNumber) { continue }
            for match in compiled.expressions[index].matches(in: text, range: whole) where match.range.length > 0 {
                if rule.accepts(string.substring(with: match.range)) { found.append((match.range, index)) }
            }
        }
        guard !found.isEmpty else { return text }
        found.sort { a, b in
            a.range.location != b.range.location ? a.range.location < b.range.location : a.rule < b.rule
        }
        var result = ""
        var position = 0
        for (range, rule) in found where range.location >= position {
            result += string.substring(with: NSRange(location: position, length: range.location - position))
            result += "[" + rules[rule].label + "]"
            position = range.location + range.length
        }
        result += string.substring(from: position)
        return result
    }

    /// Redacts every string of `transcript`; participant ids that hold something redacted get
    /// a stable replacement (`redacted-1`, …) so two people never become one.
    public func apply(_ transcript: Transcript) -> Transcript {
        var ids: [String: String] = [:]
        var order: [String] = transcript.participants.map(\.id)
        order += transcript.messages.compactMap(\.sender)
        for id in order where ids[id] == nil {
            let redacted = redact(id)
            ids[id] = redacted == id ? id : "redacted-\(ids.values.count { $0.hasPrefix("redacted-") } + 1)"
        }
        let rewrite = TranscriptRewrite(text: redact, participant: { id in ids[id] ?? redact(id) })
        return rewrite.apply(transcript)
    }

    /// Reads user rules: one a line, `LABEL: PATTERN`; blank lines and lines starting `#` are skipped.
    public static func rules(fileAt path: String) throws(PrivacyError) -> [RedactionRule] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PrivacyError(file: path, reason: "The redaction rules file cannot be read.")
        }
        return try rules(String(decoding: data, as: UTF8.self), name: path)
    }

    /// Parses user rules from `text`; `name` is used in errors.
    public static func rules(_ text: String, name: String) throws(PrivacyError) -> [RedactionRule] {
        var rules: [RedactionRule] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let colon = line.range(of: ": ") else {
                throw PrivacyError(
                    file: name, line: offset + 1, column: 1,
                    reason: "A rule is written LABEL: PATTERN; this line has no \": \" (\(String(line.prefix(40)))).")
            }
            let label = line[..<colon.lowerBound].trimmingCharacters(in: .whitespaces)
            let pattern = String(line[colon.upperBound...])
            let column = line.distance(from: line.startIndex, to: colon.upperBound) + 1
            guard !label.isEmpty, !label.contains("[") && !label.contains("]") else {
                throw PrivacyError(
                    file: name, line: offset + 1, column: 1, reason: "A rule's label must be words without brackets.")
            }
            guard !pattern.isEmpty, (try? NSRegularExpression(pattern: pattern)) != nil else {
                throw PrivacyError(
                    file: name, line: offset + 1, column: column,
                    reason: "\"\(pattern)\" is not a regular expression (ICU syntax).")
            }
            if (try? NSRegularExpression(pattern: pattern))?.firstMatch(in: "", range: NSRange()) != nil {
                throw PrivacyError(
                    file: name, line: offset + 1, column: column, reason: "\"\(pattern)\" matches empty text.")
            }
            rules.append(RedactionRule(label: label, pattern: pattern))
        }
        return rules
    }

    public static func == (lhs: Redactor, rhs: Redactor) -> Bool { lhs.rules == rhs.rules }
    public func hash(into hasher: inout Hasher) { hasher.combine(rules) }
}

/// The compiled patterns: `NSRegularExpression` is immutable once made, so sharing is safe.
private final class Compiled: @unchecked Sendable {
    let expressions: [NSRegularExpression]
    init(_ expressions: [NSRegularExpression]) { self.expressions = expressions }
}
