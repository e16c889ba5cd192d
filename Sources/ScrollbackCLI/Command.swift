/// One subcommand: its name, help, options and what it does.
///
/// Commands are values with a static description and a `run` closure, so the
/// tool's dispatcher, `--help` and the tests all read the same table.
public struct Command: Sendable {
    /// The subcommand's name (`render`).
    public var name: String
    /// One line for the overview.
    public var abstract: String
    /// Usage lines (without `scrollback `).
    public var usage: [String]
    /// More explanation for `--help`, if any.
    public var discussion: String?
    /// The options it takes.
    public var options: [OptionSpec]
    /// Runs the command with parsed arguments; returns the exit status.
    public var run: @Sendable (Arguments, inout Console) throws -> Int32

    /// The help text: OVERVIEW, USAGE, OPTIONS.
    public var help: String {
        var text = "OVERVIEW: \(abstract)\n\n"
        if let discussion { text += discussion + "\n\n" }
        text += "USAGE:\n" + usage.map { "  scrollback \($0)\n" }.joined() + "\n"
        text += "OPTIONS:\n"
        let all = options + [OptionSpec("--help", short: "-h", help: "Show this help.")]
        let labels = all.map { spec -> String in
            let names = (spec.short.map { $0 + ", " } ?? "") + spec.name
            guard let value = spec.value else { return names }
            return names + (spec.valueIsOptional ? " [" + value + "]" : " " + value)
        }
        let width = min((labels.map(\.count).max() ?? 0) + 2, 34)
        for (label, spec) in zip(labels, all) {
            let padding =
                label.count < width
                ? String(repeating: " ", count: width - label.count) : "\n  " + String(repeating: " ", count: width)
            text += "  " + label + padding + spec.help + "\n"
        }
        return text
    }
}
