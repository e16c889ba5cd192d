import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// A one-chat Telegram export read message by message (`MessageStream`, as a big site reads it)
/// gives what reading it whole gives: the same messages in the same order, the same chat without
/// them, the same report.
@Suite("Telegram read message by message")
struct TelegramStreamTests {
    /// Every Telegram export among the shared fixtures, with what reading it whole gives.
    static func fixtures() throws -> [(path: String, input: ChatInput, whole: ReadResult)] {
        guard let root = Fixtures.shared?.appendingPathComponent("telegram") else { return [] }
        var found: [(String, ChatInput, ReadResult)] = []
        let files = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).sorted()
        for file in files where file.hasSuffix(".json") {
            let path = root.appendingPathComponent(file).path
            let input = try ChatInput.load(path)
            guard (try? Readers.detect(input)) == .telegram, let whole = try? Readers.read(input) else { continue }
            found.append((path, input, whole))
        }
        return found
    }

    /// Reads `input` message by message, twice (the second time without the report, as a site's
    /// second reading does); both hand on the same messages.
    static func streamed(_ input: ChatInput, options: ReadOptions = ReadOptions()) throws -> (ReadResult, [Message])? {
        var messages: [Message] = []
        guard let result = try MessageStream.read(input, options: options, each: { messages.append($0) }) else {
            return nil
        }
        var again: [Message] = []
        let quiet = try MessageStream.read(input, options: options, reporting: false) { again.append($0) }
        #expect(again == messages)
        #expect(quiet?.conversations == result.conversations)
        #expect(quiet?.report == ImportReport())
        return (result, messages)
    }

    @Test("Every one-chat fixture streams as it reads whole; full exports are read whole")
    func fixturesAsWhole() throws {
        let fixtures = try Self.fixtures()
        guard !fixtures.isEmpty else { return }
        var streamedCount = 0
        for (path, input, whole) in fixtures {
            do {
                guard let (result, messages) = try Self.streamed(input) else {
                    // Read whole: a full export (several chats) or a chat whose head is not first.
                    let head = FormatSniffing.head(input.bytes!, 65_536)
                    let messagesFirst =
                        head.range(of: "\"messages\"").map { messages in
                            head.range(of: "\"name\"").map { messages.lowerBound < $0.lowerBound } ?? true
                        } ?? true
                    #expect(whole.conversations.count != 1 || head.contains("\"chats\"") || messagesFirst, "\(path)")
                    continue
                }
                streamedCount += 1
                #expect(whole.conversations.count == 1, "\(path)")
                #expect(messages == whole.conversations[0].messages, "\(path)")
                var header = whole.conversations[0]
                header.messages = []
                #expect(result.conversations == [header], "\(path)")
                #expect(result.report == whole.report, "\(path)")
            } catch is MessageStream.UpdatesEarlierMessage {
                // Times that wait for the zone the whole export shows: read whole.
                #expect(
                    whole.report.inferences.contains { $0.contains("date_unixtime") || $0.contains("zone") }, "\(path)")
            }
        }
        #expect(streamedCount > 0)
    }

    static let chat = """
        {"name": "Trip", "type": "private_group", "id": 7, "messages": [
          {"id": 1, "type": "message", "date": "2024-07-01T10:00:00", "date_unixtime": "1719820800",
           "from": "Ana", "from_id": "user1", "text": "first"},
          {"id": 2, "type": "message", "date": "2024-07-01T10:01:00", "date_unixtime": "1719820860",
           "from": "Ben", "from_id": "user2", "text": "answer", "reply_to_message_id": 1},
          {"id": 3, "type": "message", "date": "2024-07-01T10:02:00", "date_unixtime": "1719820920",
           "from": "Ben", "from_id": "user2", "text": "to nowhere", "reply_to_message_id": 99},
          {"id": 4, "type": "message", "date": "2024-07-01T10:03:00", "date_unixtime": "1719820980",
           "from": "Ana", "from_id": "user1", "text": ""}
        ]}
        """

    @Test("A chat's replies, skipped messages and zone are reported as in a whole read")
    func reportAsWhole() throws {
        let input = ChatInput(name: "result.json", bytes: Array(Self.chat.utf8))
        let whole = try Readers.read(input)
        let (result, messages) = try #require(try Self.streamed(input))
        #expect(messages.map(\.id) == ["1", "2", "3"])
        #expect(messages == whole.conversations[0].messages)
        #expect(result.report == whole.report)
        #expect(result.report.warnings.contains { $0.text.contains("replies to message 99") })
        #expect(result.report.skipped.count == 1)
        #expect(result.conversations[0].timeZone == whole.conversations[0].timeZone)
        #expect(result.conversations[0].timeZone != nil)
    }

    @Test("A date without date_unixtime waits for the export's zone: not streamed, unless --tz gives it")
    func localTimes() throws {
        let text = Self.chat.replacingOccurrences(
            of: #""date": "2024-07-01T10:02:00", "date_unixtime": "1719820920","#,
            with: #""date": "2024-07-01T10:02:00","#)
        let input = ChatInput(name: "result.json", bytes: Array(text.utf8))
        #expect(throws: MessageStream.UpdatesEarlierMessage.self) {
            _ = try MessageStream.read(input) { _ in }
        }
        let options = ReadOptions(timeZone: Zone(identifier: "Europe/Lisbon"))
        let whole = try Readers.read(input, options: options)
        let (result, messages) = try #require(try Self.streamed(input, options: options))
        #expect(messages == whole.conversations[0].messages)
        #expect(result.report == whole.report)
    }

    @Test("A full export, and a chat whose name follows its messages, are not streamed: nothing is handed on")
    func readWhole() throws {
        let full = #"{"personal_information": {"user_id": 1}, "chats": {"list": [\#(Self.chat)]}}"#
        let late = """
            {"messages": [{"id": 1, "type": "message", "date": "2024-07-01T10:00:00", "date_unixtime": "1719820800",
              "from": "Ana", "from_id": "user1", "text": "first"}], "name": "Trip", "type": "private_group", "id": 7}
            """
        for text in [full, late] {
            var count = 0
            let input = ChatInput(name: "result.json", bytes: Array(text.utf8))
            #expect(try MessageStream.read(input) { _ in count += 1 } == nil)
            #expect(count == 0)
            #expect(try Readers.read(input).conversations.count == 1)
        }
    }

    @Test("A pin of a message already handed on still marks it pinned, streamed as read whole")
    func pinStreams() throws {
        let pinned = """
            {"name": "Trip", "type": "private_group", "id": 7, "messages": [
              {"id": 1, "type": "message", "date": "2024-07-01T10:00:00", "date_unixtime": "1719820800",
               "from": "Ana", "from_id": "user1", "text": "first"},
              {"id": 2, "type": "message", "date": "2024-07-01T10:01:00", "date_unixtime": "1719820860",
               "from": "Ben", "from_id": "user2", "text": "pin it?"},
              {"id": 3, "type": "message", "date": "2024-07-01T10:01:30", "date_unixtime": "1719820890",
               "from": "Ben", "from_id": "user2", "text": "not pinned"},
              {"id": 4, "type": "service", "date": "2024-07-01T10:02:00", "date_unixtime": "1719820920",
               "actor": "Ana", "actor_id": "user1", "action": "pin_message", "message_id": 1, "text": ""}]}
            """
        let input = ChatInput(name: "result.json", bytes: Array(pinned.utf8))
        let whole = try Readers.read(input)
        #expect(whole.conversations[0].messages.filter(\.pinned).map(\.id) == ["1"])
        let (_, messages) = try #require(try Self.streamed(input))
        #expect(messages == whole.conversations[0].messages)
    }

    @Test("An id that only looks pinned (no pin line names it) sends the chat to a whole read, unpinned")
    func pinLookalike() throws {
        let text = """
            {"name": "Trip", "type": "private_group", "id": 7, "messages": [
              {"id": 1, "type": "message", "date": "2024-07-01T10:00:00", "date_unixtime": "1719820800",
               "from": "Ana", "from_id": "user1", "text": "first"},
              {"id": 2, "type": "message", "date": "2024-07-01T10:01:00", "date_unixtime": "1719820860",
               "from": "Ben", "from_id": "user2", "text": "pin_message"},
              {"id": 3, "type": "service", "date": "2024-07-01T10:02:00", "date_unixtime": "1719820920",
               "actor": "Ben", "actor_id": "user2", "action": "game_score", "message_id": 1, "text": ""}]}
            """
        let input = ChatInput(name: "result.json", bytes: Array(text.utf8))
        #expect(throws: MessageStream.UpdatesEarlierMessage.self) {
            _ = try MessageStream.read(input) { _ in }
        }
        #expect(try Readers.read(input).conversations[0].messages.allSatisfy { !$0.pinned })
    }
}
