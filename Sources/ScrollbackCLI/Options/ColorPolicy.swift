import Scrollback

/// Whether terminal output is coloured, and how deeply: decided here for every command.
///
/// `--color never` never colours and `always` always does. `auto` (the default) colours a
/// terminal that is not `TERM=dumb`, a file the user asked to be ANSI (`-o chat.ans`), and
/// whatever `--format ansi` goes to (a file, a pipe); it never colours when `NO_COLOR` is set
/// to a non-empty value.
/// The depth comes from `COLORTERM` and `TERM`, except in snapshots, which must not depend on
/// the machine: there ANSI is always 256-colour. ANSI without colour is the text layout.
enum ColorPolicy {
    /// The `--color` setting.
    enum Mode: String, Sendable, CaseIterable {
        case auto, always, never
    }

    /// Where the ANSI goes.
    enum Destination: Sendable {
        /// Standard output (a terminal, or a pipe).
        case standardOutput
        /// A file named on the command line.
        case file
        /// A snapshot that `check` compares byte for byte.
        case snapshot
    }

    /// The colour depth for `mode` at `destination`; `nil` for no colour. `ansiAsked`: the
    /// command line named `--format ansi`, which means colour wherever it goes.
    static func depth(_ mode: Mode, to destination: Destination, console: Console, ansiAsked: Bool = false)
        -> TerminalOptions.ColorDepth?
    {
        let environment = console.environment
        switch (mode, destination) {
        case (.never, _): return nil
        case (_, .snapshot): return .ansi256
        case (.always, _): return depth(environment)
        case (.auto, _):
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return nil }
            if destination == .file || ansiAsked { return depth(environment) }
            if environment["TERM"] == "dumb" || !console.outIsTerminal { return nil }
            return depth(environment)
        }
    }

    /// The format actually rendered: ANSI without colour is the text layout.
    static func format(_ format: OutputFormat, color: TerminalOptions.ColorDepth?) -> OutputFormat {
        format == .ansi && color == nil ? .text : format
    }

    /// Colour depth from `COLORTERM` and `TERM`.
    static func depth(_ environment: [String: String]) -> TerminalOptions.ColorDepth {
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        let term = environment["TERM"]?.lowercased() ?? ""
        if term.hasSuffix("-direct") || term.hasSuffix("-truecolor") { return .trueColor }
        if term.contains("256color") || term.contains("kitty") || term.contains("alacritty") { return .ansi256 }
        return .ansi16
    }
}
