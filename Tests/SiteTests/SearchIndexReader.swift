import Foundation
import Scrollback

/// Reads a built site's search index the way `search.js` does, written again from the format in
/// docs/SITE.md so the tests check the writer against the description, not against itself.
struct SearchIndexReader {
    struct Dictionary {
        var title: String
        var senders: [String]
        var words: [String]
    }

    struct Document: Equatable {
        var id: String
        var date: String
        /// Index into the conversation's senders; -1 for a system message.
        var sender: Int
        /// The first words in order, then the rest once each in increasing number order.
        var words: [Int]
        var ordered: Int
    }

    static let marks: Set<Character> = ["|", " ", "!", "'"]
    static let finalCount = 64
    static let digits: [Character] = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }.filter {
        $0 != "\"" && $0 != "\\" && !marks.contains($0)
    }
    static let separators = Array(" !#$%&'()*+,-./:;=>?@[]^_`{|}~".utf16)
    static let orderedWords = 32

    /// The arguments of `Scrollback.NAME(…);` as JSON values.
    static func arguments(_ script: String, call: String) throws -> [Any] {
        let prefix = "Scrollback.\(call)("
        guard script.hasPrefix(prefix), script.hasSuffix(");\n") else { throw Malformed(script: script) }
        let inner = script.dropFirst(prefix.count).dropLast(3)
        guard let array = try JSONSerialization.jsonObject(with: Data(("[" + inner + "]").utf8)) as? [Any] else {
            throw Malformed(script: script)
        }
        return array
    }

    static func dictionary(_ script: String) throws -> (slug: String, Dictionary) {
        let values = try arguments(script, call: "words")
        guard values.count == 4, let slug = values[0] as? String, let title = values[1] as? String,
            let senders = values[2] as? [String], let text = values[3] as? String
        else { throw Malformed(script: script) }
        var words: [String] = []
        var previous: [UInt16] = []
        var units = Array(text.utf16)[...]
        while let first = units.first, let shared = separators.firstIndex(of: first) {
            units = units.dropFirst()
            let rest = units.prefix { !separators.contains($0) }
            units = units.dropFirst(rest.count)
            previous = Array(previous.prefix(shared)) + rest
            words.append(String(decoding: previous, as: UTF16.self))
        }
        guard units.isEmpty else { throw Malformed(script: script) }
        return (slug, Dictionary(title: title, senders: senders, words: words))
    }

    /// A shard's conversation, page and messages.
    static func shard(_ script: String) throws -> (slug: String, page: String, documents: [Document]) {
        let values = try arguments(script, call: "add")
        guard let object = values.first as? [String: String], let slug = object["c"], let page = object["p"],
            var date = object["d"], let stream = object["m"]
        else { throw Malformed(script: script) }
        let text = Array(stream)
        var index = 0
        func isDigit() -> Bool { index < text.count && !marks.contains(text[index]) }
        func number() throws -> Int {
            var high = 0
            while index < text.count {
                guard let value = digits.firstIndex(of: text[index]) else { break }
                index += 1
                if value < finalCount { return high * finalCount + value }
                high = high * (digits.count - finalCount) + value - finalCount + 1
            }
            throw Malformed(script: script)
        }
        var documents: [Document] = []
        var id = ""
        var literal: String?
        var sender = -1
        while index < text.count {
            let mark = text[index]
            index += 1
            switch mark {
            case "!":
                var step = 1
                if isDigit() {
                    let zigzag = try number()
                    step = zigzag % 2 == 0 ? zigzag / 2 : -(zigzag + 1) / 2
                }
                guard let day = CivilDate(iso: date) else { throw Malformed(script: script) }
                date = CivilDate(daysSinceEpoch: day.daysSinceEpoch + Int64(step)).description
            case "'":
                let start = index
                while index < text.count && text[index] != "|" && text[index] != " " { index += 1 }
                literal = String(text[start..<index])
            default:
                if mark == " " { sender = try number() - 1 }
                id = literal ?? Self.following(id)
                literal = nil
                var words: [Int] = []
                var previous = -1
                while isDigit() {
                    let value = try number()
                    if words.count < orderedWords {
                        words.append(value)
                    } else {
                        previous += value + 1
                        words.append(previous)
                    }
                }
                documents.append(
                    Document(id: id, date: date, sender: sender, words: words, ordered: min(words.count, orderedWords)))
            }
        }
        return (slug, page, documents)
    }

    /// `m12` after `m11`.
    static func following(_ id: String) -> String {
        let digits = String(id.reversed().prefix { $0.isASCII && $0.isNumber }.reversed())
        guard let number = Int(digits) else { return id }
        return String(id.dropLast(digits.count)) + String(number + 1)
    }

    struct Malformed: Error, CustomStringConvertible {
        var script: String
        var description: String { "malformed index script: \(script.prefix(200))" }
    }
}
