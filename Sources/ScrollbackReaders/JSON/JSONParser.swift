/// A strict JSON parser (RFC 8259) over bytes that records each value's offset.
///
/// Written here because Foundation's parsers report neither where a value came
/// from nor where a syntax error is in line/column form for every case, and
/// because nesting depth must be bounded without recursion blowing the stack.
package struct JSONParser {
    /// Why parsing failed, at a byte offset.
    package struct Failure: Error, Equatable, Sendable {
        /// Byte offset of the problem.
        package var offset: Int
        /// What is wrong, as a sentence.
        package var reason: String

        /// The reason given for bytes that are not UTF-8, inside strings or out.
        package static let invalidUTF8Reason = "The text is not valid UTF-8."

        /// Whether the input failed for not being UTF-8 rather than for its JSON.
        package var isInvalidUTF8: Bool { reason == Self.invalidUTF8Reason }
    }

    /// The deepest nesting accepted; deeper input is refused instead of exhausting the stack.
    package static let maximumDepth = 512

    private let bytes: CheckedBytes
    /// Gives back the pages of a mapped input behind each value handed on.
    private var pages: PageRelease?
    private var position: Int
    private var depth = 0
    /// The root object's member whose array is handed on element by element, not kept.
    private var streamedKey: String?
    private var streamElement: ((JSONValue) -> Bool)?
    /// Told the root's members read before the streamed array, when that array begins.
    private var streamHeader: ((JSONValue) -> Void)?
    /// Paths to the values handed on as they are parsed (`parse(_:handingOn:element:)`), the keys
    /// of the containers open along them, and where those values go.
    private var handOnPaths: [[String?]] = []
    private var trail: [String?] = []
    private var handOn: ((JSONValue, String?, Int) -> Bool)?
    /// Set when `streamElement` asked to stop: parsing unwinds without a syntax error.
    private var stopped = false

    /// Parses one JSON document from `bytes`, which must hold nothing else but white space.
    package static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(Failure) in
            try parse(buffer, pages: nil, streaming: nil, element: nil)
        }
    }

    /// `parse(_:)` over an input's bytes.
    package static func parse(_ bytes: InputBytes) throws(Failure) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(Failure) in
            try parse(buffer, pages: nil, streaming: nil, element: nil)
        }
    }

    /// Parses a document whose root object has an array under `key`, handing each element of
    /// that array to `element` as soon as it is parsed, instead of keeping it: a log's messages
    /// are decoded one by one and the tree of a million messages is never held. In the returned
    /// root, that member is an empty array at the array's offset.
    ///
    /// `element` returns `false` to stop (the caller has found a problem of its own); `parse`
    /// then returns what it has without reading further. Once `element` has returned, the
    /// parser needs nothing before that element's start: a mapped input gives those pages back.
    package static func parse(
        _ bytes: InputBytes, streaming key: String, element: @escaping (JSONValue) -> Bool
    ) throws(Failure) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(Failure) in
            try parse(buffer, pages: PageRelease(bytes), streaming: Optional(key), element: Optional(element))
        }
    }

    /// `parse(_:streaming:element:)` that first hands `header` the root object's members written
    /// before the streamed array (an export's chat name and type come before its messages), so
    /// each element can be converted knowing them.
    package static func parse(
        _ bytes: InputBytes, streaming key: String, header: @escaping (JSONValue) -> Void,
        element: @escaping (JSONValue) -> Bool
    ) throws(Failure) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(Failure) in
            try parse(
                buffer, pages: PageRelease(bytes), streaming: Optional(key), header: header,
                element: Optional(element))
        }
    }

    /// Parses a document, handing each value at the end of one of `paths` to `element` as soon as
    /// it is parsed instead of keeping it: each step of a path is a member name, or `nil` for every
    /// element of an array or member of an object. `element` gets the value, its member name
    /// (`nil` in an array) and which path it ends; a value on a shorter path comes after those
    /// within it, without them.
    /// `element` returns `false` to stop, as for `parse(_:streaming:element:)`, and a mapped
    /// input's pages before a value handed on are given back once `element` has returned.
    ///
    /// ChatGPT's export is an array of conversations, each a `mapping` of nodes: with the paths
    /// `[nil, "mapping", nil]` and `[nil]` every node and then its conversation come one by one.
    package static func parse(
        _ bytes: InputBytes, handingOn paths: [[String?]], element: @escaping (JSONValue, String?, Int) -> Bool
    ) throws(Failure) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(Failure) in
            try parse(buffer, pages: PageRelease(bytes), streaming: nil, handingOn: paths, to: element, element: nil)
        }
    }

    /// `parse(_:streaming:element:)` over bytes in an array.
    package static func parse(
        _ bytes: [UInt8], streaming key: String, element: @escaping (JSONValue) -> Bool
    ) throws(Failure) -> JSONValue {
        try parse(InputBytes(bytes), streaming: key, element: element)
    }

    /// `parse(_:handingOn:element:)` over bytes in an array.
    package static func parse(
        _ bytes: [UInt8], handingOn paths: [[String?]], element: @escaping (JSONValue, String?, Int) -> Bool
    ) throws(Failure) -> JSONValue {
        try parse(InputBytes(bytes), handingOn: paths, element: element)
    }

    /// Where the key of the object member whose value starts at `valueOffset` starts (its opening
    /// quote), for errors about a member: a parsed object keeps only its values' offsets.
    package static func keyOffset(before valueOffset: Int, in bytes: [UInt8]) -> Int {
        var index = min(valueOffset, bytes.count) - 1
        while index >= 0 && bytes[index] != 0x3A { index -= 1 }  // the colon
        while index >= 0 && bytes[index] != 0x22 { index -= 1 }  // the key's closing quote
        index -= 1
        while index >= 0 {
            if bytes[index] == 0x22 {
                var backslashes = 0
                while index - backslashes > 0 && bytes[index - backslashes - 1] == 0x5C { backslashes += 1 }
                if backslashes % 2 == 0 { return index }
            }
            index -= 1
        }
        return max(0, min(valueOffset, bytes.count))
    }

    private static func parse(
        _ buffer: UnsafeBufferPointer<UInt8>, pages: PageRelease?, streaming key: String?,
        handingOn paths: [[String?]] = [], to handOn: ((JSONValue, String?, Int) -> Bool)? = nil,
        header: ((JSONValue) -> Void)? = nil, element: ((JSONValue) -> Bool)?
    ) throws(Failure) -> JSONValue {
        let bytes = CheckedBytes(buffer)
        var parser = JSONParser(bytes: bytes, position: 0)
        parser.pages = pages
        parser.streamedKey = key
        parser.streamElement = element
        parser.streamHeader = header
        parser.handOnPaths = paths
        parser.handOn = handOn
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        do throws(Failure) {
            parser.skipWhitespace()
            let value = try parser.parseValue()
            if parser.stopped { return value }
            parser.skipWhitespace()
            if parser.position < bytes.count {
                throw Failure(
                    offset: parser.position, reason: "Unexpected \(parser.describeCurrent()) after the JSON value.")
            }
            return value
        } catch {
            // A stray byte that is not UTF-8 is a problem of the text, not of its JSON.
            let offset = error.offset
            if offset < bytes.count, bytes[offset] >= 0x80,
                UTF8Validation.firstInvalidOffset(in: buffer, range: offset..<min(offset + 4, bytes.count)) == offset
            {
                throw Failure(offset: offset, reason: Failure.invalidUTF8Reason)
            }
            throw error
        }
    }

    private init(bytes: CheckedBytes, position: Int) {
        self.bytes = bytes
        self.position = position
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        guard position < bytes.count else {
            throw Failure(offset: position, reason: "The JSON ends where a value was expected.")
        }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), offset: start)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONValue(.bool(true), offset: start)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONValue(.bool(false), offset: start)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONValue(.null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default:
            throw Failure(offset: position, reason: "Expected a JSON value but found \(describeCurrent()).")
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth {
            throw Failure(offset: position, reason: "The JSON is nested more than \(Self.maximumDepth) levels deep.")
        }
    }

    /// Members an object has room for before its array grows.
    static let membersReserved = 8

    private mutating func parseObject() throws(Failure) -> JSONValue {
        let start = position
        try enter()
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return JSONValue(.object(members), offset: start)
        }
        // Room for a small object's members at once, rather than growing the array at the first,
        // second and fourth member (an export's message objects have ten or more).
        members.reserveCapacity(Self.membersReserved)
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else {
                throw Failure(offset: position, reason: "Expected a quoted member name but found \(describeCurrent()).")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else {
                throw Failure(
                    offset: position,
                    reason: "Expected \":\" after the member name \"\(key)\" but found \(describeCurrent()).")
            }
            position += 1
            skipWhitespace()
            if handOn != nil, depth == trail.count + 1 {
                if try !child(key, into: &members) { return JSONValue(.object(members), offset: start) }
            } else if depth == 1, key == streamedKey, peek == UInt8(ascii: "[") {
                streamedKey = nil  // only the first member of that name
                streamHeader?(JSONValue(.object(members), offset: start))
                members.append((key, try parseArray(sink: streamElement)))
                if stopped { return JSONValue(.object(members), offset: start) }
            } else {
                members.append((key, try parseValue()))
            }
            if try closes(UInt8(ascii: "}"), "an object") { return JSONValue(.object(members), offset: start) }
        }
    }

    /// An array; with `sink`, each element goes to it as soon as it is parsed and is not kept
    /// (the streamed member: the result is then an empty array at the array's offset).
    private mutating func parseArray(sink: ((JSONValue) -> Bool)? = nil) throws(Failure) -> JSONValue {
        let start = position
        try enter()
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return JSONValue(.array(elements), offset: start)
        }
        while true {
            skipWhitespace()
            if handOn != nil, depth == trail.count + 1 {
                var kept: [(key: String, value: JSONValue)] = []
                if try !child(nil, into: &kept) {
                    depth -= 1
                    return JSONValue(.array(elements), offset: start)
                }
                elements += kept.map(\.value)
                if try closes(UInt8(ascii: "]"), "an array") { return JSONValue(.array(elements), offset: start) }
                continue
            }
            let element = try parseValue()
            if let sink {
                if !sink(element) {
                    stopped = true
                    return JSONValue(.array([]), offset: start)
                }
                pages?.passed(element.offset)
            } else {
                elements.append(element)
            }
            if try closes(UInt8(ascii: "]"), "an array") { return JSONValue(.array(elements), offset: start) }
        }
    }

    /// After a container's member or element: `false` past a comma (another one follows), `true`
    /// past the `bracket` that closes the container, which is then left.
    @inline(__always)
    private mutating func closes(_ bracket: UInt8, _ container: StaticString) throws(Failure) -> Bool {
        skipWhitespace()
        if peek == UInt8(ascii: ",") {
            position += 1
            return false
        }
        if peek == bracket {
            position += 1
            depth -= 1
            return true
        }
        throw Failure(
            offset: position,
            reason:
                "Expected \",\" or \"\(Character(Unicode.Scalar(bracket)))\" in \(container) but found \(describeCurrent())."
        )
    }

    /// Parses the value of member `key` (`nil`: an array element) of a container on a hand-on path:
    /// handed on at a path's end, followed deeper when a path goes on, kept in `kept` otherwise.
    /// Returns `false` when the receiver asked to stop.
    private mutating func child(_ key: String?, into kept: inout [(key: String, value: JSONValue)]) throws(Failure)
        -> Bool
    {
        var ends: Int?
        var goesOn = false
        for (number, path) in handOnPaths.enumerated() where path.count > trail.count {
            let step = path[trail.count]
            guard step == nil || step == key else { continue }
            guard zip(path, trail).allSatisfy({ $0 == nil || $0 == $1 }) else { continue }
            if path.count == trail.count + 1 { ends = ends ?? number } else { goesOn = true }
        }
        if goesOn { trail.append(key) }
        let value = try parseValue()
        if goesOn { trail.removeLast() }
        if stopped { return false }
        if let ends {
            if !handOn!(value, key, ends) {
                stopped = true
                return false
            }
            pages?.passed(value.offset)
        } else {
            kept.append((key ?? "", value))
        }
        return true
    }

    private mutating func parseString() throws(Failure) -> String {
        let start = position
        position += 1
        var output: [UInt8] = []
        var runStart = position
        // Every byte passed over, or-ed together: without a high bit, the string is ASCII and
        // needs no UTF-8 check.
        var seen: UInt64 = 0
        while true {
            // Eight bytes at a time, while none of them ends the string, starts an escape or is a
            // control character: most of a chat export's bytes are inside strings.
            while position + 8 <= bytes.count {
                let word = bytes.word(at: position)
                let stops = Self.stops(in: word)
                if stops == 0 {
                    seen |= word
                    position += 8
                    continue
                }
                // Straight to the first byte that stops the run (the lowest flag is exact).
                let passed = stops.trailingZeroBitCount / 8
                seen |= word & ((1 << (8 * passed)) &- 1)
                position += passed
                break
            }
            guard position < bytes.count else {
                throw Failure(offset: start, reason: "A string starts here but never ends.")
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                if output.isEmpty {
                    let text =
                        seen & 0x8080_8080_8080_8080 == 0
                        ? String(decoding: bytes.slice(runStart..<position), as: UTF8.self)
                        : try decodeUTF8(runStart..<position, stringStart: start)
                    position += 1
                    return text
                }
                output.append(contentsOf: bytes.slice(runStart..<position))
                position += 1
                return try decodeUTF8Bytes(output, stringStart: start)
            }
            if byte == UInt8(ascii: "\\") {
                output.append(contentsOf: bytes.slice(runStart..<position))
                try parseEscape(into: &output)
                runStart = position
                continue
            }
            if byte < 0x20 {
                throw Failure(
                    offset: position, reason: "A control character (U+\(hex(byte))) must be escaped inside a string.")
            }
            seen |= UInt64(byte)
            position += 1
        }
    }

    /// The high bit of each of the eight bytes in `word` that is `"`, `\\` or below U+0020, and
    /// perhaps of bytes after such a byte: the classic "has a zero byte" and "has a byte less than
    /// n" bit tricks, whose lowest flag is always a true one.
    @inline(__always)
    private static func stops(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let quotes = (quote &- ones) & ~quote
        let backslashes = (backslash &- ones) & ~backslash
        let controls = (word &- ones &* 0x20) & ~word
        return (quotes | backslashes | controls) & highs
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws(Failure) {
        let escapeStart = position
        position += 1
        guard position < bytes.count else {
            throw Failure(offset: escapeStart, reason: "The JSON ends inside an escape.")
        }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4(escapeStart)
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by an escaped low surrogate.
                if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                {
                    let save = position
                    position += 2
                    let low = try parseHex4(save)
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        position = save
                        scalar = 0xFFFD
                    }
                } else {
                    scalar = 0xFFFD
                }
            } else if (0xDC00..<0xE000).contains(scalar) {
                scalar = 0xFFFD  // a lone low surrogate cannot be a character
            }
            appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &output)
        default:
            throw Failure(offset: escapeStart, reason: "\"\\\(Character(Unicode.Scalar(byte)))\" is not a JSON escape.")
        }
    }

    private mutating func parseHex4(_ escapeStart: Int) throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else {
            throw Failure(offset: escapeStart, reason: "A \\u escape needs four hex digits.")
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 55)
            default: throw Failure(offset: escapeStart, reason: "A \\u escape needs four hex digits.")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = position
        if peek == UInt8(ascii: "-") { position += 1 }
        guard let first = peek, first >= 48, first <= 57 else {
            throw Failure(offset: start, reason: "A number needs digits after \"-\".")
        }
        if first == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        if peek == UInt8(ascii: ".") {
            position += 1
            guard let digit = peek, digit >= 48, digit <= 57 else {
                throw Failure(offset: position, reason: "A number needs digits after \".\".")
            }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard let digit = peek, digit >= 48, digit <= 57 else {
                throw Failure(offset: position, reason: "A number needs digits in its exponent.")
            }
            skipDigits()
        }
        let text = String(decoding: bytes.slice(start..<position), as: UTF8.self)
        return JSONValue(.number(text), offset: start)
    }

    private mutating func skipDigits() {
        while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 { position += 1 }
    }

    private mutating func expectWord(_ word: StaticString) throws(Failure) {
        let start = position
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            position + count <= bytes.count && bytes.slice(position..<position + count).elementsEqual(expected)
        }
        guard matches else {
            throw Failure(offset: start, reason: "Expected a JSON value but found \(describeCurrent()).")
        }
        position += count
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            // A run of spaces (indentation) in one step, eight bytes at a time.
            if position + 8 <= bytes.count {
                let others = bytes.word(at: position) ^ 0x2020_2020_2020_2020
                let spaces = others == 0 ? 8 : others.trailingZeroBitCount / 8
                if spaces > 0 {
                    position += spaces
                    continue
                }
            }
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func decodeUTF8(_ range: Range<Int>, stringStart: Int) throws(Failure) -> String {
        // Validate in place without copying. (`String(validating:as:)` is generic over the encoding and
        // runs unspecialised in the standard library: a metadata look-up per string.)
        let slice = bytes.slice(range)
        if UTF8Validation.isValid(slice) { return String(decoding: slice, as: UTF8.self) }
        throw Failure(offset: firstInvalidUTF8(in: range) ?? stringStart, reason: Failure.invalidUTF8Reason)
    }

    private func decodeUTF8Bytes(_ output: [UInt8], stringStart: Int) throws(Failure) -> String {
        let valid = output.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
        if valid { return String(decoding: output, as: UTF8.self) }
        throw Failure(
            offset: firstInvalidUTF8(in: stringStart..<position) ?? stringStart, reason: Failure.invalidUTF8Reason)
    }

    private func firstInvalidUTF8(in range: Range<Int>) -> Int? {
        UTF8Validation.firstInvalidOffset(in: bytes.buffer, range: range)
    }

    private func describeCurrent() -> String {
        guard position < bytes.count else { return "the end of the input" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "\"\(Character(Unicode.Scalar(byte)))\"" }
        if byte >= 0xC2, let character = characterAt(position) { return "\"\(character)\"" }
        return "byte 0x\(hex(byte))"
    }

    /// The whole character starting at `offset`, when it is valid UTF-8.
    private func characterAt(_ offset: Int) -> Character? {
        guard let length = UTF8Validation.sequenceLength(startingWith: bytes[offset]), offset + length <= bytes.count
        else { return nil }
        return String(validating: bytes.slice(offset..<offset + length), as: UTF8.self)?.first
    }
}

/// The bytes a parser reads, with every subscript checked as an array's is (an unsafe buffer's is not).
private struct CheckedBytes {
    let buffer: UnsafeBufferPointer<UInt8>
    let count: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
        count = buffer.count
    }

    @inline(__always)
    subscript(position: Int) -> UInt8 {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "Index out of range")
        return buffer.baseAddress.unsafelyUnwrapped[position]
    }

    /// The eight bytes from `position` (which must all be in bounds) as one number, the first
    /// byte lowest.
    @inline(__always)
    func word(at position: Int) -> UInt64 {
        precondition(position >= 0 && position <= count - 8, "Index out of range")
        return UInt64(
            littleEndian: UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + position).loadUnaligned(
                as: UInt64.self))
    }

    /// The bytes in `range`, which must be in bounds.
    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "Range out of bounds")
        return UnsafeBufferPointer(rebasing: buffer[range])
    }
}

private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
}

private func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
    UTF8.encode(scalar) { output.append($0) }
}
