import Scrollback

/// `scrollback formats`: the input formats, one line each.
enum FormatsCommand {
    static let command = Command(
        name: "formats",
        abstract: "List the input formats Scrollback reads.",
        usage: ["formats"],
        discussion: nil,
        options: [],
        run: { arguments, console in
            guard arguments.positionals.isEmpty else { throw UsageError("formats takes no arguments.") }
            let width = (Readers.all.map(\.format.rawValue.count).max() ?? 0) + 2
            for reader in Readers.all {
                let name = reader.format.rawValue
                console.out(name + String(repeating: " ", count: width - name.count) + reader.summary + "\n")
            }
            return 0
        }
    )
}

/// `scrollback themes`: the HTML themes.
enum ThemesCommand {
    static let command = Command(
        name: "themes",
        abstract: "List the HTML themes.",
        usage: ["themes"],
        discussion: nil,
        options: [],
        run: { arguments, console in
            guard arguments.positionals.isEmpty else { throw UsageError("themes takes no arguments.") }
            console.out("imessage  Messages-style bubbles with tails (default)\n")
            return 0
        }
    )
}

/// Commands whose work is not built yet say so plainly rather than pretending.
enum PendingCommand {
    static func make(_ name: String, abstract: String, usage: String) -> Command {
        Command(
            name: name, abstract: abstract, usage: [usage], discussion: nil, options: [],
            run: { _, _ in throw UsageError("'\(name)' is not available in this build yet.") })
    }
}

enum SiteCommand {
    static let command = PendingCommand.make(
        "site", abstract: "Build a static site of many conversations.", usage: "site INPUT... -o DIR [options]")
}

enum CheckCommand {
    static let command = PendingCommand.make(
        "check", abstract: "Compare a rendering with a snapshot file.",
        usage: "check INPUT --snapshot FILE [--format ...] [--record] [options]")
}
