import ScrollbackModel
import Testing

@testable import ScrollbackReaders

/// A big native log's messages are decoded on a second core while the parser reads on; what is
/// read must not change.
@Suite("Native JSON log: messages decoded on a second core")
struct DecodeAheadTests {
    /// A log of `count` messages with repeated ids, empty messages, unlisted senders and replies.
    static func log(count: Int, brokenAt broken: Int? = nil) -> ChatInput {
        var lines: [String] = []
        for index in 0..<count {
            let id = index % 97 == 5 ? "m\(index - 1)" : "m\(index)"
            var message =
                #"{"id": "\#(id)", "sender": "p\#(index % 5)", "time": "2026-11-28T09:\#(String(format: "%02d", index / 60 % 60)):\#(String(format: "%02d", index % 60))Z""#
            message += index % 101 == 7 ? #", "text": "", "what": 1"# : #", "text": "message \#(index) \n line""#
            if index % 13 == 0 && index > 0 { message += #", "replyTo": "m\#(index - 1)""# }
            if index == broken { message += #", "reactions": 12"# }
            lines.append(message + "}")
        }
        let text =
            #"{"version": 1, "participants": [{"id": "p0", "name": "Ana"}], "messages": [\#n"#
            + lines.joined(separator: ",\n") + "\n]}\n"
        return ChatInput(name: "big.json", bytes: Array(text.utf8))
    }

    @Test("Messages, their locations, participants and warnings are the same as read on one thread")
    func sameAsOneThread() throws {
        let input = Self.log(count: 3000)
        let serial = try NativeJSONReader.read(input, ahead: nil)
        let ahead = try NativeJSONReader.read(input, ahead: DecodeAhead.worker(input: input, reporting: true))
        #expect(serial.conversations[0].messages.count == 3000)
        #expect(ahead.conversations == serial.conversations)
        #expect(ahead.conversations[0].messages.map(\.location) == serial.conversations[0].messages.map(\.location))
        #expect(ahead.report == serial.report)
        #expect(!serial.report.warnings.isEmpty)
    }

    @Test("A message that cannot be decoded fails the read; read without the worker it names its place")
    func failureIsReported() throws {
        let input = Self.log(count: 2000, brokenAt: 1500)
        var serialError: ReadError?
        do { _ = try NativeJSONReader.read(input, ahead: nil) } catch { serialError = error }
        let expected = try #require(serialError)
        #expect(expected.location?.line == 1502)
        #expect(throws: ReadError.self) {
            try NativeJSONReader.read(input, ahead: DecodeAhead.worker(input: input, reporting: true))
        }
        #expect(throws: expected) { try NativeJSONReader.read(input, decodingAhead: true) }
    }
}
