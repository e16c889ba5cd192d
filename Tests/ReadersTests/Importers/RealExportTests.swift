import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// Runs every real export in `../shared/fixtures` (present in CI, never copied into the project).
/// Figures are those of `fixtures/SOURCES.md`, except where noted: SOURCES counts raw entries,
/// these count what Scrollback shows.
@Suite("Real exports", .enabled(if: Fixtures.shared != nil))
struct RealExportTests {
    /// What one export should read as.
    struct Expected: Sendable, CustomTestStringConvertible {
        var path: String
        var format: InputFormat
        var conversations = 1
        var messages: Int
        var senders: Int
        var replies = 0
        var span: (String, String)?
        var testDescription: String { path }
    }

    static let expected: [Expected] = [
        .init(
            path: "telegram/Telegram-Export-Parser/test_data.json", format: .telegram, conversations: 2, messages: 7,
            senders: 4, replies: 2, span: ("2024-01-14", "2024-01-16")),
        .init(
            path: "telegram/chat-analytics/BIG_20A_5475M.json", format: .telegram, messages: 5475, senders: 20,
            span: ("2017-01-01", "2019-12-31")),
        .init(
            path: "telegram/chat-analytics/DM_2A_7M.json", format: .telegram, messages: 8, senders: 2,
            span: ("2019-07-05", "2023-08-10")),
        .init(
            path: "telegram/chat-miner/test_batch_export.json", format: .telegram, messages: 2, senders: 2,
            span: ("2018-12-05", "2018-12-05")),
        .init(
            path: "telegram/chat-miner/test_single_export.json", format: .telegram, messages: 2, senders: 2,
            span: ("2018-12-05", "2018-12-05")),
        // The pin service message links the message it pinned, like a reply; message 10 is empty
        // (no text, no media) and is skipped with a note.
        .init(
            path: "telegram/chatstyle/result.json", format: .telegram, messages: 11, senders: 2, replies: 1,
            span: ("2023-05-01", "2023-05-01")),
        .init(
            path: "telegram/telegram-export-md/result.json", format: .telegram, conversations: 2, messages: 14,
            senders: 5, replies: 1, span: ("2021-01-01", "2022-05-05")),
        .init(
            path: "telegram/tg-parser/personal_chat.json", format: .telegram, messages: 5, senders: 2, replies: 1,
            span: ("2024-01-15", "2024-01-16")),
        // SOURCES counts 4 senders: the service messages' actor is one; here they are system messages.
        // Its three replies answer topic_created messages: they place the message in a topic, not replies.
        .init(
            path: "telegram/tg-parser/supergroup_with_topics.json", format: .telegram, messages: 7, senders: 3,
            replies: 0, span: ("2024-01-10", "2024-01-11")),
        .init(path: "whatsapp/chat-analytics/2A_5M.txt", format: .whatsapp, messages: 5, senders: 2),
        .init(
            path: "whatsapp/chat-analytics/4A_11M.txt", format: .whatsapp, messages: 14, senders: 5,
            span: ("2020-12-09", "2020-12-09")),
        .init(path: "whatsapp/chat-analytics/4A_11M.zip", format: .whatsapp, messages: 14, senders: 5),
        .init(
            path: "whatsapp/chat-miner/test_[mmddyy]_24hrs.txt", format: .whatsapp, messages: 9, senders: 5,
            span: ("2019-01-01", "2021-12-30")),
        .init(
            path: "whatsapp/chat-miner/test_ddmmyy_24hrs.txt", format: .whatsapp, messages: 9, senders: 5,
            span: ("2019-01-01", "2021-12-30")),
        .init(
            path: "whatsapp/chat-miner/test_mmddyy_24hrs.txt", format: .whatsapp, messages: 9, senders: 5,
            span: ("2019-01-01", "2021-12-30")),
        .init(
            path: "whatsapp/chat-miner/test_mmddyyyy_12hrs.txt", format: .whatsapp, messages: 9, senders: 5,
            span: ("2019-01-01", "2021-12-30")),
        .init(
            path: "whatsapp/chat-miner/test_yyyymmdd_24hrs.txt", format: .whatsapp, messages: 9, senders: 5,
            span: ("2019-01-01", "2021-12-30")),
        .init(path: "whatsapp/whatsapp-chat-parser-go/default.txt", format: .whatsapp, messages: 5, senders: 3),
        .init(
            path: "whatsapp/whatsapp-chat-parser-go/english_android-unsaved_contacts.txt", format: .whatsapp,
            messages: 20, senders: 3),
        // SOURCES counts 4 senders: "Super Group" only writes iOS system lines (marked with U+200E).
        .init(
            path: "whatsapp/whatsapp-chat-parser-go/english_iphone-saved_contacts.txt", format: .whatsapp, messages: 15,
            senders: 3, span: ("2018-11-29", "2018-11-29")),
        .init(
            path: "whatsapp/whatsapp-chat-parser-rb/sample.txt", format: .whatsapp, messages: 7, senders: 5,
            span: ("2025-12-15", "2025-12-15")),
        .init(
            path: "whatsapp/whatsapp-chat-parser-website/_chat.txt", format: .whatsapp, messages: 52, senders: 3,
            span: ("2019-06-20", "2019-06-20")),
        .init(
            path: "whatsapp/whatsapp-chat-parser-website/old-example_chat.txt", format: .whatsapp, messages: 100,
            senders: 3),
        .init(
            path: "whatsapp/whatsapp-chat-parser-website/whatsapp-chat-parser-example.zip", format: .whatsapp,
            messages: 52, senders: 3),
        .init(
            // `Du` and `You` are both the exporter: one person.
            path: "whatsapp/whatsapp-export-tools/wet-exporter-placeholder/_chat.txt", format: .whatsapp, messages: 5,
            senders: 2),
        .init(
            path: "whatsapp/whatsapp-export-tools/wet-group-chat/_chat.txt", format: .whatsapp, messages: 7, senders: 3),
        .init(
            path: "whatsapp/whatsapp-export-tools/wet-group-event-bracket/_chat.txt", format: .whatsapp, messages: 2,
            senders: 1, span: ("2018-08-07", "2018-08-07")),
        .init(
            path: "whatsapp/whatsapp-export-tools/wet-two-party/000000/Chat.txt", format: .whatsapp, messages: 2,
            senders: 2),
        .init(
            path: "whatsapp/whatsapp-export-tools/wet-weak-partner/000000/Chat.txt", format: .whatsapp, messages: 2,
            senders: 2),
        .init(path: "whatsapp/whatstk/lorem-2000.txt", format: .whatsapp, messages: 2000, senders: 4),
        .init(path: "whatsapp/whatstk/lorem-merge-part1.txt", format: .whatsapp, messages: 300, senders: 4),
        .init(path: "whatsapp/whatstk/lorem-merge-part2.txt", format: .whatsapp, messages: 300, senders: 5),
        .init(path: "whatsapp/whatstk/lorem.txt", format: .whatsapp, messages: 500, senders: 4),
        // SOURCES counts 9 senders: "Pokemon Chat" only writes the encryption notice, a system line here.
        .init(
            path: "whatsapp/whatstk/pokemon.txt", format: .whatsapp, messages: 20, senders: 8,
            span: ("2016-04-15", "2016-10-31")),
        // Four people and three integrations; the file comment is by the person who wrote it.
        .init(
            path: "slack/slack-export-viewer/testarchive", format: .slack, conversations: 2, messages: 158, senders: 7),
        .init(
            path: "slack/slack-export-viewer/testarchive.zip", format: .slack, conversations: 2, messages: 158,
            senders: 7),
        .init(
            path: "slack/slackdump/source_export_dir", format: .slack, messages: 16, senders: 4, replies: 4,
            span: ("2025-01-10", "2025-01-24")),
        // SOURCES' seven messages and the three thread replies slackdump nests in one of them.
        .init(path: "slack/slackdump/contrib-sample.json", format: .slack, messages: 10, senders: 1, replies: 3),
        .init(path: "discord/chat-analytics/DM_2A_2M.json", format: .discord, messages: 3, senders: 2),
        .init(
            path: "discord/chat-analytics/GC_3A_5M.json", format: .discord, messages: 6, senders: 3, replies: 1,
            span: ("2023-01-17", "2023-03-03")),
        // Six entries, one of them repeated (same id): SOURCES' five messages, one skipped as a repeat.
        .init(path: "discord/chat-analytics/SV_5A_5M.json", format: .discord, messages: 4, senders: 2),
        .init(
            path: "messenger/chat-analytics/2A_7M.json", format: .messenger, messages: 7, senders: 2,
            span: ("2014-11-05", "2014-11-05")),
        .init(
            path: "instagram/chat-miner/test_export.json", format: .messenger, messages: 2, senders: 2,
            span: ("2019-12-24", "2020-01-17")),
        .init(
            path: "chatgpt/chatgpt-explorer/conversations.json", format: .chatgpt, conversations: 5, messages: 10,
            senders: 2),
        // SOURCES counts every node; here only the shown branch, without the empty system node.
        .init(
            path: "chatgpt/chatgpt-export-parser/example-conversation.json", format: .chatgpt, messages: 4, senders: 2),
        .init(path: "chatgpt/chatgpt-exporter/image-generation.json", format: .chatgpt, messages: 8, senders: 2),
        .init(
            path: "chatgpt/chatgpt-exporter/thinking-single-preamble.json", format: .chatgpt, messages: 2, senders: 2),
        .init(
            path: "claude-ai-export/anthropic-data/conversations.json", format: .claudeAI, messages: 2, senders: 2,
            span: ("2025-07-06", "2025-07-06")),
    ]

    /// Claude Code sessions, with the messages shown and hidden (tool calls, results, thinking).
    static let claudeCode: [ClaudeCodeExpected] = [
        // The "Caveat:" preamble Claude Code writes for the model is kept hidden.
        .init(path: "claude-code/claude-code-log/edge_cases.jsonl", shown: 8, hidden: 5, skipped: 6),
        .init(path: "claude-code/claude-code-log/representative_messages.jsonl", shown: 7, hidden: 4, skipped: 0),
        .init(path: "claude-code/claude-code-log/session_b.jsonl", shown: 3, hidden: 0, skipped: 0),
        .init(path: "claude-code/claude-code-log/todowrite_examples.jsonl", shown: 5, hidden: 6, skipped: 0),
        .init(
            path: "claude-code/simonw-claude-code-transcripts/sample_session.json", shown: 14, hidden: 24, skipped: 0),
        .init(path: "claude-code/simonw-claude-code-transcripts/sample_session.jsonl", shown: 4, hidden: 4, skipped: 0),
    ]

    /// A Claude Code session: messages shown, kept hidden (tool calls, results, thinking), and lines skipped.
    struct ClaudeCodeExpected: Sendable, CustomTestStringConvertible {
        var path: String
        var shown: Int
        var hidden: Int
        var skipped: Int
        var testDescription: String { path }
    }

    @Test("Claude Code sessions read with their shown, hidden and skipped counts", arguments: claudeCode)
    func claudeCodeSessions(_ expected: ClaudeCodeExpected) throws {
        let path = try #require(Fixtures.shared).appendingPathComponent(expected.path).path
        let input = try ChatInput.load(path)
        #expect(try Readers.detect(input) == .claudeCode)
        let result = try Readers.read(input)
        let messages = result.conversations[0].messages
        #expect(messages.filter { !$0.hidden }.count == expected.shown)
        #expect(messages.filter(\.hidden).count == expected.hidden)
        #expect(result.report.skipped.count == expected.skipped)
        #expect(result.conversations[0].me == "user")
    }

    @Test("Each real export is detected and read with the expected figures", arguments: expected)
    func reads(_ expected: Expected) throws {
        let path = try #require(Fixtures.shared).appendingPathComponent(expected.path).path
        let input = try ChatInput.load(path)
        #expect(try Readers.detect(input) == expected.format)
        let result = try Readers.read(input)
        let shown = result.conversations.flatMap { $0.messages.filter { !$0.hidden } }
        #expect(result.conversations.count == expected.conversations)
        #expect(shown.count == expected.messages)
        // Senders across the whole export, as SOURCES counts them: each person once.
        let people = Set(shown.filter { $0.kind == .message }.compactMap(\.sender))
        #expect(people.count == expected.senders)
        #expect(shown.filter { $0.replyTo != nil }.count == expected.replies)
        if let span = expected.span {
            let days = shown.map { String($0.time.description.prefix(10)) }.sorted()
            #expect(days.first == span.0 && days.last == span.1)
        }
        #expect(result.report.messagesRead >= shown.count)
        let ids = result.conversations.compactMap(\.id)
        #expect(Set(ids).count == ids.count, "conversation ids are unique")
    }

    @Test("Every export file in the import folders is listed above, so none goes untested")
    func everyFileCovered() throws {
        let root = try #require(Fixtures.shared)
        let listed = Set(Self.expected.map(\.path) + Self.claudeCode.map(\.path))
        var found: [String] = []
        for folder in [
            "telegram", "whatsapp", "discord", "chatgpt", "messenger", "instagram", "claude-code", "claude-ai-export",
        ] {
            let base = root.appendingPathComponent(folder).path
            for path in FileManager.default.enumerator(atPath: base)?.compactMap({ $0 as? String }) ?? []
            where [".json", ".jsonl", ".txt", ".zip"].contains(where: path.hasSuffix) {
                found.append(folder + "/" + path)
            }
        }
        #expect(found.filter { !listed.contains($0) } == [])
    }

    @Test("Layouts of the real exports have days and chains for every message shown", arguments: expected)
    func layouts(_ expected: Expected) throws {
        let path = try #require(Fixtures.shared).appendingPathComponent(expected.path).path
        let result = try Readers.read(try ChatInput.load(path))
        for transcript in result.conversations {
            let layout = try ImportTesting.layout(transcript)
            #expect(layout.messages.count == transcript.messages.filter { !$0.hidden }.count)
            #expect(layout.dates == layout.dates.sorted())
        }
    }
}
