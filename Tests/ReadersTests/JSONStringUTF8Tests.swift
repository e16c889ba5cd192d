import ScrollbackReaders
import Testing

@Suite("UTF-8 in JSON strings")
struct JSONStringUTF8Tests {
    static let invalid: [[UInt8]] = [
        [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0xAF], [0xF4, 0x90, 0x80, 0x80],
        [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
    ]
    static let valid: [[UInt8]] = [
        [0x41], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xF0, 0x9F, 0x98, 0x80],
        [0xF4, 0x8F, 0xBF, 0xBF],
    ]

    @Test("Malformed bytes in a string are refused as not UTF-8, escaped or not", arguments: invalid)
    func refused(_ sequence: [UInt8]) {
        for document in [[0x22] + sequence + [0x22], [0x22, 0x5C, 0x6E] + sequence + [0x22]] {
            do {
                _ = try JSONParser.parse(document)
                Issue.record("\(document) was accepted")
            } catch {
                #expect(error.isInvalidUTF8)
            }
        }
    }

    @Test("Well-formed sequences at the edges of the ranges are read as they are", arguments: valid)
    func accepted(_ sequence: [UInt8]) throws {
        let value = try JSONParser.parse([0x22] + sequence + [0x22])
        #expect(value.string.map { Array($0.utf8) } == sequence)
        let escaped = try JSONParser.parse([0x22, 0x5C, 0x74] + sequence + [0x22])
        #expect(escaped.string.map { Array($0.utf8) } == [0x09] + sequence)
    }
}
