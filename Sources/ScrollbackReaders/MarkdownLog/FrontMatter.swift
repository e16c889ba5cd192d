import ScrollbackModel

/// The front matter of a Markdown log, in a small subset of YAML:
///
/// ```yaml
/// title: Weekend plans          # plain, 'single' or "double" quoted scalars; comments
/// me: ana                       # an id or a name
/// timezone: Europe/Berlin       # also timeZone
/// date: 2026-11-28              # AI chats: the day their synthetic times start on
/// assistant: Claude             # AI chats: names for the user, assistant and tool roles
/// participants:                 # a list of entries …
///   - id: ana
///     name: Ana Lima
///     avatar: avatars/ana.jpg
///   - ben                       # … an entry may be an id alone
/// participants: [ana, ben]      # or a flow list of ids; or a map of id: name lines
/// ```
///
/// Other keys are ignored with everything indented under them.
struct FrontMatter {
    var title: String?
    var me: String?
    var timeZone: Zone?
    var date: LocalTime?
    var participants: [Participant] = []
    /// `user:`, `assistant:`, `tool:` names for AI chats.
    var roleNames: [MessageHeading.Role: String] = [:]

    /// One line of the front matter: its text and its 1-based line number.
    typealias Line = (text: Substring, number: Int)

    /// Empty front matter, for logs without any.
    init() {}

    /// Parses the lines between the `---` fences.
    init(lines: [Line]) throws(LineFailure) {
        var index = 0
        while index < lines.count {
            let (text, number) = lines[index]
            index += 1
            if Self.isBlankOrComment(text) { continue }
            guard text.first != " " && text.first != "\t", let colon = Self.keyEnd(text) else {
                throw LineFailure(
                    column: 1, problem: .syntax("the front matter line is not \"key: value\" (\"\(text)\")."),
                    line: number)
            }
            let key = String(text[..<colon])
            let valueStart = text.index(after: colon)
            let valueText = text[valueStart...].trimmingSpaces
            let column = text.column(of: valueText.startIndex)
            // The block of lines under the key: indented lines, and `- ` items at the key's own indent.
            var block: [Line] = []
            while index < lines.count {
                let next = lines[index].text
                guard
                    next.first == " " || next.first == "\t" || next.hasPrefix("- ") || next == "-"
                        || Self.isBlankOrComment(next)
                else { break }
                block.append(lines[index])
                index += 1
            }
            do throws(LineFailure) {
                try apply(key: key, value: valueText, column: column, block: block)
            } catch {
                throw error.at(line: number)
            }
        }
    }

    private mutating func apply(key: String, value: Substring, column: Int, block: [Line])
        throws(LineFailure)
    {
        func scalar() throws(LineFailure) -> String { try YAMLScalar.parse(value, column: column) }
        switch key {
        case "title": title = try scalar().nilIfEmpty
        case "me": me = try scalar().nilIfEmpty
        case "timezone", "timeZone", "time_zone":
            let name = try scalar()
            guard let zone = Zone(identifier: name) else {
                throw LineFailure(column: column, problem: .unknownTimeZone(name))
            }
            timeZone = zone
        case "date":
            let text = try scalar()
            if let day = CivilDate(iso: text) {
                date = LocalTime(day)
            } else if let time = LocalTime(Substring(text)) {
                date = time
            } else {
                throw LineFailure(
                    column: column,
                    problem: .syntax("the front matter's date \"\(text)\" is not YYYY-MM-DD or YYYY-MM-DD HH:MM[:SS]."))
            }
        case "user", "assistant", "tool":
            roleNames[MessageHeading.Role(rawValue: key)!] = try scalar()
        case "participants":
            if !value.isEmpty {
                for id in try YAMLScalar.flowList(value, column: column) { add(Participant(id: id)) }
            }
            try readParticipants(block)
        default: break  // unknown keys are ignored, like unknown fields of the JSON formats
        }
    }

    /// `- id: …` entries with `name:`/`avatar:` lines, `- id` scalars, or `id: name` lines.
    private mutating func readParticipants(_ block: [Line]) throws(LineFailure) {
        var entry: [String: String]?
        var entryLine = 0
        func finish() throws(LineFailure) {
            guard let fields = entry else { return }
            guard let id = fields["id"], !id.isEmpty else {
                throw LineFailure(column: 1, problem: .syntax("a participant entry has no \"id\"."), line: entryLine)
            }
            add(
                Participant(
                    id: id, name: fields["name"], avatar: fields["avatar"],
                    online: fields["online"].map { $0 == "true" }))
            entry = nil
        }
        for (text, number) in block where !Self.isBlankOrComment(text) {
            var body = text.trimmingSpaces
            let startsEntry = body.hasPrefix("-")
            if startsEntry {
                try finish()
                entry = [:]
                entryLine = number
                body = body.dropFirst().trimmingSpaces
                if body.isEmpty { continue }
            }
            do throws(LineFailure) {
                try Self.readParticipantLine(body, of: text, startsEntry: startsEntry, entry: &entry) { add($0) }
            } catch {
                throw error.at(line: number)
            }
        }
        try finish()
    }

    /// One line of the participants block: `key: value` of the current entry, an entry's bare id,
    /// or an `id: name` line of the map form.
    private static func readParticipantLine(
        _ body: Substring, of text: Substring, startsEntry: Bool, entry: inout [String: String]?,
        add: (Participant) -> Void
    ) throws(LineFailure) {
        let column = text.column(of: body.startIndex)
        guard let colon = keyEnd(body) else {
            guard startsEntry else {
                throw LineFailure(
                    column: column, problem: .syntax("a participants line is not \"key: value\" (\"\(body)\")."))
            }
            entry = ["id": try YAMLScalar.parse(body, column: column)]
            return
        }
        let key = String(body[..<colon])
        let value = body[body.index(after: colon)...].trimmingSpaces
        let parsed = try YAMLScalar.parse(value, column: text.column(of: value.startIndex))
        if entry != nil {
            entry?[key] = parsed
        } else {
            add(Participant(id: key, name: parsed))  // the `id: name` map form
        }
    }

    private mutating func add(_ participant: Participant) {
        if let index = participants.firstIndex(where: { $0.id == participant.id }) {
            participants[index] = participant
        } else {
            participants.append(participant)
        }
    }

    private static func isBlankOrComment(_ text: Substring) -> Bool {
        let body = text.trimmingSpaces
        return body.isEmpty || body.hasPrefix("#")
    }

    /// The index of the `:` ending a `key:` prefix (a key is letters, digits, `_` and `-`).
    private static func keyEnd(_ text: Substring) -> Substring.Index? {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else { return nil }
        let key = text[..<colon]
        guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return nil }
        let after = text.index(after: colon)
        guard after == text.endIndex || text[after] == " " || text[after] == "\t" else { return nil }
        return colon
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}

extension LocalTime {
    /// Midnight of `date`.
    init(_ date: CivilDate) {
        self.init(Substring(date.description + " 00:00"))!
    }
}
