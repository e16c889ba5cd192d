import Foundation
import ScrollbackModel

/// `--redact`: finds what should not be shared in a text and puts a marker in its place.
///
/// Every rule runs over the text; where matches overlap, the one that starts first wins, and of
/// two that start together the rule listed first. The text between matches is kept as it was.
package struct Redactor: Sendable, Hashable {
    /// The rules, defaults first, then the user's in their file's order.
    package let rules: [RedactionRule]
    private let compiled: Compiled

    /// A redactor with the default rules and `extra` ones.
    package init(extra: [RedactionRule] = []) throws(PrivacyError) {
        try self.init(rules: RedactionRule.defaults + extra)
    }

    /// A redactor with exactly `rules`.
    package init(rules: [RedactionRule]) throws(PrivacyError) {
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
    package func redact(_ text: String) -> String {
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
    package func apply(_ transcript: Transcript) -> Transcript {
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

    /// Reads user rules (see `rules(_:name:)`).
    package static func rules(fileAt path: String) throws(PrivacyError) -> [RedactionRule] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PrivacyError(file: path, reason: "The redaction rules file cannot be read.")
        }
        return try rules(String(decoding: data, as: UTF8.self), name: path)
    }

    /// Parses user rules from `text`; `name` is used in errors. One rule a line, `LABEL: PATTERN`
    /// (the match becomes `[LABEL]`) or a bare `PATTERN` (it becomes `[redacted]`); blank lines
    /// and lines starting `#` are skipped. A JSON file is read too: a list of patterns, or an
    /// object from label to a pattern or a list of them.
    package static func rules(_ text: String, name: String) throws(PrivacyError) -> [RedactionRule] {
        if let json = jsonRules(text) {
            return try json.map { rule throws(PrivacyError) in
                try checked(rule.label, rule.pattern, name: name, line: 1, column: 1)
            }
        }
        var rules: [RedactionRule] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            var label = "redacted"
            var pattern = String(line)
            var column = 1
            if let colon = line.range(of: ": ") {
                let candidate = line[..<colon.lowerBound].trimmingCharacters(in: .whitespaces)
                if candidate.count <= 40, !candidate.isEmpty,
                    candidate.allSatisfy({ $0.isLetter || $0.isNumber || " _-".contains($0) })
                {
                    label = candidate
                    pattern = String(line[colon.upperBound...])
                    column = line.distance(from: line.startIndex, to: colon.upperBound) + 1
                }
            }
            rules.append(try checked(label, pattern, name: name, line: offset + 1, column: column))
        }
        return rules
    }

    /// A rule whose pattern compiles and cannot match empty text.
    private static func checked(_ label: String, _ pattern: String, name: String, line: Int, column: Int)
        throws(PrivacyError) -> RedactionRule
    {
        guard !pattern.isEmpty, let expression = try? NSRegularExpression(pattern: pattern) else {
            throw PrivacyError(
                file: name, line: line, column: column,
                reason: "\"\(pattern)\" is not a regular expression (ICU syntax).")
        }
        if expression.firstMatch(in: "", range: NSRange()) != nil {
            throw PrivacyError(file: name, line: line, column: column, reason: "\"\(pattern)\" matches empty text.")
        }
        return RedactionRule(label: label, pattern: pattern)
    }

    /// `["pattern", …]` or `{"label": "pattern" | ["pattern", …]}`, labels in file order.
    private static func jsonRules(_ text: String) -> [(label: String, pattern: String)]? {
        let start = text.first { !$0.isWhitespace }
        guard start == "[" || start == "{",
            let root = try? JSONSerialization.jsonObject(with: Data(text.utf8))
        else { return nil }
        if let list = root as? [String] { return list.map { ("redacted", $0) } }
        guard let object = root as? [String: Any] else { return nil }
        let labels = object.keys.sorted { a, b in
            (text.range(of: JSONString.literal(a))?.lowerBound ?? text.endIndex)
                < (text.range(of: JSONString.literal(b))?.lowerBound ?? text.endIndex)
        }
        var rules: [(String, String)] = []
        for label in labels {
            if let pattern = object[label] as? String { rules.append((label, pattern)) }
            for pattern in object[label] as? [String] ?? [] { rules.append((label, pattern)) }
        }
        return rules
    }

    package static func == (lhs: Redactor, rhs: Redactor) -> Bool { lhs.rules == rhs.rules }
    package func hash(into hasher: inout Hasher) { hasher.combine(rules) }
}

/// The compiled patterns: `NSRegularExpression` is immutable once made, so sharing is safe.
private final class Compiled: @unchecked Sendable {
    let expressions: [NSRegularExpression]
    init(_ expressions: [NSRegularExpression]) { self.expressions = expressions }
}
