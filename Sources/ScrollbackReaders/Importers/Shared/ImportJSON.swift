import ScrollbackModel

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// JSON documents inside imports: parsing with located errors, and small look-ups readers share.
enum ImportJSON {
    /// Parses `bytes` (the file `file`), turning syntax errors into located `ReadError`s.
    static func parse(_ bytes: InputBytes, file: String) throws(ReadError) -> JSONValue {
        if FormatSniffing.firstNonSpace(bytes) == nil {
            throw ReadError(location: SourceLocation(file: file, line: 1, column: 1), problem: .empty)
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            let problem: ReadError.Problem =
                error.reason == "The text is not valid UTF-8." ? .invalidUTF8 : .invalidJSON(error.reason)
            throw ReadError(location: location(file: file, bytes: bytes, offset: error.offset), problem: problem)
        }
    }

    /// Parses `bytes` like `parse(_:file:)`, handing the root's `key` array on element by element
    /// (see `JSONParser.parse(_:streaming:header:element:)`): `header` gets the root's members
    /// before that array, `element` each element, which is not kept in the tree returned.
    static func parse(
        _ bytes: InputBytes, file: String, streaming key: String, header: @escaping (JSONValue) -> Void = { _ in },
        element: @escaping (JSONValue) -> Bool
    ) throws(ReadError) -> JSONValue {
        if FormatSniffing.firstNonSpace(bytes) == nil {
            throw ReadError(location: SourceLocation(file: file, line: 1, column: 1), problem: .empty)
        }
        do {
            return try JSONParser.parse(bytes, streaming: key, header: header, element: element)
        } catch {
            throw ReadError(location: location(file: file, bytes: bytes, offset: error.offset), problem: error.problem)
        }
    }

    /// The converter of a streamed export's messages on a second core: each message with its place.
    typealias StreamedWorker<State> = InOrderWorker<(value: JSONValue, location: SourceLocation), State, Void>

    /// Parses an export whose root has a `messages` array, converting each message as the parser
    /// reaches it, so the tree of the whole export is never held: `start` makes the converter
    /// from the root's members written before the array (`nil` when they do not make one), `add`
    /// converts one message found at its place. With `ahead`, the converter runs on a second
    /// core (`StreamedWorker`) while the parser reads on; what it gives is the same either way.
    /// Each message is located here, while its bytes are at hand (the parser gives back the pages
    /// behind it). Messages met before a converter was made are `held`, unconverted and unlocated,
    /// for the caller to convert once the whole root is known.
    static func convertingMessages<State>(
        _ bytes: InputBytes, file: String, lines: LineIndex, ahead: Bool, start: @escaping (JSONValue) -> State?,
        add: @escaping (inout State, JSONValue, SourceLocation) -> Void
    ) throws(ReadError) -> (root: JSONValue, state: State?, held: [JSONValue]) {
        var state: State?
        var worker: StreamedWorker<State>?
        var held: [JSONValue] = []
        let root: JSONValue
        do {
            root = try parse(bytes, file: file, streaming: "messages") { header in
                guard let converter = start(header) else { return }
                if ahead {
                    worker = StreamedWorker(converter) { state, batch in
                        for (value, location) in batch { add(&state, value, location) }
                    }
                } else {
                    state = converter
                }
            } element: { value in
                if let worker {
                    worker.add((value, lines.location(ofByte: value.offset)))
                } else if state == nil {
                    held.append(value)
                } else {
                    add(&state!, value, lines.location(ofByte: value.offset))
                }
                return true
            }
        } catch {
            _ = worker?.finish()
            throw error
        }
        if let worker { state = worker.finish().state }
        return (root, state, held)
    }

    /// Parses `bytes` like `parse(_:file:)`, handing on the values at the ends of `paths` as they
    /// are parsed (see `JSONParser.parse(_:handingOn:element:)`).
    static func parse(
        _ bytes: InputBytes, file: String, handingOn paths: [[String?]],
        element: @escaping (JSONValue, String?, Int) -> Bool
    ) throws(ReadError) -> JSONValue {
        if FormatSniffing.firstNonSpace(bytes) == nil {
            throw ReadError(location: SourceLocation(file: file, line: 1, column: 1), problem: .empty)
        }
        do {
            return try JSONParser.parse(bytes, handingOn: paths, element: element)
        } catch {
            throw ReadError(location: location(file: file, bytes: bytes, offset: error.offset), problem: error.problem)
        }
    }

    /// Parses a file input's bytes; a folder is refused for formats read from one file.
    static func parse(_ input: ChatInput, format: InputFormat) throws(ReadError) -> JSONValue {
        guard let bytes = input.bytes else {
            throw ReadError(location: SourceLocation(file: input.name), problem: .notAFolderFormat(format.rawValue))
        }
        return try parse(bytes, file: input.name)
    }

    /// `file:line:column` of a byte offset (a byte order mark is not a column).
    static func location(file: String, bytes: InputBytes, offset: Int) -> SourceLocation {
        LocationCursor.locate(offset, in: bytes, name: file)
    }

    /// A number or numeric string of seconds since 1970 (`1704888000`, `"1704888000"`, `1704067200.123`).
    static func unixTime(_ value: JSONValue?, utcOffset: Int32 = 0) -> Timestamp? {
        guard let value, let text = value.scalarText else { return nil }
        if let seconds = wholeSeconds(text) { return Timestamp(seconds: seconds, utcOffset: utcOffset) }
        guard let seconds = Double(text), seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        let whole = seconds.rounded(.down)
        // Round to microseconds: the float's binary noise is not part of the data.
        let micros = ((seconds - whole) * 1_000_000).rounded()
        return Timestamp(
            seconds: Int64(whole) + (micros >= 1_000_000 ? 1 : 0),
            nanoseconds: micros >= 1_000_000 ? 0 : Int32(micros) * 1000, utcOffset: utcOffset)
    }

    /// Whole seconds written as at most 12 digits, with or without `-`: read exactly as `Double`
    /// would read them (every such number is below 1e12), without its cost for every message.
    private static func wholeSeconds(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { bytes -> Int64? in
            let negative = bytes.first == UInt8(ascii: "-")
            let digits = UnsafeBufferPointer(rebasing: bytes[(negative ? 1 : 0)...])
            guard !digits.isEmpty, digits.count <= 12 else { return nil }
            var seconds: Int64 = 0
            for byte in digits {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                seconds = seconds * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return negative ? -seconds : seconds
        }
    }
}

/// Cheap content checks on the start of a file, for `--input-format auto`.
enum ImportSniffing {
    /// Whether `text` has `"key"` followed by `:` and then `value` (a JSON literal such as `"\"service\""`), allowing white space.
    ///
    /// Compares UTF-8 bytes: every reader sniffs the first 64 KiB of every input with a dozen
    /// of these, and a Foundation string search there was a fifth of a site build's time.
    static func hasMember(_ text: String, _ key: String, _ value: String? = nil) -> Bool {
        var text = text
        return text.withUTF8 { hasMember($0, key, value) }
    }

    /// Whether `bytes` have `"key"` followed by `:` and then `value`, if given, allowing white
    /// space; a key whose opening quote is escaped (`\"key\"`, inside a string) does not count.
    static func hasMember(_ bytes: UnsafeBufferPointer<UInt8>, _ key: String, _ value: String? = nil) -> Bool {
        let needle = Array(("\"" + key + "\"").utf8)
        let literal = value.map { Array($0.utf8) } ?? []
        var start = 0
        while let found = find(needle, in: bytes, from: start) {
            start = found + needle.count
            if found > 0, bytes[found - 1] == UInt8(ascii: "\\") { continue }
            var index = skipSpace(bytes, from: found + needle.count)
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                index = skipSpace(bytes, from: index + 1)
                if bytes.count - index >= literal.count,
                    literal.indices.allSatisfy({ bytes[index + $0] == literal[$0] })
                {
                    return true
                }
            }
        }
        return false
    }

    /// The offset of the first `needle` in `bytes` at or after `start` (and, given `within`, starting
    /// no further than that many bytes on): `memchr` to each place its first byte is, then the rest.
    static func find(
        _ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int, within: Int? = nil
    ) -> Int? {
        let end = within.map { min(bytes.count, start + $0 + needle.count) } ?? bytes.count
        guard let base = bytes.baseAddress, let first = needle.first, start >= 0, end - start >= needle.count
        else { return nil }
        var index = start
        while index <= end - needle.count, let hit = memchr(base + index, Int32(first), end - needle.count + 1 - index)
        {
            index = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
            if memcmp(base + index, needle, needle.count) == 0 { return index }
            index += 1
        }
        return nil
    }

    /// The first offset at or after `start` that is not JSON white space.
    static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        loop: while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            default: break loop
            }
        }
        return index
    }
}
