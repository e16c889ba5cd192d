/// `scrollback.1`: the manual page, in roff, made from the commands and their option table.
enum ManualPage {
    /// The whole page. It carries no date, so the same build always gives the same bytes.
    static func roff(_ commands: [Command] = CommandLineTool.commands, version: String = CommandLineTool.version)
        -> String
    {
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
        page += ".SH COMMANDS\n"
        for command in commands {
            page += ".SS \(command.name)\n" + text(command.abstract) + "\n"
            if let discussion = command.discussion {
                for paragraph in discussion.components(separatedBy: "\n\n") {
                    page += ".PP\n" + text(paragraph.split(separator: "\n").joined(separator: " ")) + "\n"
                }
            }
            for option in command.options + [Command.helpOption] {
                page += ".TP\n" + label(option) + "\n" + text(option.helpLine) + "\n"
            }
        }
        page += ".SH EXIT STATUS\n"
        page += ".TP\n.B 0\nSuccess.\n.TP\n.B 1\nBad input data, or a check that found a difference.\n"
        page += ".TP\n.B 2\nA usage error: an unknown command or option, or a bad option value.\n"
        page += ".SH ENVIRONMENT\n"
        for (name, meaning) in environment {
            page += ".TP\n.B \(name)\n" + text(meaning) + "\n"
        }
        page += ".SH DIAGNOSTICS\n"
        page +=
            text("Errors are one line on standard error: scrollback: error: FILE:LINE:COLUMN: what is wrong.") + "\n"
        return page
    }

    static let environment: [(String, String)] = [
        ("NO_COLOR", "When set to a non-empty value, --color auto never colours."),
        ("TERM", "TERM=dumb turns colour off for --color auto; the name also tells the colour depth."),
        ("COLORTERM", "truecolor or 24bit: 24-bit colour."),
        ("COLUMNS", "The width of ansi and text output when standard output is not a terminal."),
        ("CI", "When true, check never records a missing snapshot."),
        ("SCROLLBACK_RECORD", "When 1, check rewrites snapshots, as --record does."),
    ]
}

private extension ManualPage {
    /// `.BR`-style option label: `\fB\-o\fR, \fB\-\-output\fR \fIFILE\fR`.
    static func label(_ option: OptionSpec) -> String {
        var names = [option.short, option.name].compactMap { $0 }.map { "\\fB" + escape($0) + "\\fR" }.joined(
            separator: ", ")
        if let value = option.value {
            let placeholder = "\\fI" + escape(value) + "\\fR"
            names += option.valueIsOptional ? " [" + placeholder + "]" : " " + placeholder
        }
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
