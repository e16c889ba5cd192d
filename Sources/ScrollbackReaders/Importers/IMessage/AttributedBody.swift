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
    /// The attributed string as Messages writes it is read straight from the bytes
    /// (`AttributedBodyScanner`); any other archive goes through the whole typedstream decoder.
    init?(blob: [UInt8]) {
        if let scanned = AttributedBodyScanner.scan(blob) {
            self.init(text: scanned.text, runs: Self.runs(of: scanned.text, in: scanned.items))
        } else {
            self.init(decoding: blob)
        }
    }

    /// The body of `blob` read from its decoded typedstream.
    init?(decoding blob: [UInt8]) {
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
        let items = root.contents.dropFirst().map { value -> Item in
            switch value {
            case .integer(let number): return .integer(number)
            case .object(let object) where object.classes.contains("NSDictionary"):
                return .dictionary(object.contents.dropFirst().map(Entry.init))
            default: return .other
            }
        }
        self.init(text: string, runs: Self.runs(of: string, in: items))
    }

    init(text: String, runs: [Run]) {
        self.text = text
        self.runs = runs
    }

    /// One value after the string of an attributed string, as far as its runs are concerned.
    enum Item {
        case integer(Int64)
        /// An `NSDictionary`: its keys and values in turn, after its count.
        case dictionary([Entry])
        case other
    }

    /// What a key or value of an attribute dictionary says: the bytes of its last string and its
    /// last number (an `NSString`, an `NSNumber`, an `NSURL`'s address).
    struct Entry {
        var bytes: ArraySlice<UInt8>?
        var number: Int64?

        init(bytes: ArraySlice<UInt8>?, number: Int64?) {
            self.bytes = bytes
            self.number = number
        }

        init(_ value: TypedStream.Value) {
            self.init(bytes: AttributedBody.bytes(value)?[...], number: AttributedBody.number(value))
        }

        var string: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// The runs the (index, length) pairs and attribute dictionaries after the string describe;
    /// lengths count UTF-16 units, as `NSString` does. Text no run covers becomes a plain run.
    private static func runs(of string: String, in items: [Item]) -> [Run] {
        var cutter = UTF16Cutter(string)
        var dictionaries: [Run] = []
        var runs: [Run] = []
        dictionaries.reserveCapacity(items.count / 3)
        runs.reserveCapacity(items.count / 2 + 1)
        var cursor = 0
        while cursor + 1 < items.count {
            guard case .integer(let number) = items[cursor], case .integer(let length) = items[cursor + 1] else {
                cursor += 1
                continue
            }
            cursor += 2
            if cursor < items.count, case .dictionary(let entries) = items[cursor] {
                dictionaries.append(attributes(entries))
                cursor += 1
            }
            guard let text = cutter.next(Int(clamping: length)) else { continue }
            var run = number >= 1 && number <= dictionaries.count ? dictionaries[Int(number) - 1] : Run(text: "")
            run.text = text
            runs.append(run)
        }
        if let rest = cutter.rest() { runs.append(Run(text: rest)) }
        return runs
    }

    /// An `NSDictionary`'s keys and values, in turn, as the attributes of a run with no text; of
    /// a key given twice the last counts. Keys are compared as bytes.
    private static func attributes(_ entries: [Entry]) -> Run {
        var run = Run(text: "")
        var iterator = entries.makeIterator()
        while let key = iterator.next(), let value = iterator.next() {
            guard let name = key.bytes, name.count > Key.prefix.count, name.starts(with: Key.prefix) else { continue }
            switch name.dropFirst(Key.prefix.count) {
            case Key.part: run.part = value.number.map { Int(clamping: $0) }
            case Key.attachment: run.attachmentGUID = value.string
            case Key.link: run.link = value.string
            case Key.mention: run.mention = value.string
            case Key.bold: run.bold = value.number.map { $0 != 0 } ?? false
            case Key.italic: run.italic = value.number.map { $0 != 0 } ?? false
            case Key.underline: run.underline = value.number.map { $0 != 0 } ?? false
            case Key.strikethrough: run.strikethrough = value.number.map { $0 != 0 } ?? false
            case Key.textEffect: run.textEffect = value.number.map { Int(clamping: $0) }
            default: continue
            }
        }
        return run
    }

    /// The attribute names the reader uses, as bytes after their common prefix.
    private enum Key {
        static let prefix = Array("__kIM".utf8)
        static let part = Array("MessagePartAttributeName".utf8)[...]
        static let attachment = Array("FileTransferGUIDAttributeName".utf8)[...]
        static let link = Array("LinkAttributeName".utf8)[...]
        static let mention = Array("MentionConfirmedMention".utf8)[...]
        static let bold = Array("TextBoldAttributeName".utf8)[...]
        static let italic = Array("TextItalicAttributeName".utf8)[...]
        static let underline = Array("TextUnderlineAttributeName".utf8)[...]
        static let strikethrough = Array("TextStrikethroughAttributeName".utf8)[...]
        static let textEffect = Array("TextEffectAttributeName".utf8)[...]
    }

    /// The bytes `string(_:)` would decode, without decoding them.
    static func bytes(_ value: TypedStream.Value) -> [UInt8]? {
        switch value {
        case .bytes(let bytes): return bytes
        case .object(let object):
            for content in object.contents.reversed() { if let found = bytes(content) { return found } }
            return nil
        default: return nil
        }
    }

    /// The text of an `NSString` (or `NSURL`, whose last string is its address) or of string bytes.
    static func string(_ value: TypedStream.Value) -> String? {
        bytes(value).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The number an `NSNumber` holds (its last integer).
    static func number(_ value: TypedStream.Value) -> Int64? {
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
