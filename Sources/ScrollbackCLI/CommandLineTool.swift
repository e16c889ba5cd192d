import Foundation
import Scrollback

/// The `scrollback` command: dispatches to subcommands and turns errors into exit statuses.
package enum CommandLineTool {
    /// The version `--version` prints.
    package static let version = "0.1.0"

    /// Every subcommand, in the order `--help` lists them.
    package static let commands: [Command] = [
        RenderCommand.command,
        SiteCommand.command,
        MergeCommand.command,
        CheckCommand.command,
        FollowCommand.command,
        ServeCommand.command.adding(examples: [
            .init("serve chat.jsonl", "The live page at http://127.0.0.1:8080/, following the file as it grows."),
            .init("serve - --port 0", "Standard input, on a free port that is printed on standard error."),
        ]),
        ValidateCommand.command,
        ListCommand.command,
        FormatsCommand.command,
        ThemesCommand.command,
    ]

    /// Runs with the process's console and returns the exit status, for the process to exit
    /// with: the conversation a command read is left for that exit to give back.
    package static func main(arguments: [String]) -> Int32 {
        ProcessExit.keepUntilExit()
        var console = Console.system()
        let status = run(arguments, console: &console)
        FileDescriptorStream.standardOutput.flush()
        return status
    }

    /// Runs `arguments` (without the program name) on `console`; returns the exit status.
    package static func run(_ arguments: [String], console: inout Console) -> Int32 {
        let width = helpWidth(console)
        guard let first = arguments.first else {
            console.err(overview(width: width))
            return 2
        }
        switch first {
        case "--help", "-h", "help":
            if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                console.out(command.help(width: width))
            } else {
                console.out(overview(width: width))
            }
            return 0
        case "--version":
            console.out("scrollback \(version)\n")
            return 0
        case "--generate":
            return generate(Array(arguments.dropFirst()), console: console)
        default: break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let names = commands.map(\.name)
            let suggestion = Suggestion.nearest(to: first, in: names).map { " Did you mean '\($0)'?" } ?? ""
            console.error(
                "unknown command '\(first)'; the commands are \(names.joined(separator: ", ")). See 'scrollback --help'."
                    + suggestion)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(command.help(width: width))
            return 0
        }
        do {
            let parsed = try Arguments.parse(rest, specs: command.options, command: command.name)
            if parsed.given(OptionCatalog.quiet) { console.quiet = true }
            return try command.run(parsed, &console)
        } catch let error as UsageError {
            console.error(error.description)
            return 2
        } catch let failure as CommandFailure {
            return failure.status
        } catch let error as LocatedError {
            console.error(error)
            return 1
        } catch {
            console.error(String(describing: error))
            return 1
        }
    }

    /// `--generate man|bash|zsh|fish`: the manual page or a shell's completion script, from the
    /// same option table as the help (`make install` writes them; not listed in the overview).
    static func generate(_ arguments: [String], console: Console) -> Int32 {
        let kinds = ["man"] + ShellCompletions.Shell.allCases.map(\.rawValue)
        guard arguments.count == 1, let kind = arguments.first, kinds.contains(kind) else {
            console.error("--generate needs one of \(kinds.joined(separator: ", ")).")
            return 2
        }
        if let shell = ShellCompletions.Shell(rawValue: kind) {
            console.out(ShellCompletions.script(shell))
        } else {
            console.out(ManualPage.roff())
        }
        return 0
    }

    /// The columns help is wrapped to: the terminal's, else `COLUMNS`, else 80.
    static func helpWidth(_ console: Console) -> Int {
        console.terminalWidth ?? console.environment["COLUMNS"].flatMap(Int.init) ?? 80
    }

    /// The overview `scrollback --help` prints, for an 80-column terminal.
    package static var overview: String { overview(width: 80) }

    /// The overview `scrollback --help` prints, every line within `width` columns.
    package static func overview(width: Int) -> String {
        let layout = HelpText(width: width)
        var text = layout.paragraph("OVERVIEW: Turn chat logs into transcripts people want to read.", indent: 0) + "\n"
        text += "USAGE:\n"
        for command in commands {
            for line in command.usage {
                text += layout.wrap("scrollback " + line, first: 2, rest: 6).joined(separator: "\n") + "\n"
            }
        }
        text += "  scrollback --help | --version | COMMAND --help\n\n"
        text += "COMMANDS:\n"
        text += layout.table(commands.map { ($0.name, $0.abstract) })
        text += "\n"
        text += layout.paragraph(
            "See 'scrollback COMMAND --help' for a command's options and examples, and 'man scrollback'.", indent: 0)
        return text
    }
}
