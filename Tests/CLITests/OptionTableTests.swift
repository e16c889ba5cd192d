import Foundation
import TestSupport
import Testing

@testable import ScrollbackCLI

@Suite("Options: one declaration gives the parser, the help, the man page and the completions")
struct OptionTableTests {
    /// The option names a command's `--help` lists under OPTIONS (`-o` and `--output` both).
    static func listedOptions(_ command: String) -> Set<String> {
        let help = CLIRunner.run([command, "--help"]).stdout
        guard let options = help.range(of: "OPTIONS:\n") else { return [] }
        var names: Set<String> = []
        for line in help[options.upperBound...].split(separator: "\n") where line.hasPrefix("  -") {
            let label = line.dropFirst(2).components(separatedBy: "  ")[0]
            for name in label.components(separatedBy: ", ") {
                names.insert(String(name.split(separator: " ")[0]))
            }
        }
        return names
    }

    /// Every option name any command takes, and a few no command takes.
    static let everyName: Set<String> = Set(OptionCatalog.all.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) })
        .union(["--bogus", "-x"])

    @Test("Every option a command's help lists is one it parses", arguments: CommandName.allCases)
    func listedIsParsed(_ command: CommandName) {
        let listed = Self.listedOptions(command.rawValue)
        #expect(listed.contains("--help"))
        for name in listed.sorted() where name != "--help" && name != "-h" {
            let run = CLIRunner.run([command.rawValue, name, "/nonexistent/value", "/nonexistent/input"])
            #expect(!run.stderr.contains("unknown option"), "\(command) \(name): \(run.stderr)")
        }
    }

    @Test("Every option a command parses is one its help lists", arguments: CommandName.allCases)
    func parsedIsListed(_ command: CommandName) {
        let listed = Self.listedOptions(command.rawValue)
        for name in Self.everyName.subtracting(listed).sorted() {
            let run = CLIRunner.run([command.rawValue, "/nonexistent/input", name])
            #expect(run.status == 2, "\(command) \(name)")
            let unknown =
                "scrollback: error: unknown option '\(name)' for '\(command)'; see 'scrollback \(command) --help'."
            #expect(
                run.stderr == unknown + "\n"
                    || (run.stderr.hasPrefix(unknown + " Did you mean '--") && run.stderr.hasSuffix("'?\n")),
                "\(command) \(name): \(run.stderr)")
        }
    }

    @Test("Each command's options are those the table says it takes, and no name is declared twice for one command")
    func commandsReadTheTable() {
        for command in CommandLineTool.commands {
            guard let name = CommandName(rawValue: command.name) else {
                Issue.record("\(command.name) is not a CommandName")
                continue
            }
            let table = OptionCatalog.specs(for: name).map { [$0.label, $0.helpLine] }
            #expect(command.options.map { [$0.label, $0.helpLine] } == table, "\(name)")
            let names = command.options.map(\.name)
            #expect(Set(names).count == names.count, "\(name)")
        }
        #expect(CommandLineTool.commands.map(\.name).sorted() == CommandName.allCases.map(\.rawValue).sorted())
    }

    @Test("The overview's usage lines are the commands' own, so follow shows --once")
    func overviewUsage() {
        let overview = CLIRunner.run(["--help"]).stdout
        for command in CommandLineTool.commands {
            for line in command.usage { #expect(overview.contains("  scrollback \(line)\n"), "\(line)") }
            #expect(
                CLIRunner.run([command.name, "--help"]).stdout.contains("USAGE:\n  scrollback \(command.usage[0])\n"))
        }
        #expect(overview.contains("  scrollback follow [INPUT|-] [--once] [options]\n"))
    }

    @Test("A default is shown in the help and used when the option is left out")
    func defaults() throws {
        #expect(CLIRunner.run(["render", "--help"]).stdout.contains("(default 5)."))
        let none = try Arguments.parse([], specs: OptionCatalog.specs(for: .render), command: "render")
        #expect(try none.value(OptionCatalog.chainGap) == 300)
        #expect(try none.value(OptionCatalog.color) == .auto)
        #expect(try none.value(OptionCatalog.renderFormat) == nil)
        let given = try Arguments.parse(
            ["--chain-gap", "2"], specs: OptionCatalog.specs(for: .render), command: "render")
        #expect(try given.value(OptionCatalog.chainGap) == 120)
    }
}
