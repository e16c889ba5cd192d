import Foundation
import ScrollbackModel
import ScrollbackReaders

/// `--redact`: finds what should not be shared in a text and puts a marker in its place.
///
/// Every rule runs over the text as it is written and as it is shown (`ShownText`); where matches
/// overlap, the one that starts first wins, and of two that start together the rule listed
/// first. The text between matches is kept as it was.
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

    /// `text` with everything the rules find in it replaced by `[label]`, found as it is
    /// written and as it is shown: a message's Markdown with its escapes and entities decoded,
    /// `%` escapes in links decoded, and read without the delimiters that may split a word
    /// (`bob**@**example.net`); see `ShownText`. The whole span of the source a match came from
    /// is replaced, delimiters inside it too; markup around it stays.
    package func redact(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        var found: [Found] = []
        find(in: text, view: nil, order: 0, into: &found)
        if Self.mayBeShownOtherwise(text) {
            let decoded = ShownText.decoded(text)
            if !decoded.units.elementsEqual(text.utf16) {
                find(in: decoded.text, view: decoded, order: 1, into: &found)
            }
            if let bare = decoded.withoutDelimiters() {
                find(in: bare.text, view: bare, order: 2, into: &found)
            }
        }
        guard !found.isEmpty else { return text }
        found.sort { a, b in
            if a.range.lowerBound != b.range.lowerBound { return a.range.lowerBound < b.range.lowerBound }
            return a.rule != b.rule ? a.rule < b.rule : a.view < b.view
        }
        // Where matches overlap, the one that starts first wins; a later match of the same kind
        // that reaches further (the same address found in two readings) widens it.
        var spans: [Found] = []
        for match in found {
            guard let last = spans.last, match.range.lowerBound < last.range.upperBound else {
                spans.append(match)
                continue
            }
            if rules[match.rule].label == rules[last.rule].label, match.range.upperBound > last.range.upperBound {
                spans[spans.count - 1].range = last.range.lowerBound..<match.range.upperBound
                spans[spans.count - 1].view = max(last.view, match.view)
            }
        }
        let source = text as NSString
        let units = Array(text.utf16)
        var result = ""
        var position = 0
        for (index, span) in spans.enumerated() {
            var range = span.range
            if span.view == 2, units[range].contains(where: ShownText.isDelimiter) {
                // Found only with the delimiters left out: those around it go too, so no half of a
                // pair is left behind (`**bob**@example.net` becomes `[email]`, not `**[email]`).
                let limit = index + 1 < spans.count ? spans[index + 1].range.lowerBound : units.count
                var lower = range.lowerBound
                var upper = range.upperBound
                while lower > position, ShownText.isDelimiter(units[lower - 1]) { lower -= 1 }
                while upper < limit, ShownText.isDelimiter(units[upper]) { upper += 1 }
                range = lower..<upper
            }
            result += source.substring(with: NSRange(location: position, length: range.lowerBound - position))
            result += "[" + rules[span.rule].label + "]"
            position = range.upperBound
        }
        result += source.substring(from: position)
        return result
    }

    /// A match: the span of the source it covers, its rule, and the reading it was found in
    /// (0 the source as written, 1 decoded, 2 decoded without delimiters).
    private struct Found {
        var range: Range<Int>
        var rule: Int
        var view: Int
    }

    /// Runs every rule over `text`, a reading of the source (`view` maps it back; `nil` when it
    /// is the source itself).
    private func find(in text: String, view: ShownText?, order: Int, into found: inout [Found]) {
        let string = text as NSString
        let whole = NSRange(location: 0, length: string.length)
        // The hints are looked for in the UTF-8 bytes (Foundation's `contains` folded and bridged
        // the text for each), and whether it has a digit is asked once, not once a rule.
        var bytes = text
        var hasNumber: Bool?
        for (index, rule) in rules.enumerated() {
            if !rule.hints.isEmpty && !bytes.withUTF8({ Self.containsAny(rule.hints, in: $0) }) { continue }
            if rule.hints.isEmpty && rule.check != .none {
                if hasNumber == nil { hasNumber = text.contains(where: \.isNumber) }
                if hasNumber == false { continue }
            }
            for match in compiled.expressions[index].matches(in: text, range: whole) where match.range.length > 0 {
                guard rule.accepts(string.substring(with: match.range)) else { continue }
                let range = match.range.location..<(match.range.location + match.range.length)
                found.append(Found(range: view?.sourceRange(range) ?? range, rule: index, view: order))
            }
        }
    }

    /// Whether `bytes` hold one of `hints`, byte for byte.
    private static func containsAny(_ hints: [String], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for hint in hints {
            var hint = hint
            let found = hint.withUTF8 { needle -> Bool in
                guard let first = needle.first, needle.count <= bytes.count else { return false }
                var start = 0
                while start <= bytes.count - needle.count {
                    if bytes[start] == first {
                        var matched = 1
                        while matched < needle.count && bytes[start + matched] == needle[matched] { matched += 1 }
                        if matched == needle.count { return true }
                    }
                    start += 1
                }
                return false
            }
            if found { return true }
        }
        return false
    }

    /// Whether `text` may show other characters than it holds: an escape, an entity, a `%`
    /// escape, a delimiter, or a character outside ASCII that is a look-alike or an invisible one
    /// (letters with accents, emoji and other scripts are shown as they are).
    private static func mayBeShownOtherwise(_ text: String) -> Bool {
        var text = text
        var beyondASCII = false
        let marked = text.withUTF8 { bytes in
            bytes.contains { byte in
                if byte >= 0x80 { beyondASCII = true }
                return byte == 0x5C || byte == 0x26 || byte == 0x25 || ShownText.isDelimiter(UInt16(byte))
            }
        }
        return marked || (beyondASCII && text.unicodeScalars.contains { !$0.isASCII && ShownText.changes($0) })
    }

    /// Redacts every string of `transcript`; participant ids that hold something redacted get
    /// a stable replacement (`redacted-1`, …) so two people never become one.
    package func apply(_ transcript: Transcript) -> Transcript { step(for: transcript).apply(transcript) }

    /// The redaction made for `transcript`: it depends on the participants and the senders, in
    /// order, alone.
    func step(for transcript: Transcript) -> PrivacyStep {
        var ids: [String: String] = [:]
        var order: [String] = transcript.participants.map(\.id)
        order += transcript.messages.compactMap(\.sender)
        for id in order where ids[id] == nil {
            let redacted = redact(id)
            ids[id] = redacted == id ? id : "redacted-\(ids.values.count { $0.hasPrefix("redacted-") } + 1)"
        }
        let replacements = ids
        let rewrite = TranscriptRewrite(
            text: { redact($0) }, participant: { id in replacements[id] ?? redact(id) })
        return PrivacyStep(header: rewrite.header, message: rewrite.apply)
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
        if let json = jsonRules(text, name: name) {
            return try json.map { rule throws(PrivacyError) in
                try checked(
                    rule.label, rule.pattern, name: name, line: rule.at.line ?? 1, column: rule.at.column ?? 1)
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

    /// A pattern of a JSON rules file, with its label and where it is written.
    private typealias JSONRule = (label: String, pattern: String, at: SourceLocation)

    /// `["pattern", …]` or `{"label": "pattern" | ["pattern", …]}`, labels in file order, each
    /// pattern with where it is written; `nil` when the text is not such JSON (it is then a file of
    /// lines, which may well start with a pattern's `[`).
    private static func jsonRules(_ text: String, name: String) -> [JSONRule]? {
        let start = text.first { !$0.isWhitespace }
        let bytes = Array(text.utf8)
        guard start == "[" || start == "{", let root = try? JSONParser.parse(bytes) else { return nil }
        func rule(_ label: String, _ value: JSONValue) -> JSONRule? {
            value.string.map { (label, $0, LocationCursor.locate(value.offset, in: bytes, name: name)) }
        }
        if let list = root.array {
            let rules = list.compactMap { rule("redacted", $0) }
            return rules.count == list.count ? rules : nil
        }
        guard let members = root.members else { return nil }
        var rules: [JSONRule] = []
        for (label, value) in members {
            if let single = rule(label, value) { rules.append(single) }
            for pattern in value.array ?? [] { if let listed = rule(label, pattern) { rules.append(listed) } }
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
