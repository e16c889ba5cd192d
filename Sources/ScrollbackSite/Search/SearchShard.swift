import ScrollbackLayout
import ScrollbackModel
import ScrollbackRender

/// One page's part of the offline search index, written as a JavaScript file the search page
/// loads with `<script>` (so it works from `file://`, where pages cannot fetch).
///
/// The page's messages are one stream of characters (`SearchCode`): marks for a new message, a new
/// sender, a new day and an id that does not follow on, and each message's words as numbers in
/// the conversation's dictionary (`SearchDictionary`). A message's first `orderedWords` words keep
/// their order (results show them as context); the rest are stored once each, sorted, as gaps.
enum SearchShard {
    /// How many words of a message keep their order.
    static let orderedWords = 32

    /// The shard's script: `Scrollback.add({"c":"slug","p":"2026-10.html","d":"2026-10-24","m":"…"});`.
    static func make(page: PagePlan.Page, slug: String, senders: [String: Int], dictionary: [String: Int]) -> String {
        let firstDay = page.days.first?.date
        var stream = ""
        var day = firstDay
        var previousID = ""
        var previousSender: Int?
        for current in page.days {
            for chain in current.chains {
                for bubble in chain.bubbles where !bubble.message.hidden {
                    let message = bubble.message
                    if let day, current.date != day {
                        // The next day is the mark alone; any other step is written after it.
                        stream.append(SearchCode.newDay)
                        let step = Int(current.date.daysSinceEpoch - day.daysSinceEpoch)
                        if step != 1 { SearchCode.append(SearchCode.zigzag(step), to: &stream) }
                    }
                    day = current.date
                    // An id that continues the previous one (`m12` after `m11`) is left out.
                    let id = PermalinkID.encode(message.id)
                    if !follows(id, previousID) {
                        stream.append(SearchCode.literalID)
                        stream += id
                    }
                    previousID = id
                    let sender = message.sender.flatMap { senders[$0] } ?? -1
                    if sender == previousSender {
                        stream.append(SearchCode.sameSender)
                    } else {
                        stream.append(SearchCode.newSender)
                        SearchCode.append(sender + 1, to: &stream)  // 0: a system message
                        previousSender = sender
                    }
                    appendWords(SearchDictionary.words(of: message).map { dictionary[$0]! }, to: &stream)
                }
            }
        }
        return call(slug: slug, page: page.name, day: firstDay?.description ?? "", stream: stream)
    }

    /// `Scrollback.add({…});` with the shard's members in the order the search script reads them.
    /// Every string is one a script holds as it is (a slug, a page's file name, a date, and the
    /// stream's printable ASCII without `"` or `\\`), so none is escaped, not even the stream's `<`.
    static func call(slug: String, page: String, day: String, stream: String) -> String {
        let shard: JSONWriter.Value = .listedObject([
            ("c", .string(slug)), ("p", .string(page)), ("d", .string(day)), ("m", .string(stream)),
        ])
        return script("Scrollback.add", [shard], scriptSafe: false)
    }

    /// `NAME(ARGUMENT, …);` and a line break, the arguments as compact JSON: a call's arguments
    /// are a JSON array's elements in parentheses.
    static func script(_ name: String, _ arguments: [JSONWriter.Value], scriptSafe: Bool = true) -> String {
        var bytes = Array(name.utf8)
        var writer = JSONWriter(style: .compact, scriptSafe: scriptSafe) { bytes += $0 }
        writer.write(.array(arguments))
        writer.finish(";\n")
        bytes[name.utf8.count] = UInt8(ascii: "(")
        bytes[bytes.count - 3] = UInt8(ascii: ")")
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first `orderedWords` numbers as they are; then the others not among them, once each,
    /// in increasing order, each as its gap from the one before (the first from -1).
    static func appendWords(_ numbers: [Int], to stream: inout String) {
        let ordered = numbers.prefix(orderedWords)
        for number in ordered { SearchCode.append(number, to: &stream) }
        guard numbers.count > orderedWords else { return }
        let rest = Set(numbers.dropFirst(orderedWords)).subtracting(ordered).sorted()
        var previous = -1
        for number in rest {
            SearchCode.append(number - previous - 1, to: &stream)
            previous = number
        }
    }

    /// Whether `id` is `previous` with its trailing number plus one (`m12` after `m11`).
    static func follows(_ id: String, _ previous: String) -> Bool {
        let digits = previous.reversed().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 15, let number = Int(String(digits.reversed())) else { return false }
        return id == previous.dropLast(digits.count) + String(number + 1)
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
