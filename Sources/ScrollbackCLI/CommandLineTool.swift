import Foundation
import Scrollback

/// The `scrollback` command: dispatches to subcommands and turns errors into exit statuses.
public enum CommandLineTool {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Every subcommand, in the order `--help` lists them.
    public static let commands: [Command] = [
        RenderCommand.command,
        SiteCommand.command,
        MergeCommand.command,
        CheckCommand.command,
        FollowCommand.command,
        ServeCommand.command,
        ValidateCommand.command,
        FormatsCommand.command,
        ThemesCommand.command,
    ]

    /// Runs with the process's console and returns the exit status, for the process to exit
    /// with: the conversation a command read is left for that exit to give back.
    public static func main(arguments: [String]) -> Int32 {
        ProcessExit.keepUntilExit()
        var console = Console.system()
        let status = run(arguments, console: &console)
        FileDescriptorStream.standardOutput.flush()
        return status
    }

    /// Runs `arguments` (without the program name) on `console`; returns the exit status.
    public static func run(_ arguments: [String], console: inout Console) -> Int32 {
        guard let first = arguments.first else {
            console.err(overview)
            return 2
        }
        switch first {
        case "--help", "-h", "help":
            if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                console.out(command.help)
            } else {
                console.out(overview)
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
            console.error(
                "unknown command '\(first)'; the commands are \(commands.map(\.name).joined(separator: ", ")). See 'scrollback --help'."
            )
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(command.help)
            return 0
        }
        do {
            var parsed = try Arguments.parse(rest, specs: command.options, command: command.name)
            SharedOptions.claimRulesFile(&parsed)
            return try command.run(parsed, &console)
        } catch let error as UsageError {
            console.error(error.description)
            return 2
        } catch let failure as CommandFailure {
            return failure.status
        } catch let error as LocatedError {
            console.error(error.description)
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

    /// The overview `scrollback --help` prints.
    public static var overview: String {
        var text = "OVERVIEW: Turn chat logs into transcripts people want to read.\n\n"
        text += "USAGE:\n"
        for command in commands {
            for line in command.usage { text += "  scrollback \(line)\n" }
        }
        text += "  scrollback --help | --version | COMMAND --help\n\n"
        text += "COMMANDS:\n"
        for command in commands {
            text +=
                "  " + command.name + String(repeating: " ", count: max(2, 11 - command.name.count)) + command.abstract
                + "\n"
        }
        text += "\nSee 'scrollback COMMAND --help' for a command's options.\n"
        return text
    }
}
