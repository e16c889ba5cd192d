import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// A big Messages database has its bodies, edit histories and cards made on a second core while
/// SQLite steps through the rows; what is read (messages, their places, participants, every line
/// of the report, the first error) must be what the one-thread reader gives.
@Suite("iMessage: contents made on a second core")
struct IMessageDecodeAheadTests {
    static let read: ConvertAheadTests.Read = { input, ahead throws(ReadError) in
        try IMessageReader.read(input, options: ReadOptions(), decodingAhead: ahead)
    }

    @Test("Every test database reads the same with the worker")
    func testDatabases() throws {
        let urls = [
            IMessageDatabases.mac, IMessageDatabases.old, IMessageDatabases.backupDatabase,
            IMessageDatabases.hostile("paths/chat.db"),
        ]
        for url in urls {
            let input = try ChatInput.load(try #require(url).path)
            let result = try ConvertAheadTests.expectSame(input, Self.read)
            #expect(!result.conversations.isEmpty)
        }
    }

    @Test("A database of many batches and chats reads the same with the worker")
    func manyChats() throws {
        let input = try ChatInput.load(try #require(IMessageDatabases.bench).path)
        let result = try ConvertAheadTests.expectSame(input, Self.read)
        // Far more rows than one batch (256), in several chats, so batches cross chats.
        #expect(result.conversations.flatMap(\.messages).count > 2000)
        #expect(result.conversations.count > 5)
    }

    @Test("The benchmark's chat reads the same with the worker: parts, tapbacks, replies and edits in place")
    func benchChat() throws {
        let input = try ChatInput.load(try #require(IMessageDatabases.benchGroup).path)
        let result = try ConvertAheadTests.expectSame(input, Self.read)
        let messages = result.conversations.flatMap(\.messages)
        #expect(messages.count > 3000)
        #expect(messages.contains { !$0.reactions.isEmpty })
        #expect(messages.contains { $0.id.contains("-p") })
        #expect(messages.contains { $0.replyTo != nil })
        #expect(messages.contains { !$0.revisions.isEmpty })
        #expect(messages.contains { !$0.attachments.isEmpty })
    }

    @Test("A damaged or cut database fails with the same error with the worker")
    func damaged() throws {
        for name in ["corrupt.db", "truncated.db"] {
            let input = try ChatInput.load(try #require(IMessageDatabases.hostile(name)).path)
            let error = try ConvertAheadTests.expectSameError(input, Self.read)
            #expect(error.description.hasPrefix(input.name + ": "))
        }
    }
}

/// The count of messages read, which says how many are in no chat.
@Suite("iMessage: distinct row ids")
struct RowIDSetTests {
    @Test("Ids are counted once, in bits up to the largest and in a set past it or below zero")
    func counted() {
        var ids = RowIDSet(largest: 200)
        for id: Int64 in [1, 2, 63, 64, 200, 2, 64, 1] { ids.insert(id) }
        #expect(ids.count == 5)
        for id: Int64 in [201, 5_000_000_000, -3, 201, -3] { ids.insert(id) }
        #expect(ids.count == 8)
    }

    @Test("A table whose largest id is past the bits' limit, or empty, counts in the set alone")
    func noBits() {
        for largest: Int64 in [1 << 40, -1] {
            var ids = RowIDSet(largest: largest)
            for id: Int64 in [0, 7, 7, 1 << 30] { ids.insert(id) }
            #expect(ids.count == 3)
        }
    }
}
