import ScrollbackLayout
import ScrollbackRender

/// One page's part of the offline search index, written as a JavaScript file the search page
/// loads with `<script>` (so it works from `file://`, where pages cannot fetch).
///
/// Words are kept as written (case and accents; the search page folds both) in a vocabulary
/// sorted by frequency, and each message is the sequence of its words' numbers in a
/// self-delimiting base-32 code: the 32 most frequent words cost one character, the next
/// 1,024 two. The message's words in order give search results their context.
enum SearchShard {
    /// The shard's script: `Scrollback.add({...});`.
    static func make(page: PagePlan.Page, slug: String, title: String, senders: [String: Int], senderNames: [String])
        -> String
    {
        var documents: [(date: String, id: String, sender: Int, words: [String])] = []
        var frequency: [String: Int] = [:]
        for day in page.days {
            for chain in day.chains {
                for bubble in chain.bubbles where !bubble.message.hidden {
                    let message = bubble.message
                    var words: [String] = []
                    if !message.deleted { SearchTokenizer.words(message.text) { words.append($0) } }
                    for file in message.attachments {
                        for text in [file.name, file.alt] { if let text { SearchTokenizer.words(text) { words.append($0) } } }
                    }
                    for word in words { frequency[word, default: 0] += 1 }
                    let sender = message.sender.flatMap { senders[$0] } ?? -1
                    documents.append((day.date.description, PermalinkID.encode(message.id), sender, words))
                }
            }
        }
        let vocabulary = frequency.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        var number: [String: Int] = [:]
        for (index, word) in vocabulary.enumerated() { number[word] = index }

        var script = "Scrollback.add({\"c\":" + json(slug) + ",\"t\":" + json(title) + ",\"p\":" + json(page.name)
        script += ",\"s\":[" + senderNames.map(json).joined(separator: ",") + "]"
        script += ",\"v\":" + json(vocabulary.joined(separator: " ")) + ",\"d\":["
        var currentDate: String?
        for document in documents {
            if document.date != currentDate {
                script += currentDate == nil ? "[\"" : "\"],[\""
                script += document.date + "\",\""
                currentDate = document.date
            } else {
                script += "|"
            }
            script += document.id + " " + (document.sender < 0 ? "-" : String(document.sender)) + " "
            for word in document.words { appendCode(number[word]!, to: &script) }
        }
        script += currentDate == nil ? "]});\n" : "\"]]});\n"
        return script
    }

    /// Final digits end a number; continuation digits carry its higher 5-bit groups.
    static let finalDigits = Array("0123456789abcdefghijklmnopqrstuv")
    static let continuationDigits = Array("wxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$")

    static func appendCode(_ value: Int, to text: inout String) {
        var groups: [Int] = [value & 31]
        var rest = value >> 5
        while rest > 0 {
            groups.append(rest & 31)
            rest >>= 5
        }
        for group in groups.dropFirst().reversed() { text.append(continuationDigits[group]) }
        text.append(finalDigits[groups[0]])
    }

    /// A JSON string literal; also safe in a script (no `</script>`, no line separators).
    static func json(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "<": result += "\\u003c"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// Splits text into the words search matches: runs of letters, digits and marks; each Han,
/// Hiragana or Katakana character is a word of its own (those scripts do not space words).
enum SearchTokenizer {
    static func words(_ text: String, _ emit: (String) -> Void) {
        var word = String.UnicodeScalarView()
        var length = 0
        func flush() {
            if !word.isEmpty { emit(String(word)) }
            word = String.UnicodeScalarView()
            length = 0
        }
        for scalar in text.unicodeScalars {
            if isIdeographic(scalar) {
                flush()
                emit(String(scalar))
                continue
            }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
                if length < 40 { word.append(scalar) }  // long runs (hashes, URLs) are cut, not dropped
                length += 1
            default:
                flush()
            }
        }
        flush()
    }

    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: true
        default: false
        }
    }
}
