/// The text of a message as Messages stores it in `attributedBody`: an `NSAttributedString`
/// archived as a typedstream, read into its string and its attribute runs.
struct AttributedBody: Equatable {
    /// The string, with U+FFFC where an attachment or app bubble sits.
    var text: String
    /// The runs, in order, covering the text.
    var runs: [Run]

    /// One stretch of text with the same attributes.
    struct Run: Equatable {
        /// The run's text.
        var text: String
        /// The message part it belongs to (`__kIMMessagePartAttributeName`), when given.
        var part: Int?
        /// The attachment this placeholder stands for (`__kIMFileTransferGUIDAttributeName`).
        var attachmentGUID: String?
        /// A link's address (`__kIMLinkAttributeName`).
        var link: String?
        /// The handle a mention names (`__kIMMentionConfirmedMention`).
        var mention: String?
        var bold = false
        var italic = false
        var underline = false
        var strikethrough = false
        /// An animated text effect (iOS 18), by Messages' number for it.
        var textEffect: Int?
    }

    /// The body of an `attributedBody` blob, or `nil` when it is not an archived attributed string.
    init?(blob: [UInt8]) {
        guard let values = TypedStream.decode(blob),
            let root = values.lazy.compactMap(\.object).first(where: {
                $0.classes.contains("NSAttributedString") || $0.classes.contains("NSString")
            })
        else { return nil }
        if !root.classes.contains("NSAttributedString") {
            guard let string = Self.string(.object(root)) else { return nil }
            self.init(text: string, runs: [Run(text: string)])
            return
        }
        guard let string = root.contents.first.flatMap(Self.string) else { return nil }
        self.init(text: string, runs: Self.runs(of: string, in: Array(root.contents.dropFirst())))
    }

    init(text: String, runs: [Run]) {
        self.text = text
        self.runs = runs
    }

    /// The runs the (index, length) pairs and attribute dictionaries after the string describe;
    /// lengths count UTF-16 units, as `NSString` does. Text no run covers becomes a plain run.
    private static func runs(of string: String, in values: [TypedStream.Value]) -> [Run] {
        let units = Array(string.utf16)
        var dictionaries: [[String: TypedStream.Value]] = []
        var runs: [Run] = []
        var offset = 0
        var cursor = 0
        while cursor + 1 < values.count {
            guard case .integer(let number) = values[cursor], case .integer(let length) = values[cursor + 1] else {
                cursor += 1
                continue
            }
            cursor += 2
            if cursor < values.count, case .object(let object) = values[cursor], object.classes.contains("NSDictionary")
            {
                dictionaries.append(dictionary(object))
                cursor += 1
            }
            let attributes = number >= 1 && number <= dictionaries.count ? dictionaries[Int(number) - 1] : [:]
            let end = min(units.count, offset + max(0, Int(clamping: length)))
            guard end > offset else { continue }
            runs.append(run(String(decoding: units[offset..<end], as: UTF16.self), attributes))
            offset = end
        }
        if offset < units.count { runs.append(Run(text: String(decoding: units[offset...], as: UTF16.self))) }
        return runs
    }

    private static func run(_ text: String, _ attributes: [String: TypedStream.Value]) -> Run {
        var run = Run(text: text)
        run.part = attributes["__kIMMessagePartAttributeName"].flatMap(number).map { Int(clamping: $0) }
        run.attachmentGUID = attributes["__kIMFileTransferGUIDAttributeName"].flatMap(string)
        run.link = attributes["__kIMLinkAttributeName"].flatMap(string)
        run.mention = attributes["__kIMMentionConfirmedMention"].flatMap(string)
        run.bold = attributes["__kIMTextBoldAttributeName"].flatMap(number).map { $0 != 0 } ?? false
        run.italic = attributes["__kIMTextItalicAttributeName"].flatMap(number).map { $0 != 0 } ?? false
        run.underline = attributes["__kIMTextUnderlineAttributeName"].flatMap(number).map { $0 != 0 } ?? false
        run.strikethrough = attributes["__kIMTextStrikethroughAttributeName"].flatMap(number).map { $0 != 0 } ?? false
        run.textEffect = attributes["__kIMTextEffectAttributeName"].flatMap(number).map { Int(clamping: $0) }
        return run
    }

    /// An `NSDictionary`'s entries: a count, then keys and values in turn.
    private static func dictionary(_ object: TypedStream.Object) -> [String: TypedStream.Value] {
        var entries: [String: TypedStream.Value] = [:]
        let pairs = object.contents.dropFirst()
        var iterator = pairs.makeIterator()
        while let key = iterator.next(), let value = iterator.next() {
            if let name = string(key) { entries[name] = value }
        }
        return entries
    }

    /// The text of an `NSString` (or `NSURL`, whose last string is its address) or of string bytes.
    static func string(_ value: TypedStream.Value) -> String? {
        switch value {
        case .bytes(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .object(let object):
            for content in object.contents.reversed() { if let text = string(content) { return text } }
            return nil
        default: return nil
        }
    }

    /// The number an `NSNumber` holds (its last integer).
    private static func number(_ value: TypedStream.Value) -> Int64? {
        switch value {
        case .integer(let number): return number
        case .real(let number): return number.isFinite && abs(number) < 9e18 ? Int64(number) : nil
        case .object(let object):
            for content in object.contents.reversed() { if let found = number(content) { return found } }
            return nil
        default: return nil
        }
    }
}

extension TypedStream.Value {
    /// The object, when the value is one.
    var object: TypedStream.Object? {
        if case .object(let object) = self { return object }
        return nil
    }
}
