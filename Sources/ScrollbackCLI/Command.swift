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

    /// `--help`, which every command takes.
    public static let helpOption = OptionSpec("--help", short: "-h", help: "Show this help.")

    /// The help text: OVERVIEW, USAGE, OPTIONS.
    public var help: String {
        var text = "OVERVIEW: \(abstract)\n\n"
        if let discussion { text += discussion + "\n\n" }
        text += "USAGE:\n" + usage.map { "  scrollback \($0)\n" }.joined() + "\n"
        text += "OPTIONS:\n"
        let all = options + [Self.helpOption]
        let labels = all.map(\.label)
        let width = min((labels.map(\.count).max() ?? 0) + 2, 34)
        for (label, spec) in zip(labels, all) {
            let padding =
                label.count < width
                ? String(repeating: " ", count: width - label.count) : "\n  " + String(repeating: " ", count: width)
            text += "  " + label + padding + spec.helpLine + "\n"
        }
        return text
    }
}
