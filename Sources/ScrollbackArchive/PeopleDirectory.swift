import Foundation
import ScrollbackModel
import ScrollbackReaders

/// `--people FILE`: one name for each person's handles, numbers and ids, in every export.
///
/// The file is a JSON object from a person's name to the handles they appear under:
/// `{"Lee Chen": ["+1 555 010 9999", "lee@example.org", "U0BMQB6JE"]}`. A participant whose id or
/// name is one of the handles (or the name itself) becomes the participant with that name, and
/// the name is also its id, so two exports of different apps agree on who sent what.
package struct PeopleDirectory: Sendable, Hashable {
    /// Each person's name and handles, in the file's order.
    package private(set) var people: [(name: String, handles: [String])] = []
    private var byKey: [String: String] = [:]

    /// A directory of `people` (name → handles).
    package init(_ people: [(name: String, handles: [String])]) {
        self.people = people
        for person in people {
            for handle in [person.name] + person.handles {
                for key in Self.keys(handle) where byKey[key] == nil { byKey[key] = person.name }
            }
        }
    }

    /// Reads a people file: JSON, a vCard file, or the macOS Contacts database; a file that is
    /// none of them fails, naming the file.
    package static func load(path: String) throws(PrivacyError) -> PeopleDirectory {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PrivacyError(file: path, reason: "The people file cannot be read.")
        }
        if ContactsDatabase.isDatabase(data) {
            do throws(ReadError) {
                return PeopleDirectory(try ContactsDatabase.people(path: path))
            } catch {
                throw PrivacyError(file: path, reason: error.reason)
            }
        }
        let text = String(decoding: data, as: UTF8.self)
        if VCardPeople.isVCard(text) { return PeopleDirectory(try VCardPeople.parse(text, name: path)) }
        return try parse(data, name: path)
    }

    /// Parses a people file's bytes; `name` is used in errors, with the line and column of the
    /// problem (a syntax error's own, or the person's name).
    package static func parse(_ data: Data, name: String) throws(PrivacyError) -> PeopleDirectory {
        let bytes = [UInt8](data)
        func failure(at offset: Int, _ reason: String) -> PrivacyError {
            let location = LocationCursor.locate(offset, in: bytes, name: name)
            return PrivacyError(file: name, line: location.line, column: location.column, reason: reason)
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw failure(at: error.offset, "The people file is not valid JSON: \(error.reason)")
        }
        guard let members = root.members else {
            throw failure(at: root.offset, "The people file should be an object from a name to a list of handles.")
        }
        // The file's order decides which person a handle two people list belongs to; a name
        // given twice keeps its first place and its last handles.
        var people: [(String, [String])] = []
        var places: [String: Int] = [:]
        for (person, value) in members {
            let at = JSONParser.keyOffset(before: value.offset, in: bytes)
            let handles: [String]
            if let list = value.array {
                handles = list.compactMap(\.scalarText)
                guard handles.count == list.count else {
                    throw failure(at: at, "The handles of \"\(person)\" should be strings.")
                }
            } else if let single = value.string {
                handles = [single]
            } else {
                throw failure(at: at, "\"\(person)\" should have a list of handles.")
            }
            guard !person.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw failure(at: at, "A person's name is empty.")
            }
            if let place = places[person] {
                people[place].1 = handles
            } else {
                places[person] = people.count
                people.append((person, handles))
            }
        }
        return PeopleDirectory(people)
    }

    /// The person a handle (an id, a name, a number) belongs to.
    package func person(for handle: String) -> String? {
        for key in Self.keys(handle) { if let name = byKey[key] { return name } }
        return nil
    }

    /// Renames every participant the directory knows, everywhere in the transcript.
    package func apply(_ transcript: Transcript) -> Transcript { step(for: transcript).apply(transcript) }

    /// The renaming made for `transcript`: it depends on the participants alone.
    func step(for transcript: Transcript) -> PrivacyStep {
        var names: [String: String] = [:]
        for participant in transcript.participants {
            if let name = person(for: participant.id) ?? person(for: participant.name) { names[participant.id] = name }
        }
        let (ids, named) = (names, Set(names.values))
        let rewrite = TranscriptRewrite(
            text: { $0 },
            participant: { id in ids[id] ?? person(for: id) ?? id })
        return PrivacyStep(
            header: { transcript in
                var result = rewrite.header(transcript)
                for index in result.participants.indices where named.contains(result.participants[index].id) {
                    result.participants[index].name = result.participants[index].id
                }
                return result
            },
            message: { message in
                var result = rewrite.apply(message)
                if result.kind == .system { result.text = namingHandles(in: result.text) }
                return result
            })
    }

    /// A system line with each phone number and e-mail address in it that the directory knows
    /// written as the person's name: "+15550100002 added lee@example.org to the conversation" →
    /// "Ana Lima added Lee Chen to the conversation". Other words are left as they are.
    func namingHandles(in text: String) -> String {
        guard text.contains(where: { $0 == "@" || $0.isNumber }) else { return text }
        var changed = false
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let handle = word.trimmingCharacters(in: Self.quotesAndStops)
            let looksLikeHandle = handle.contains("@") || (handle.first.map { $0 == "+" || $0.isNumber } ?? false)
            guard looksLikeHandle, let name = person(for: handle), let range = word.range(of: handle) else {
                return String(word)
            }
            changed = true
            return word[..<range.lowerBound] + name + word[range.upperBound...]
        }
        return changed ? words.joined(separator: " ") : text
    }

    private static let quotesAndStops = CharacterSet(charactersIn: "\"“”‘’«»().,;:!?")

    /// The forms a handle is compared in: as written without case or spacing (so e-mail addresses
    /// match ignoring case), and, for a phone number, its digits and its E.164 form (so
    /// `+1 555-010-9999`, `+15550109999` and `(555) 010-9999` are one number).
    package static func keys(_ handle: String) -> [String] {
        let cleaned = String(
            handle.unicodeScalars.filter {
                !$0.properties.isWhitespace && !$0.properties.isDefaultIgnorableCodePoint
                    && $0.properties.generalCategory != .format
            }
        ).lowercased()
        var keys = [cleaned]
        let digits = cleaned.filter(\.isASCII).filter(\.isNumber)
        let phoneLike = cleaned.allSatisfy { $0.isNumber || "+-().".contains($0) }
        if phoneLike && digits.count >= 6 { keys.append("tel:" + digits) }
        // One number however it is written: `(555) 010-0001` and `+1 555 010 0001`.
        if let number = PhoneNumber.e164(handle) { keys.append("e164:" + number) }
        return keys
    }

    package static func == (lhs: PeopleDirectory, rhs: PeopleDirectory) -> Bool {
        lhs.people.map(\.name) == rhs.people.map(\.name) && lhs.people.map(\.handles) == rhs.people.map(\.handles)
    }

    package func hash(into hasher: inout Hasher) {
        for person in people {
            hasher.combine(person.name)
            hasher.combine(person.handles)
        }
    }
}
