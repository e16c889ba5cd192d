import Foundation
import TestSupport
import Testing

@Suite("A rules file after --redact gets a hint for --redact-rules")
struct RedactHintTests {
    static let chat = #"{"version": 1, "messages": [{"sender": "a", "time": "2026-01-01T00:00:00Z", "text": "hi"}]}"#

    @Test("render chat.json --redact rules.txt suggests --redact-rules rules.txt")
    func existingRulesFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let chat = try folder.write("chat.json", Self.chat)
        let rules = try folder.write("words.txt", "codename: Bluebird\n")
        for command in ["render", "list", "check", "follow"] {
            let result = CLIRunner.run([command, chat, "--redact", rules])
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("scrollback: error: \(command) takes one INPUT"), "\(result.stderr)")
            #expect(result.stderr.hasSuffix(" did you mean --redact-rules \(rules)?\n"), "\(result.stderr)")
        }
    }

    @Test("A name that says rules gets the hint before the file exists")
    func namedLikeRules() throws {
        let result = CLIRunner.run(["render", "--redact", "my-rules.txt", "chat.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean --redact-rules my-rules.txt?"), "\(result.stderr)")
    }

    @Test("A second chat log after --redact gets no hint: it is a log, not rules")
    func secondLog() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = try folder.write("a.json", Self.chat)
        let second = try folder.write("b.json", Self.chat)
        let result = CLIRunner.run(["render", first, "--redact", second])
        #expect(result.status == 2)
        #expect(result.stderr == "scrollback: error: render takes one INPUT; use 'scrollback site' for several.\n")
    }
}
