/// Values coded as one string (a date, a time): the parsing and its error in one place.
extension Decoder {
    /// The value `parse` makes of the one string coded here; a string it refuses is a corrupted
    /// value whose message quotes it (`"2024-13-01" is not a date.`).
    func decodeText<Value>(expected: String, _ parse: (String) -> Value?) throws -> Value {
        let container = try singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = parse(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not \(expected).")
        }
        return value
    }
}

extension Encoder {
    /// Codes `text` as the one string of this value.
    func encodeText(_ text: String) throws {
        var container = singleValueContainer()
        try container.encode(text)
    }
}
