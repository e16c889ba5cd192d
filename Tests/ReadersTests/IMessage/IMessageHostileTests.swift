import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// Databases made to hurt: names that lead out of the Messages folder, damaged and cut files.
@Suite("iMessage hostile databases")
struct IMessageHostileTests {
    @Test("A filename outside the attachments folder (.., absolute, a link out) is never linked; a warning says why")
    func pathsOutside() throws {
        let url = try #require(IMessageDatabases.hostile("paths/chat.db"))
        let result = try Readers.read(ChatInput.load(url.path))
        let messages = try #require(result.conversations.first).messages
        let paths = messages.compactMap { $0.attachments.first?.path }
        #expect(paths == ["Attachments/ok/fine.png"])
        let warnings = result.report.warnings.map(\.text)
        #expect(warnings.filter { $0.contains("points outside the Messages folder") }.count == 4)
        #expect(warnings.filter { $0.contains("is a link out of the Messages folder") }.count == 2)
        #expect(!warnings.contains { $0.contains("SECRET") })
    }

    @Test("Messages in no chat are counted and left out; a chat's row naming no message is not one")
    func inNoChat() throws {
        let url = try #require(IMessageDatabases.hostile("paths/chat.db"))
        let result = try Readers.read(ChatInput.load(url.path))
        #expect(result.report.inferences.contains("2 messages are in no chat and left out"))
        let ids = result.conversations.flatMap(\.messages).map(\.id)
        #expect(!ids.contains { $0.hasPrefix("NO-CHAT") })
        #expect(ids.count == 7)
    }

    @Test("A damaged or cut database is a one-line error naming the file, not a crash")
    func damaged() throws {
        for name in ["corrupt.db", "truncated.db"] {
            let url = try #require(IMessageDatabases.hostile(name))
            let error = try #require(throws: ReadError.self) {
                try Readers.read(ChatInput.load(url.path), format: .imessage)
            }
            #expect(error.description.hasPrefix(url.path + ": "))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("A SQLite file that is not a Messages database is refused as one")
    func notMessages() throws {
        let url = try #require(IMessageDatabases.hostile("other.db"))
        let error = try #require(throws: ReadError.self) {
            try Readers.read(ChatInput.load(url.path), format: .imessage)
        }
        #expect(error.description.contains("not a Messages one"))
    }

    @Test("Bytes that are not a typedstream, or a cut one, decode to nothing")
    func typedStreamLimits() throws {
        #expect(TypedStream.decode([]) == nil)
        #expect(TypedStream.decode(Array("hello".utf8)) == nil)
        let fixtures = try #require(Fixtures.shared).appendingPathComponent("imessage/imessage-exporter/streamtyped")
        let whole = try [UInt8](Data(contentsOf: fixtures.appendingPathComponent("MultiPart")))
        for length in stride(from: 0, to: whole.count, by: 7) {
            _ = AttributedBody(blob: Array(whole.prefix(length)))
        }
        var deep: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03, 0x84, 0x01, 0x40]
        deep += Array(repeating: 0x84, count: 4096)
        #expect(AttributedBody(blob: deep) == nil)
    }
}
