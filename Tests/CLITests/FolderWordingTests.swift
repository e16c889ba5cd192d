import Foundation
import TestSupport
import Testing

@testable import ScrollbackCLI

@Suite("Wording: a folder is called a folder")
struct FolderWordingTests {
    @Test("The overview, every command's help and the manual say folder, never directory")
    func helpAndManual() {
        let texts = [CommandLineTool.overview, ManualPage.roff()] + CommandLineTool.commands.map(\.help)
        for text in texts {
            #expect(text.range(of: "director", options: .caseInsensitive) == nil, "\(text.prefix(80))")
        }
        #expect(CommandLineTool.commands.first { $0.name == "render" }!.help.contains("a folder"))
    }

    @Test("Errors about a missing input or a templates path that is a file say folder")
    func errors() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let chat = try folder.write("chat.json", #"{"version": 1, "messages": []}"#)
        let missing = CLIRunner.run(["render", folder.path("gone")])
        #expect(missing.stderr == "scrollback: error: \(folder.path("gone")): no such file or folder.\n")
        let templates = CLIRunner.run(["render", chat, "--format", "html", "--templates", chat])
        #expect(templates.status == 2)
        #expect(templates.stderr == "scrollback: error: --templates '\(chat)' is not a folder.\n")
    }
}
