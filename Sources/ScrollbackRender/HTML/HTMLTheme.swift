import ScrollbackTemplates

/// A look for the HTML page: a stylesheet of CSS custom properties (on top of `base.css`)
/// and, where the layout itself differs, a few template overrides.
public struct HTMLTheme: Sendable, Hashable {
    /// The name `--theme` takes.
    public var name: String
    /// Other names that select it.
    public var aliases: [String]
    /// One line for `scrollback themes`.
    public var summary: String
    /// Partial name → built-in file that replaces the default template (`chain` → `theme-discord.chain.mustache`).
    package var templates: [String: String]

    /// The theme's stylesheet file (`theme-imessage.css`).
    package var stylesheet: String { "theme-\(name).css" }

    /// Every built-in theme, the default first.
    public static let all: [HTMLTheme] = [
        HTMLTheme(
            name: "imessage", aliases: [], summary: "Messages-style bubbles with tails, blue on the right (default)",
            templates: [:]),
        HTMLTheme(
            name: "whatsapp", aliases: [], summary: "Green outgoing bubbles on a warm background", templates: [:]),
        HTMLTheme(
            name: "discord", aliases: [],
            summary: "Dark, everyone on the left, a name and time above each group, no tails",
            templates: ["chain": "theme-discord.chain.mustache"]),
        HTMLTheme(
            name: "plain", aliases: ["print"], summary: "Quiet black on white, for reading and printing",
            templates: [:]),
    ]

    /// The theme called `name` (or one of its aliases).
    public static func named(_ name: String) -> HTMLTheme? {
        all.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The names `--theme` accepts, for error messages.
    package static var names: [String] { all.flatMap { [$0.name] + $0.aliases } }

    /// The partials a page is made of.
    static let partials = ["page", "day", "chain", "message"]

    /// The files that make this theme, by the names `--templates DIR` overrides:
    /// `page.mustache` … `message.mustache`, `base.css` and the theme's stylesheet.
    package func files(overrides: [String: String] = [:]) -> [String: String] {
        var files: [String: String] = [:]
        for partial in Self.partials {
            let fileName = partial + ".mustache"
            let builtin = templates[partial] ?? fileName
            files[fileName] = overrides[fileName] ?? overrides[builtin] ?? BuiltinTemplates.files[builtin] ?? ""
        }
        for sheet in ["base.css", stylesheet] {
            files[sheet] = overrides[sheet] ?? BuiltinTemplates.files[sheet] ?? ""
        }
        return files
    }
}
