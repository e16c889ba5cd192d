import ScrollbackModel

/// JSON documents inside imports: parsing with located errors, and small look-ups readers share.
enum ImportJSON {
    /// Parses `bytes` (the file `file`), turning syntax errors into located `ReadError`s.
    static func parse(_ bytes: [UInt8], file: String) throws(ReadError) -> JSONValue {
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

    /// Parses a file input's bytes; a folder is refused for formats read from one file.
    static func parse(_ input: ChatInput, format: InputFormat) throws(ReadError) -> JSONValue {
        guard let bytes = input.bytes else {
            throw ReadError(location: SourceLocation(file: input.name), problem: .notAFolderFormat(format.rawValue))
        }
        return try parse(bytes, file: input.name)
    }

    /// `file:line:column` of a byte offset.
    static func location(file: String, bytes: [UInt8], offset: Int) -> SourceLocation {
        let (line, column) = UTF8Validation.lineAndColumn(of: offset, in: bytes)
        return SourceLocation(file: file, line: line, column: column)
    }

    /// A number or numeric string of seconds since 1970 (`1704888000`, `"1704888000"`, `1704067200.123`).
    static func unixTime(_ value: JSONValue?, utcOffset: Int32 = 0) -> Timestamp? {
        guard let value, let text = value.scalarText, let seconds = Double(text), seconds.isFinite,
            abs(seconds) < 1e12
        else { return nil }
        let whole = seconds.rounded(.down)
        // Round to microseconds: the float's binary noise is not part of the data.
        let micros = ((seconds - whole) * 1_000_000).rounded()
        return Timestamp(
            seconds: Int64(whole) + (micros >= 1_000_000 ? 1 : 0),
            nanoseconds: micros >= 1_000_000 ? 0 : Int32(micros) * 1000, utcOffset: utcOffset)
    }
}

/// Cheap content checks on the start of a file, for `--input-format auto`.
enum ImportSniffing {
    /// Whether `text` has `"key"` followed by `:` and then `value` (a JSON literal such as `"\"service\""`), allowing white space.
    static func hasMember(_ text: String, _ key: String, _ value: String? = nil) -> Bool {
        let needle = "\"" + key + "\""
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: needle, range: searchRange) {
            var index = found.upperBound
            index = skipSpace(text, from: index)
            if index < text.endIndex, text[index] == ":" {
                guard let value else { return true }
                index = skipSpace(text, from: text.index(after: index))
                if text[index...].hasPrefix(value) { return true }
            }
            searchRange = found.upperBound..<text.endIndex
        }
        return false
    }

    private static func skipSpace(_ text: String, from start: String.Index) -> String.Index {
        var index = start
        while index < text.endIndex,
            text[index] == " " || text[index] == "\n" || text[index] == "\t"
                || text[index] == "\r"
        {
            index = text.index(after: index)
        }
        return index
    }
}
