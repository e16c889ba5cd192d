import Foundation
import TestSupport
import Testing

@testable import ScrollbackCLI

@Suite("make install: binary, man page and completions under DESTDIR and PREFIX")
struct InstallTests {
    /// Runs a program found on PATH; returns its status and what it printed on both streams.
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func available(_ program: String) -> Bool {
        (try? run(["sh", "-c", "command -v \(program)"]).status) == 0
    }

    static let installed = [
        "opt/sb/bin/scrollback", "opt/sb/share/man/man1/scrollback.1",
        "opt/sb/share/bash-completion/completions/scrollback", "opt/sb/share/zsh/site-functions/_scrollback",
        "opt/sb/share/fish/vendor_completions.d/scrollback.fish",
    ]

    @Test("install puts every file under DESTDIR/PREFIX, they parse, and uninstall removes them")
    func installAndUninstall() throws {
        let stage = try TemporaryFolder()
        defer { stage.remove() }
        // The debug binary stands in for the release one, so the test does not build again.
        let variables = [
            "DESTDIR=\(stage.url.path)", "PREFIX=/opt/sb", "SCROLLBACK_BIN=\(CLIRunner.binary.path)",
        ]
        let install = try Self.run(["make", "-s", "-o", "release", "install"] + variables, in: Fixtures.packageRoot)
        #expect(install.status == 0, "\(install.output)")
        for file in Self.installed {
            #expect(FileManager.default.fileExists(atPath: stage.url.appendingPathComponent(file).path), "\(file)")
        }
        let binary = stage.url.appendingPathComponent(Self.installed[0]).path
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        #expect(try Self.run([binary, "--version"]).output == "scrollback \(CommandLineTool.version)\n")

        let manual = stage.url.appendingPathComponent(Self.installed[1]).path
        if Self.available("groff") {
            let check = try Self.run(["groff", "-man", "-Tutf8", "-ww", "-z", manual])
            #expect(check.status == 0 && check.output.isEmpty, "\(check.output)")
        }
        if Self.available("man") {
            let page = try Self.run(["man", "-l", manual])
            #expect(page.output.contains("SCROLLBACK(1)") && page.output.contains("EXIT STATUS"))
        }
        let bash = stage.url.appendingPathComponent(Self.installed[2]).path
        #expect(try Self.run(["bash", "-n", bash]).status == 0)
        let completes = try Self.run([
            "bash", "-c",
            "source \(bash); COMP_WORDS=(scrollback follow --on); COMP_CWORD=2; _scrollback; echo \"${COMPREPLY[@]}\"",
        ])
        #expect(completes.output == "--once\n")
        for (shell, index) in [("zsh", 3), ("fish", 4)] where Self.available(shell) {
            let file = stage.url.appendingPathComponent(Self.installed[index]).path
            #expect(try Self.run([shell, "-n", file]).status == 0, "\(shell)")
        }
        if Self.available("fish") {
            let fish = stage.url.appendingPathComponent(Self.installed[4]).path
            let completes = try Self.run(["fish", "-c", "source \(fish); complete -C 'scrollback check --color '"])
            #expect(
                completes.output.split(separator: "\n").map { $0.split(separator: "\t")[0] } == [
                    "always", "auto", "never",
                ])
        }

        let uninstall = try Self.run(["make", "-s", "uninstall"] + variables, in: Fixtures.packageRoot)
        #expect(uninstall.status == 0, "\(uninstall.output)")
        for file in Self.installed {
            #expect(!FileManager.default.fileExists(atPath: stage.url.appendingPathComponent(file).path), "\(file)")
        }
    }

    @Test("The man page and every completion script name each option of each command")
    func generatedFromTheTable() {
        let manual = ManualPage.roff()
        let scripts = ShellCompletions.Shell.allCases.map { ShellCompletions.script($0) }
        for command in CommandLineTool.commands {
            #expect(manual.contains(".SS \(command.name)\n"))
            let bashLine = scripts[0].split(separator: "\n").first { $0.hasPrefix("    \(command.name)) options=") }
            let bashWords = Set((bashLine ?? "").split(separator: "\"").dropFirst().first?.split(separator: " ") ?? [])
            for option in command.options {
                #expect(manual.contains("\\fB" + option.name.replacingOccurrences(of: "-", with: "\\-") + "\\fR"))
                #expect(bashWords.contains(Substring(option.name)), "bash \(command.name) \(option.name)")
                #expect(scripts[1].contains("'\(option.name)[") || scripts[1].contains(")\(option.name)["))
                #expect(scripts[2].contains(" -l \(option.name.dropFirst(2))"), "fish \(option.name)")
            }
        }
        #expect(ManualPage.roff() == manual)  // no date, no machine: the same bytes every time
    }

    @Test("--generate takes man, bash, zsh or fish; anything else is a usage error")
    func generateUsage() {
        #expect(CLIRunner.run(["--generate", "man"]).stdout.hasPrefix(".TH SCROLLBACK 1"))
        let bad = CLIRunner.run(["--generate", "pdf"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "scrollback: error: --generate needs one of man, bash, zsh, fish.\n")
    }
}
