import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// Claude Code sessions read as the person saw them: reminders for the model kept out of the
/// person's words, pasted images shown.
@Suite("Claude Code fidelity")
struct ClaudeCodeFidelityTests {
    static func record(_ content: String) -> String {
        #"{"type":"user","timestamp":"2025-12-24T10:00:00.000Z","sessionId":"s1","uuid":"u1","message":{"role":"user","content":"#
            + content + "}}"
    }

    @Test("A system reminder appended to what the person typed is hidden, as one on its own is")
    func appendedReminder() throws {
        let line = Self.record(#""Fix the test\n\n<system-reminder>The user opened a.swift</system-reminder>""#)
        let messages = try ImportTesting.transcript(line, name: "s1.jsonl").messages
        #expect(messages.map(\.id) == ["u1", "u1-note"])
        #expect(messages[0].text == "Fix the test" && !messages[0].hidden)
        #expect(messages[1].hidden && messages[1].text.contains("The user opened a.swift"))
    }

    @Test("A pasted image with inline data is shown as the image itself")
    func inlineImage() throws {
        let line = Self.record(
            #"[{"type":"text","text":"What is this?"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}}]"#
        )
        let result = try ImportTesting.read(line, name: "s1.jsonl")
        let message = result.conversations[0].messages[0]
        #expect(message.text == "What is this?")
        let image = try #require(message.attachments.first)
        #expect(image.kind == .image && image.url == "data:image/png;base64,iVBORw0KGgo=")
        #expect(!result.report.warnings.contains { $0.text.contains("image") })
    }

    @Test("A pasted image without its data leaves a chip that says so")
    func imageWithoutData() throws {
        let line = Self.record(#"[{"type":"image","source":{"type":"file","file_id":"f1"}}]"#)
        let message = try ImportTesting.transcript(line, name: "s1.jsonl").messages[0]
        let image = try #require(message.attachments.first)
        #expect(image.kind == .image && image.omitted && image.name == "Pasted image")
    }
}
