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

    /// `count` ASCII letters, then `byte`s: strings of every length around the eight bytes the
    /// parser reads at a time, so that the byte that matters falls at every place in a word.
    static func padded(_ count: Int, _ bytes: [UInt8]) -> [UInt8] {
        (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) } + bytes
    }

    @Test("Strings of every length end, escape and refuse at the right byte wherever it falls in a word")
    func everyPlace() throws {
        for count in 0..<40 {
            let text = Self.padded(count, [])
            #expect(try JSONParser.parse([0x22] + text + [0x22]).string.map { Array($0.utf8) } == text)
            let members = try JSONParser.parse(Array("{\"k\":".utf8) + [0x22] + text + Array("\",  \"x\" :\"y\"}".utf8))
            #expect(members["k"]?.string.map { Array($0.utf8) } == text)
            #expect(members["x"]?.string == "y")
            let escaped = try JSONParser.parse(
                [0x22] + Self.padded(count, Array("\\n\\\"".utf8)) + Self.padded(count, [0x22]))
            #expect(escaped.string.map { Array($0.utf8) } == Self.padded(count, [0x0A, 0x22]) + Self.padded(count, []))
            for sequence in Self.valid {
                let value = try JSONParser.parse([0x22] + Self.padded(count, sequence) + Self.padded(count, [0x22]))
                #expect(value.string.map { Array($0.utf8) } == Self.padded(count, sequence) + Self.padded(count, []))
            }
            for sequence in Self.invalid {
                #expect(throws: JSONParser.Failure.self) {
                    _ = try JSONParser.parse([0x22] + Self.padded(count, sequence) + Self.padded(count, [0x22]))
                }
            }
            // A control character is refused at its own offset, as is a string that never ends.
            do {
                _ = try JSONParser.parse([0x22] + Self.padded(count, [0x01]) + [0x22])
                Issue.record("a control character was accepted")
            } catch {
                #expect(error.offset == 1 + count)
                #expect(error.reason.contains("control character"))
            }
            do {
                _ = try JSONParser.parse([0x20, 0x22] + Self.padded(count, []))
                Issue.record("an unterminated string was accepted")
            } catch {
                #expect(error.offset == 1)
                #expect(error.reason.contains("never ends"))
            }
        }
    }

    @Test("Runs of spaces of every length between values are skipped, and other whitespace with them")
    func spaces() throws {
        for count in 0..<30 {
            let gap = String(repeating: " ", count: count)
            let document = "[" + gap + "1," + gap + "\n\t" + gap + "\"two\"" + gap + "\r\n]" + gap
            let value = try JSONParser.parse(Array(document.utf8))
            #expect(value.array?.count == 2)
            #expect(value.array?.last?.string == "two")
        }
    }
}
