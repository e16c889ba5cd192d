/// One subcommand: its name, help, options and what it does.
///
/// Commands are values with a static description and a `run` closure, so the
/// tool's dispatcher, `--help` and the tests all read the same table.
package struct Command: Sendable {
    /// A command line shown in the help's EXAMPLES, with what it does.
    package struct Example: Sendable {
        /// The command line, without `$ `.
        package var line: String
        /// What it does, as a sentence.
        package var meaning: String

        package init(_ line: String, _ meaning: String) {
            self.line = line
            self.meaning = meaning
        }
    }

    /// The subcommand's name (`render`).
    package var name: String
    /// One line for the overview.
    package var abstract: String
    /// Usage lines (without `scrollback `).
    package var usage: [String]
    /// More explanation for `--help`, if any: paragraphs separated by a blank line.
    package var discussion: String?
    /// Command lines that show what the command is for.
    package var examples: [Example]
    /// The options it takes.
    package var options: [OptionSpec]
    /// Runs the command with parsed arguments; returns the exit status.
    package var run: @Sendable (Arguments, inout Console) throws -> Int32

    package init(
        name: String, abstract: String, usage: [String], discussion: String?, examples: [Example] = [],
        options: [OptionSpec], run: @escaping @Sendable (Arguments, inout Console) throws -> Int32
    ) {
        self.name = name
        self.abstract = abstract
        self.usage = usage
        self.discussion = discussion
        self.examples = examples
        self.options = options
        self.run = run
    }

    /// The command with `examples` after its own.
    package func adding(examples more: [Example]) -> Command {
        var command = self
        command.examples += more
        return command
    }

    /// `--help`, which every command takes.
    package static let helpOption = OptionSpec("--help", short: "-h", help: "Show this help.", group: .general)

    /// The options with `--help`, in their titled groups, in the groups' order.
    package var groupedOptions: [(group: OptionGroup, options: [OptionSpec])] {
        let all = options + [Self.helpOption]
        return OptionGroup.allCases.compactMap { group in
            let inGroup = all.filter { $0.group == group }
            return inGroup.isEmpty ? nil : (group, inGroup)
        }
    }

    /// The help text for an 80-column terminal.
    package var help: String { help(width: 80) }

    /// The help text: OVERVIEW, USAGE, the discussion, the options in groups, EXAMPLES; every line
    /// fits in `width` columns.
    package func help(width: Int) -> String {
        let layout = HelpText(width: width)
        var text = layout.wrap("OVERVIEW: " + abstract, first: 0, rest: 2).joined(separator: "\n") + "\n\n"
        text += "USAGE:\n"
        for line in usage {
            text += layout.wrap("scrollback " + line, first: 2, rest: 6).joined(separator: "\n") + "\n"
        }
        if let discussion {
            text += "\n"
            text += discussion.components(separatedBy: "\n\n").map { layout.paragraph($0) }.joined(separator: "\n")
        }
        let column = HelpText.column(for: (options + [Self.helpOption]).map(\.label))
        for (group, options) in groupedOptions {
            text += "\n" + group.title.uppercased() + " OPTIONS:\n"
            text += layout.table(options.map { ($0.label, $0.helpLine) }, column: column)
        }
        if !examples.isEmpty {
            text += "\nEXAMPLES:\n"
            for example in examples {
                text += layout.wrap("scrollback " + example.line, first: 2, rest: 6).joined(separator: "\n") + "\n"
                text += layout.wrap(example.meaning, first: 6, rest: 6).joined(separator: "\n") + "\n"
            }
        }
        return text
    }
}
