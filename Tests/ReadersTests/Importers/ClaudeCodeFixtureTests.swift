import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// The Claude Code sessions in the shared fixtures: what Claude Code writes into user records
/// besides the person's typing is shown as what it is.
@Suite("Claude Code fixtures")
struct ClaudeCodeFixtureTests {
    static func read(_ path: String) throws -> ReadResult {
        try Readers.read(try ChatInput.load(try #require(Fixtures.shared).appendingPathComponent(path).path))
    }

    static let edgeCases = "claude-code/claude-code-log/edge_cases.jsonl"

    @Test("A slash command is shown as the command with its arguments, not its XML tags")
    func command() throws {
        let messages = try Self.read(Self.edgeCases).conversations[0].messages
        let command = try #require(messages.first { $0.location?.line == 7 })
        #expect(command.sender == "user" && command.format == .markdown && !command.hidden)
        #expect(
            command.text
                == "`/test-command --verbose --output /tmp/test.log`\n\nRunning a test command to verify system functionality"
        )
        #expect(!messages.contains { $0.text.contains("<command-") })
    }

    @Test("A local command's output is shown as labelled output in a code block")
    func output() throws {
        let messages = try Self.read(Self.edgeCases).conversations[0].messages
        let output = try #require(messages.first { $0.location?.line == 8 })
        #expect(output.text.hasPrefix("*Command output*\n\n```\nCommand output here:\nLine 1 of output\n"))
        #expect(!output.text.contains("local-command-stdout"))
    }

    @Test("The Caveat preamble written for the model is kept hidden, not shown as the person's words")
    func caveat() throws {
        let messages = try Self.read(Self.edgeCases).conversations[0].messages
        let caveat = try #require(messages.first { $0.location?.line == 6 })
        #expect(caveat.hidden && caveat.text.hasPrefix("Caveat: The messages below"))
        #expect(!messages.filter { !$0.hidden }.contains { $0.text.contains("Caveat:") })
    }

    @Test("A compaction summary is shown as Claude's summary, not as the person's message")
    func compactSummary() throws {
        let messages = try Self.read("claude-code/simonw-claude-code-transcripts/sample_session.json")
            .conversations[0].messages
        let summary = try #require(messages.first { $0.text.contains("session continuation summary") })
        #expect(summary.sender == "assistant" && !summary.hidden)
        #expect(summary.text.hasPrefix("**Summary of the earlier conversation**\n\n"))
    }

    @Test("Every skipped line is reported once, in file order, with its reason")
    func skippedLines() throws {
        let report = try Self.read(Self.edgeCases).report
        #expect(report.skipped.map { $0.location?.line } == [10, 11, 13, 14, 15, 16])
        #expect(report.skipped[3].text == #"a record without a "type" is not a message"#)
    }

    @Test(
        "Shell-mode input and its output are a command and output too",
        arguments: [
            ("<bash-input>ls -la</bash-input>", "`! ls -la`"),
            (
                "<bash-stdout>a.txt\u{1B}[0m</bash-stdout><bash-stderr></bash-stderr>",
                "*Command output*\n\n```\na.txt\n```"
            ),
        ])
    func shellMode(_ pair: (String, String)) throws {
        let line =
            #"{"type":"user","timestamp":"2025-01-01T10:00:00Z","sessionId":"s","uuid":"u1","message":{"role":"user","content":"TEXT"}}"#
            .replacingOccurrences(of: "TEXT", with: pair.0.replacingOccurrences(of: "\u{1B}", with: "\\u001b"))
        let message = try ImportTesting.transcript(line, name: "s.jsonl").messages[0]
        #expect(message.text == pair.1)
    }

    @Test("A pasted image is shown with the words it came with, not reported as left out")
    func imagesShown() throws {
        let line = """
            {"type":"user","timestamp":"2025-01-01T10:00:00Z","sessionId":"s","uuid":"u1","message":{"role":"user","content":[{"type":"text","text":"see"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"AA=="}}]}}
            """
        let result = try ImportTesting.read(line, name: "s.jsonl")
        #expect(result.conversations[0].messages[0].text == "see")
        #expect(result.conversations[0].messages[0].attachments.first?.url == "data:image/png;base64,AA==")
        #expect(!result.report.inferences.contains { $0.contains("\"image\" block") })
    }

    @Test("A system reminder is kept hidden; the person's words beside it are shown")
    func systemReminder() throws {
        let line = """
            {"type":"user","timestamp":"2025-01-01T10:00:00Z","sessionId":"s","uuid":"u1","message":{"role":"user","content":[{"type":"text","text":"fix the test"},{"type":"text","text":"<system-reminder>Remember the todo list.</system-reminder>"}]}}
            """
        let messages = try ImportTesting.transcript(line, name: "s.jsonl").messages
        #expect(messages.map(\.text) == ["fix the test", "<system-reminder>Remember the todo list.</system-reminder>"])
        #expect(messages.map(\.hidden) == [false, true])
        #expect(messages[0].format == .plain)
    }

    @Test("An interruption is a line of the session, not something the person typed")
    func interruption() throws {
        let line = """
            {"type":"user","timestamp":"2025-01-01T10:00:00Z","sessionId":"s","uuid":"u1","message":{"role":"user","content":[{"type":"text","text":"[Request interrupted by user for tool use]"}]}}
            """
        let message = try ImportTesting.transcript(line, name: "s.jsonl").messages[0]
        #expect(message.kind == .system && message.sender == nil)
        #expect(message.text == "Request interrupted by user for tool use")
    }
}
