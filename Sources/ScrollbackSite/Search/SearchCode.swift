/// The characters the search index is written in: numbers in a self-delimiting code over the
/// printable ASCII characters a JavaScript string holds unescaped, and the marks between them.
enum SearchCode {
    /// Marks in a shard's message stream: a message by the previous sender, a message whose
    /// sender's number follows, a change of day, a message id written out.
    static let sameSender: Character = "|"
    static let newSender: Character = " "
    static let newDay: Character = "!"
    static let literalID: Character = "'"

    /// Every printable ASCII character but `"`, `\` and the four marks: 89 digits. Final digits
    /// end a number; continuation digits (bijective) carry its higher part, most significant first.
    static let digits: [Character] = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }.filter {
        !["\"", "\\", sameSender, newSender, newDay, literalID].contains($0)
    }
    /// 64 final digits: the 64 most frequent words cost one character, the next 1,600 two, the
    /// next 40,000 three. (64 measured best on English prose; more favours small vocabularies.)
    static let finalCount = 64
    static let finalDigits = Array(digits.prefix(finalCount))
    static let continuationDigits = Array(digits.dropFirst(finalCount))

    /// Appends `value` (≥ 0).
    static func append(_ value: Int, to text: inout String) {
        let base = continuationDigits.count
        var rest = value / finalCount
        var higher: [Character] = []
        while rest > 0 {
            rest -= 1
            higher.append(continuationDigits[rest % base])
            rest /= base
        }
        text.append(contentsOf: higher.reversed())
        text.append(finalDigits[value % finalCount])
    }

    /// How many characters `value` costs.
    static func length(_ value: Int) -> Int {
        var count = 1
        var rest = value / finalCount
        while rest > 0 {
            rest = (rest - 1) / continuationDigits.count
            count += 1
        }
        return count
    }

    /// A signed number as a code value: 0, -1, 1, -2, … → 0, 1, 2, 3, ….
    static func zigzag(_ value: Int) -> Int { value >= 0 ? 2 * value : -2 * value - 1 }

    /// The dictionary's separators: the printable ASCII characters no word holds (words are
    /// letters, digits and marks) other than `"`, `\` and `<`, which a JSON string escapes. The
    /// separator before a word says how many UTF-16 units it shares with the previous word (0–29).
    static let separators: [Character] = Array(" !#$%&'()*+,-./:;=>?@[]^_`{|}~")
}
