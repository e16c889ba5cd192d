import Scrollback

/// `scrollback.1`: the manual page, in roff, made from the commands and their option table.
///
/// An option that several commands take with the same meaning is described once, under COMMON
/// OPTIONS, with the commands that take it; each command's section lists only its own.
enum ManualPage {
    /// The whole page. It carries no date, so the same build always gives the same bytes.
    static func roff(_ commands: [Command] = CommandLineTool.commands, version: String = CommandLineTool.version)
        -> String
    {
        let common = commonOptions(commands)
        var page = ".TH SCROLLBACK 1 \"\" \"scrollback \(version)\" \"User Commands\"\n"
        page += ".nh\n.ad l\n.SH NAME\nscrollback \\- turn chat logs into transcripts people want to read\n"
        page += ".SH SYNOPSIS\n"
        for command in commands {
            for line in command.usage { page += ".B scrollback\n" + text(line) + "\n.br\n" }
        }
        page += ".B scrollback\n\\-\\-help | \\-\\-version | COMMAND \\-\\-help\n"
        page += ".SH DESCRIPTION\n"
        page +=
            text(
                "Scrollback reads chat logs (its own JSON, JSON Lines and Markdown formats, and the exports of chat apps) "
                    + "and writes them as iMessage-style transcripts: an HTML page, a static site, bubbles in a terminal, "
                    + "plain text, or layout JSON. The same input and options give the same bytes on every machine.")
            + "\n"
        page += commandSections(commands, common: common)
        page += commonOptionSections(commands, common: common)
        page += ".TP\n" + label(Command.helpOption) + "\n" + text("Show a command's help (every command).") + "\n"
        page += ".SH INPUT FORMATS\n"
        page += text("--input-format takes these names; auto (the default) judges an input by its content.") + "\n"
        for reader in Readers.all.sorted(by: { $0.format.rawValue < $1.format.rawValue }) {
            page += ".TP\n.B \(escape(reader.format.rawValue))\n" + text(reader.summary) + "\n"
        }
        page += ".SH EXAMPLES\n"
        for command in commands {
            for example in command.examples {
                page += ".TP\n\\fB" + escape("scrollback " + example.line) + "\\fR\n" + text(example.meaning) + "\n"
            }
        }
        page += ".SH EXIT STATUS\n"
        page += ".TP\n.B 0\nSuccess.\n.TP\n.B 1\nBad input data, or a check that found a difference.\n"
        page += ".TP\n.B 2\nA usage error: an unknown command or option, or a bad option value.\n"
        page += ".TP\n.B 130\n" + text("Interrupted with Ctrl-C (follow, serve): the terminal is left as it was found.")
        page += "\n"
        page += ".SH ENVIRONMENT\n"
        for (name, meaning) in environment {
            page += ".TP\n.B \(name)\n" + text(meaning) + "\n"
        }
        page += ".SH DIAGNOSTICS\n"
        page +=
            text("Errors are one line on standard error: scrollback: error: FILE:LINE:COLUMN: what is wrong.") + "\n"
        page += ".SH SEE ALSO\n"
        page +=
            text(
                "scrollback COMMAND --help for one command's options and examples; scrollback formats and scrollback "
                    + "themes for the input formats and HTML themes; the project's README and docs folder "
                    + "(FORMATS.md, LAYOUT.md, ARCHIVES.md, LIVE.md, LIBRARY.md) for the formats and the library.")
            + "\n"
        return page
    }

    /// `COMMANDS`: each command's summary, discussion and the options only it takes.
    private static func commandSections(_ commands: [Command], common: [OptionSpec]) -> String {
        var section = ""
        section += ".SH COMMANDS\n"
        for command in commands {
            section += ".SS \(command.name)\n" + text(command.abstract) + "\n"
            if let discussion = command.discussion {
                for paragraph in discussion.components(separatedBy: "\n\n") {
                    section += ".PP\n" + text(paragraph.split(separator: "\n").joined(separator: " ")) + "\n"
                }
            }
            let own = command.options.filter { !common.contains($0) }
            if !own.isEmpty {
                section += ".PP\nOptions of \\fB\(command.name)\\fR besides the common ones:\n"
                for option in own { section += ".TP\n" + label(option) + "\n" + text(option.helpLine) + "\n" }
            }
        }
        return section
    }

    /// `COMMON OPTIONS`: the options several commands share, by group, each with the commands
    /// that take it.
    private static func commonOptionSections(_ commands: [Command], common: [OptionSpec]) -> String {
        var section = ""
        section += ".SH COMMON OPTIONS\n"
        section += text(
            "These options mean the same for every command that takes it; the commands are named after each.")
        section += "\n"
        for group in OptionGroup.allCases {
            let inGroup = common.filter { $0.group == group }
            guard !inGroup.isEmpty else { continue }
            section += ".SS \(text(group.title))\n"
            for option in inGroup {
                let takers = commands.filter { $0.options.contains(option) }.map(\.name)
                section +=
                    ".TP\n" + label(option) + "\n" + text(option.helpLine + " (" + takers.joined(separator: ", ") + ")")
                section += "\n"
            }
        }
        return section
    }

    /// Options that two or more commands take with the same declaration, in table order.
    static func commonOptions(_ commands: [Command]) -> [OptionSpec] {
        var seen: [OptionSpec] = []
        for command in commands {
            for option in command.options where !seen.contains(option) { seen.append(option) }
        }
        return seen.filter { option in commands.filter { $0.options.contains(option) }.count >= 2 }
    }

    static let environment: [(String, String)] = [
        ("NO_COLOR", "When set to a non-empty value, --color auto never colours."),
        ("TERM", "TERM=dumb turns colour off for --color auto; the name also tells the colour depth."),
        ("COLORTERM", "truecolor or 24bit: 24-bit colour."),
        ("COLUMNS", "The width of ansi and text output, and of the help, when standard output is not a terminal."),
        ("CI", "When true, check records nothing, not even with SCROLLBACK_RECORD (--record still does)."),
        ("SCROLLBACK_RECORD", "all (or 1), missing (the default) or never: which snapshots check writes."),
    ]
}

private extension ManualPage {
    /// `.BR`-style option label: `\fB\-o\fR, \fB\-\-output\fR \fIFILE\fR`.
    static func label(_ option: OptionSpec) -> String {
        var names = [option.short, option.name].compactMap { $0 }.map { "\\fB" + escape($0) + "\\fR" }.joined(
            separator: ", ")
        if let value = option.value { names += " \\fI" + escape(value) + "\\fR" }
        return names
    }

    /// A line of running text: escaped, and never taken for a request.
    static func text(_ line: String) -> String {
        let escaped = escape(line)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// Backslashes, hyphens and non-ASCII characters as roff wants them: `\-` is a minus sign
    /// that copies as `-`, and `\[u2026]` is `…` whatever the reader's encoding.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return result
    }
}
