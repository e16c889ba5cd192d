import ScrollbackModel
import ScrollbackReaders
import TestSupport
import Testing

@Suite("Reading message by message")
struct MessageStreamTests {
    /// A native log that lists its participants after its messages, with a sender it does not
    /// list, an id-less message, an empty one and a repeated id.
    static let native = """
        {"version": 1, "messages": [
          {"id": "a", "sender": "ben", "time": "2026-11-28T09:00:00Z", "text": "Hi"},
          {"sender": "cleo", "time": "2026-11-28T09:01:00Z", "text": "Who's this?"},
          {"id": "c", "sender": "ana", "time": "2026-11-28T09:02:00Z", "body": "spelled its own way"},
          {"id": "a", "sender": "ben", "time": "2026-11-28T09:03:00Z", "text": "again"}
        ], "title": "Late header", "me": "ana", "participants": [{"id": "ana", "name": "Ana"}, {"id": "ben", "name": "Ben"}]}
        """

    /// JSON Lines with a header line after the first message, a skipped line and an empty message.
    static let lines = """
        {"id": "a", "sender": "ben", "time": "2026-11-28T09:00:00Z", "text": "Hi"}
        {"type": "conversation", "title": "Lines", "participants": [{"id": "ana", "name": "Ana"}]}
        {"type": "poll", "question": "?"}
        {"sender": "ana", "time": "2026-11-28T09:01:00Z", "text": "Hello"}
        {"id": "e", "sender": "cleo", "time": "2026-11-28T09:02:00Z", "caption": "nothing read"}
        """

    static let cases: [(label: String, text: String, name: String)] = [
        ("native", native, "chat.json"), ("jsonl", lines, "chat.jsonl"),
    ]

    @Test(
        "The messages come in the order of a whole read, and the result is that read's without them",
        arguments: cases.map(\.label))
    func sameAsWholeRead(label: String) throws {
        let (_, text, name) = Self.cases.first { $0.label == label }!
        let input = ChatInput(name: name, bytes: Array(text.utf8))
        let whole = try Readers.read(input)
        var messages: [Message] = []
        let streamed = try #require(try MessageStream.read(input) { messages.append($0) })
        #expect(messages == whole.conversations[0].messages)
        var header = whole.conversations[0]
        header.messages = []
        #expect(streamed.conversations == [header])
        #expect(streamed.report == whole.report)
        #expect(streamed.format == whole.format)
        #expect(!streamed.report.warnings.isEmpty)
    }

    @Test("A second pass without the report hands on the same messages")
    func withoutReport() throws {
        for (_, text, name) in Self.cases {
            let input = ChatInput(name: name, bytes: Array(text.utf8))
            var first: [Message] = []
            var second: [Message] = []
            let reported = try MessageStream.read(input) { first.append($0) }
            let quiet = try MessageStream.read(input, reporting: false) { second.append($0) }
            #expect(second == first && !second.isEmpty)
            #expect(quiet?.conversations == reported?.conversations)
            #expect(quiet?.report.warnings.isEmpty == true)
        }
    }

    @Test(
        "A JSON Lines file read from disk a megabyte at a time gives what its bytes give",
        arguments: ["\n", ""])
    func fromDisk(ending: String) throws {
        // More than a megabyte, so lines are cut between reads; a blank line; the last line with
        // or without its newline.
        let message = #"{"sender": "ben", "time": "2026-11-28T09:00:00Z", "text": "%@"}"#
        let lines = (0..<9_000).map {
            message.replacingOccurrences(of: "%@", with: "line \($0) " + String(repeating: "x", count: $0 % 250))
        }
        let text = Self.lines + "\n\n" + lines.joined(separator: "\n") + ending
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write("chat.jsonl", text)
        let input = ChatInput(name: path, bytes: Array(text.utf8))
        var fromBytes: [Message] = []
        var fromFile: [Message] = []
        let bytesResult = try MessageStream.read(input) { fromBytes.append($0) }
        let fileResult = try MessageStream.read(path: path, format: .jsonl) { fromFile.append($0) }
        #expect(fromFile.count == 9_003)
        #expect(fromFile == fromBytes)
        #expect(fileResult?.conversations == bytesResult?.conversations)
        #expect(fileResult?.report == bytesResult?.report)
    }

    @Test("A blank JSON Lines file read from disk is the same error as its bytes give")
    func blankFromDisk() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write("blank.jsonl", "\n  \n")
        let whole = readError(Array("\n  \n".utf8), name: path, format: .jsonl)
        do {
            _ = try MessageStream.read(path: path, format: .jsonl) { _ in }
            Issue.record("no error")
        } catch let error as ReadError {
            #expect(error.description == whole)
        }
    }

    @Test("A JSON Lines line that updates an earlier message cannot be streamed, and says so")
    func updatesStop() throws {
        let text = """
            {"id": "x", "sender": "ana", "time": "2026-11-28T09:00:00Z", "text": "On my way", "status": "sending"}
            {"id": "x", "status": "read"}
            """
        let input = ChatInput(name: "chat.jsonl", bytes: Array(text.utf8))
        #expect(throws: MessageStream.UpdatesEarlierMessage.self) {
            _ = try MessageStream.read(input) { _ in }
        }
    }

    @Test("Imports and inputs with a transform are not streamed: nothing is handed on")
    func notStreamed() throws {
        let whatsapp = ChatInput(name: "chat.txt", bytes: Array("28/11/2026, 09:00 - Ana: Hi\n".utf8))
        var count = 0
        #expect(try MessageStream.read(whatsapp) { _ in count += 1 } == nil)
        let transform = TranscriptTransform(fingerprint: "t", hidesNames: false) { $0 }
        let native = ChatInput(name: "chat.json", bytes: Array(Self.native.utf8))
        #expect(try MessageStream.read(native, options: ReadOptions(transform: transform)) { _ in count += 1 } == nil)
        #expect(count == 0)
    }

    @Test("A bad message is the same located error as in a whole read")
    func errors() throws {
        let text = """
            {"version": 1, "messages": [{"id": "a", "time": "2026-11-28T09:00:00Z", "text": "no sender"}]}
            """
        let input = ChatInput(name: "chat.json", bytes: Array(text.utf8))
        let whole = readError(Array(text.utf8), name: "chat.json")
        #expect(whole != nil)
        do {
            _ = try MessageStream.read(input) { _ in }
            Issue.record("no error")
        } catch let error as ReadError {
            #expect(error.description == whole)
        }
    }
}
