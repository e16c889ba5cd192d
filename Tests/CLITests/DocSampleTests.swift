import Foundation
import TestSupport
import Testing

/// Every `$ scrollback …` block in README.md and docs/ is run, and what it prints must be what the
/// block shows. A block is a fenced code block with a line starting `$ scrollback `; in it, each
/// `$ ` line is a command run by `/bin/sh` (standard error and output together, as a terminal
/// shows them), the lines up to the next command are its output, `# ` lines are comments, and
/// `$ cat FILE` shows a file: the lines after it are written to FILE first. A document's blocks
/// run in order in one folder, where the real exports the samples name are linked.
@Suite("Docs: the command samples are what the commands print", .serialized)
struct DocSampleTests {
    /// The file names the samples use, and the real exports (../shared/fixtures) behind them.
    static let exports = [
        "WhatsApp Chat.zip": "whatsapp/whatsapp-chat-parser-website/whatsapp-chat-parser-example.zip",
        "result.json": "telegram/tg-parser/personal_chat.json",
        "full-export.json": "telegram/telegram-export-md/result.json",
        "Slack export.zip": "slack/slack-export-viewer/testarchive.zip",
        "conversations.json": "chatgpt/chatgpt-explorer/conversations.json",
    ]

    static var documents: [String] {
        let docs = Fixtures.packageRoot.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    struct Step {
        var command: String
        var output: [String]
    }

    /// The blocks of `text` that hold a `$ scrollback` command, as steps.
    static func blocks(_ text: String) -> [[Step]] {
        var blocks: [[Step]] = []
        var inBlock = false
        var steps: [Step] = []
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if inBlock, steps.contains(where: { $0.command.hasPrefix("scrollback ") }) { blocks.append(steps) }
                inBlock.toggle()
                steps = []
            } else if inBlock, line.hasPrefix("$ ") {
                steps.append(Step(command: String(line.dropFirst(2)), output: []))
            } else if inBlock, !steps.isEmpty, !line.hasPrefix("# ") {
                steps[steps.count - 1].output.append(line)
            }
        }
        return blocks
    }

    /// Lines as compared: no trailing spaces or blank lines at the end, and a run's duration as `…`.
    static func normalized(_ lines: [String]) -> [String] {
        var lines = lines.map { line in
            String(line.replacing(#/ in \d+\.\d+ s$/#, with: " in … s").reversed().drop { $0 == " " }.reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    @Test("Each document's samples print what they show", arguments: documents)
    func samples(_ document: String) throws {
        let text = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent(document), encoding: .utf8)
        let blocks = Self.blocks(text)
        guard !blocks.isEmpty else { return }
        let shared = try #require(Fixtures.shared)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let manager = FileManager.default
        for (name, fixture) in Self.exports {
            try manager.createSymbolicLink(
                atPath: folder.path(name), withDestinationPath: shared.appendingPathComponent(fixture).path)
        }
        try manager.createSymbolicLink(
            atPath: folder.path("Examples"),
            withDestinationPath: Fixtures.packageRoot.appendingPathComponent("Examples").path)
        let binaries = CLIRunner.binary.deletingLastPathComponent().path
        for steps in blocks {
            for step in steps {
                if step.command.hasPrefix("cat ") {
                    let name = String(step.command.dropFirst(4))
                    try (step.output.joined(separator: "\n") + "\n").write(
                        toFile: folder.path(name), atomically: true, encoding: .utf8)
                    continue
                }
                let run = try CLIRunner.spawn(
                    ["-c", "(" + step.command + ") 2>&1"], executable: URL(fileURLWithPath: "/bin/sh"),
                    environment: ["PATH": binaries + ":/usr/bin:/bin", "HOME": folder.url.path, "LANG": "C.UTF-8"],
                    currentDirectory: folder.url)
                let actual = Self.normalized(run.stdout.components(separatedBy: "\n"))
                #expect(
                    actual == Self.normalized(step.output),
                    "\(document): $ \(step.command)\n--- prints:\n\(actual.joined(separator: "\n"))")
            }
        }
    }
}
