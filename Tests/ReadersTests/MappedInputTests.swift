import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

@Suite("Mapped inputs")
struct MappedInputTests {
    @Test("A large file is mapped and a small one read into memory, with the same bytes either way")
    func mappedOrCopied() throws {
        let big = Self.jsonLines(messages: 35_000)
        let small = Array(big.prefix(10_000))
        let bigInput = try ChatInput.load(Self.write(big, name: "big.jsonl"))
        let smallInput = try ChatInput.load(Self.write(small, name: "small.jsonl"))
        #expect(big.count >= InputBytes.mappingThreshold)
        #expect(bigInput.bytes?.isMapped == true)
        #expect(smallInput.bytes?.isMapped == false)
        #expect(bigInput.bytes.map(Array.init) == big)
        #expect(smallInput.bytes.map(Array.init) == small)
    }

    @Test("Pages given back are read again from the file: every byte is still there")
    func givenBackPagesReadTheSame() throws {
        let text = Self.jsonLines(messages: 35_000)
        let bytes = try #require(try ChatInput.load(Self.write(text, name: "log.jsonl")).bytes)
        var pages = PageRelease(bytes, step: 1 << 16)
        for offset in stride(from: 0, through: bytes.count, by: 1 << 14) { pages.passed(offset) }
        pages.passed(bytes.count)
        #expect(Array(bytes) == text)
        // A cursor that looks back over given-back pages counts what a fresh one counts.
        var cursor = LocationCursor(name: "log.jsonl", bytes: bytes)
        let late = cursor.location(of: bytes.count - 10)
        let early = cursor.location(of: 100)
        #expect(late == LocationCursor.locate(bytes.count - 10, in: text, name: "log.jsonl"))
        #expect(early == LocationCursor.locate(100, in: text, name: "log.jsonl"))
    }

    @Test(
        "An error late in a big file, after the pages before it were given back, names the right line and column",
        arguments: [
            ("jsonl", InputFormat.jsonl), ("native", .scrollback), ("telegram", .telegram), ("whatsapp", .whatsapp),
        ])
    func lateErrorLocation(label: String, format: InputFormat) throws {
        let (bytes, line, column) = Self.brokenNearTheEnd(format)
        let path = try Self.write(bytes, name: "late-\(label)")
        let input = try ChatInput.load(path)
        #expect(input.bytes?.isMapped == true)
        let mapped = Self.error(reading: input, format: format)
        let inMemory = Self.error(reading: ChatInput(name: path, bytes: bytes), format: format)
        #expect(mapped != nil)
        #expect(mapped == inMemory)
        #expect(mapped?.hasPrefix("\(path):\(line):\(column): ") == true, "\(mapped ?? "no error")")
    }

    @Test(
        "A mapped file reads to the same conversation as its bytes in memory",
        arguments: [("jsonl", InputFormat.jsonl), ("native", .scrollback), ("whatsapp", .whatsapp)])
    func sameConversation(label: String, format: InputFormat) throws {
        let bytes = Self.document(format, messages: 35_000)
        let path = try Self.write(bytes, name: "same-\(label)")
        let input = try ChatInput.load(path)
        #expect(input.bytes?.isMapped == true)
        let mapped = try Readers.read(input, format: format)
        let inMemory = try Readers.read(
            ChatInput(name: path, bytes: bytes, baseDirectory: input.baseDirectory), format: format)
        #expect(mapped.conversations == inMemory.conversations)
        #expect(mapped.conversations.first?.messages.count == 35_000)
    }

    @Test("A file cut short while it is mapped is a read error naming it, not a crash")
    func cutShort() throws {
        let bytes = Self.document(.scrollback, messages: 35_000)
        let path = try Self.write(bytes, name: "cut.json")
        let input = try ChatInput.load(path)
        #expect(input.bytes?.isMapped == true)
        // Another program truncates the file before the reader reaches its second megabyte.
        #expect(truncate(path, 1 << 20) == 0)
        #expect(Self.error(reading: input, format: .scrollback) == "\(path): the file got shorter while it was read.")
        #expect(input.bytes?.isCutShort == true)
        // Read again, the shorter file is what it is: cut off inside a message.
        let again = Self.error(reading: try ChatInput.load(path), format: .scrollback)
        #expect(again?.hasPrefix("\(path):") == true && again?.contains("got shorter") == false)
    }

    // MARK: - Inputs

    private static func error(reading input: ChatInput, format: InputFormat) -> String? {
        do {
            _ = try Readers.read(input, format: format)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Native JSON Lines: a header line, then one message a line.
    private static func jsonLines(messages: Int) -> [UInt8] {
        var text = #"{"type": "conversation", "title": "Mapped", "participants": [{"id": "a", "name": "Ana"}]}"# + "\n"
        for number in 1...messages { text += messageLine(number) + "\n" }
        return Array(text.utf8)
    }

    private static func messageLine(_ number: Int) -> String {
        let second = String(format: "%02d", number % 60)
        return
            #"{"id": "m\#(number)", "sender": "a", "time": "2024-01-01T00:00:\#(second)Z", "text": "\#(body(number))"}"#
    }

    /// A message's text, long enough that a few tens of thousands make a file that is mapped.
    private static func body(_ number: Int) -> String {
        "Line \(number): café ☕, the trail to the summit is long, the lake is cold and the coffee is better than it looks"
    }

    /// A conversation of `messages` messages in `format`.
    private static func document(_ format: InputFormat, messages: Int) -> [UInt8] {
        switch format {
        case .scrollback:
            let lines = (1...messages).map { "  " + messageLine($0) }
            let text =
                #"{"version": 1, "title": "Mapped", "messages": ["# + "\n" + lines.joined(separator: ",\n")
                + "\n]}\n"
            return Array(text.utf8)
        case .telegram:
            let lines = (1...messages).map { number in
                #"  {"id": \#(number), "type": "message", "date": "2024-01-01T00:00:00", "date_unixtime": "1704067200", "from": "Ana", "from_id": "user1", "text": "\#(body(number))"}"#
            }
            let text =
                #"{"name": "Mapped", "type": "personal_chat", "id": 1, "messages": ["# + "\n"
                + lines.joined(separator: ",\n") + "\n]}\n"
            return Array(text.utf8)
        case .whatsapp:
            let text = (1...messages).map { "01/01/2024, 10:\(String(format: "%02d", $0 % 60)) - Ana: \(body($0))\n" }
            return Array(text.joined().utf8)
        default:
            return jsonLines(messages: messages)
        }
    }

    /// A big document in `format` with a fault at a known line and column near its end.
    private static func brokenNearTheEnd(_ format: InputFormat) -> (bytes: [UInt8], line: Int, column: Int) {
        var lines = String(decoding: document(format, messages: 35_000), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = lines.count - 5
        switch format {
        case .whatsapp:
            // A byte that is not UTF-8, after "01/01/2024, 10:MM - Ana: " and "é".
            var line = Array(lines[index].utf8)
            let at = line.firstIndex(of: UInt8(ascii: ":"))! + 1
            line.insert(0xFF, at: at)
            let column = String(decoding: line[..<at], as: UTF8.self).count + 1
            lines[index] = String(decoding: line, as: UTF8.self)
            var bytes: [UInt8] = []
            for (number, text) in lines.enumerated() {
                bytes += number == index ? line : Array(text.utf8)
                if number < lines.count - 1 { bytes.append(0x0A) }
            }
            return (bytes, index + 1, column)
        default:
            // A ";" where JSON needs a "," (or, in JSON Lines, a message line that does not parse).
            let at = lines[index].range(of: #", "sender""#) ?? lines[index].range(of: #", "type""#)!
            let column = lines[index].distance(from: lines[index].startIndex, to: at.lowerBound) + 1
            lines[index].replaceSubrange(at.lowerBound..<lines[index].index(after: at.lowerBound), with: ";")
            return (Array(lines.joined(separator: "\n").utf8), index + 1, column)
        }
    }

    private static func write(_ bytes: [UInt8], name: String) throws -> String {
        let folder = try TestFolders.folder("mapped").path
        let path = (folder as NSString).appendingPathComponent(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
