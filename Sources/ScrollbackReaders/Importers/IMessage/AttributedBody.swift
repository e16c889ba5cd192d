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
        var room = Room()
        self.init(blob: blob, room: &room)
    }

    /// The body of `blob`, read with `room` kept from the bodies before.
    init?(blob: [UInt8], room: inout Room) {
        if let scanned = room.scanner.scan(blob) {
            self.init(text: scanned.text, runs: Self.runs(of: scanned.text, in: scanned.items, room: &room.attributes))
        } else {
            self.init(decoding: blob)
        }
    }

    /// What reading a body needs besides its result, kept from one body to the next by a reader
    /// of many, so that each body allocates only what it gives back: the scanner's tables and
    /// the attributes of each dictionary.
    struct Room {
        var scanner = AttributedBodyScanner()
        var attributes: [Run] = []
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
        var attributes: [Run] = []
        self.init(text: string, runs: Self.runs(of: string, in: items, room: &attributes))
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
    /// Each dictionary's attributes are kept in `dictionaries`, emptied first.
    private static func runs(of string: String, in items: [Item], room dictionaries: inout [Run]) -> [Run] {
        var cutter = UTF16Cutter(string)
        var runs: [Run] = []
        dictionaries.removeAll(keepingCapacity: true)
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
    /// a key given twice the last counts. Keys are compared as bytes, first by their length.
    private static func attributes(_ entries: [Entry]) -> Run {
        var run = Run(text: "")
        var iterator = entries.makeIterator()
        while let key = iterator.next(), let value = iterator.next() {
            guard let name = key.bytes, let found = Key.find(name) else { continue }
            switch found {
            case .part: run.part = value.number.map { Int(clamping: $0) }
            case .attachment: run.attachmentGUID = value.string
            case .link: run.link = value.string
            case .mention: run.mention = value.string
            case .bold: run.bold = value.number.map { $0 != 0 } ?? false
            case .italic: run.italic = value.number.map { $0 != 0 } ?? false
            case .underline: run.underline = value.number.map { $0 != 0 } ?? false
            case .strikethrough: run.strikethrough = value.number.map { $0 != 0 } ?? false
            case .textEffect: run.textEffect = value.number.map { Int(clamping: $0) }
            }
        }
        return run
    }

    /// The attribute names the reader uses (each `__kIM` and its name).
    private enum Key: CaseIterable {
        case part, attachment, link, mention, bold, italic, underline, strikethrough, textEffect

        var name: String {
            switch self {
            case .part: "__kIMMessagePartAttributeName"
            case .attachment: "__kIMFileTransferGUIDAttributeName"
            case .link: "__kIMLinkAttributeName"
            case .mention: "__kIMMentionConfirmedMention"
            case .bold: "__kIMTextBoldAttributeName"
            case .italic: "__kIMTextItalicAttributeName"
            case .underline: "__kIMTextUnderlineAttributeName"
            case .strikethrough: "__kIMTextStrikethroughAttributeName"
            case .textEffect: "__kIMTextEffectAttributeName"
            }
        }

        /// Each name's bytes beside it.
        private static let table: [(bytes: [UInt8], key: Key)] = allCases.map { (Array($0.name.utf8), $0) }

        /// The key whose name `bytes` are.
        static func find(_ bytes: ArraySlice<UInt8>) -> Key? {
            let count = bytes.count
            return bytes.withUnsafeBufferPointer { given in
                for entry in table where entry.bytes.count == count {
                    if entry.bytes.withUnsafeBufferPointer({ $0.elementsEqual(given) }) { return entry.key }
                }
                return nil
            }
        }
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
