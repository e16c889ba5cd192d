import ScrollbackLayout
import ScrollbackRender

/// One page's part of the offline search index, written as a JavaScript file the search page
/// loads with `<script>` (so it works from `file://`, where pages cannot fetch).
///
/// Each message is the sequence of its words' numbers in the conversation's dictionary
/// (`SearchDictionary`), in a self-delimiting code: the 60 first words cost one character, the
/// next 1,860 two. The message's words in order give search results their context.
enum SearchShard {
    /// The shard's script: `Scrollback.add({...});`.
    static func make(
        page: PagePlan.Page, slug: String, title: String, senders: [String: Int], senderNames: [String],
        dictionary: [String: Int]
    ) -> String {
        var documents: [(date: String, id: String, sender: Int, words: [String])] = []
        for day in page.days {
            for chain in day.chains {
                for bubble in chain.bubbles where !bubble.message.hidden {
                    let message = bubble.message
                    let sender = message.sender.flatMap { senders[$0] } ?? -1
                    documents.append(
                        (
                            day.date.description, PermalinkID.encode(message.id), sender,
                            SearchDictionary.words(of: message)
                        ))
                }
            }
        }
        let number = dictionary

        var script = "Scrollback.add({\"c\":" + json(slug) + ",\"t\":" + json(title) + ",\"p\":" + json(page.name)
        script += ",\"s\":[" + senderNames.map(json).joined(separator: ",") + "]"
        script += ",\"d\":["
        var currentDate: String?
        var previousID = ""
        var previousSender = Int.min
        for document in documents {
            if document.date != currentDate {
                script += currentDate == nil ? "[\"" : "\"],[\""
                script += document.date + "\",\""
                currentDate = document.date
            } else {
                script += "|"
            }
            // An id that continues the previous one (`m12` after `m11`) and a sender who spoke last
            // are left out: most messages then cost only their words.
            script += (Self.follows(document.id, previousID) ? "" : document.id) + " "
            script += document.sender == previousSender ? "" : (document.sender < 0 ? "-" : String(document.sender))
            script += " "
            previousID = document.id
            previousSender = document.sender
            for word in document.words { appendCode(number[word]!, to: &script) }
        }
        script += currentDate == nil ? "]});\n" : "\"]]});\n"
        return script
    }

    /// Whether `id` is `previous` with its trailing number plus one (`m12` after `m11`).
    static func follows(_ id: String, _ previous: String) -> Bool {
        let digits = previous.reversed().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 15, let number = Int(String(digits.reversed())) else { return false }
        return id == previous.dropLast(digits.count) + String(number + 1)
    }

    /// Final digits end a number; continuation digits carry its higher 5-bit groups.
    /// The 91 printable ASCII characters a JSON string holds unescaped, less the separators
    /// (space and `|`): 60 final digits and 31 continuation digits.
    static let digits: [Character] = (0x21...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }.filter {
        $0 != "\"" && $0 != "\\" && $0 != "|"
    }
    static let finalDigits = Array(digits.prefix(60))
    static let continuationDigits = Array(digits.dropFirst(60))

    /// `value` as a final digit preceded by continuation digits, most significant first: the
    /// 60 most frequent words cost one character, the next 1,860 two.
    static func appendCode(_ value: Int, to text: inout String) {
        var rest = value / 60
        var higher: [Character] = []
        while rest > 0 {
            rest -= 1
            higher.append(continuationDigits[rest % 31])
            rest /= 31
        }
        text.append(contentsOf: higher.reversed())
        text.append(finalDigits[value % 60])
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
