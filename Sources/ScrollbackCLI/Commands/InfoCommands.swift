import Foundation
import Scrollback

/// `scrollback formats`: the input formats, one line each.
enum FormatsCommand {
    static let command = Command(
        name: "formats",
        abstract: "List the input formats Scrollback reads.",
        usage: ["formats"],
        discussion: nil,
        examples: [.init("formats", "The formats, native ones first, then the app exports.")],
        options: OptionCatalog.specs(for: .formats),
        run: { arguments, console in
            guard arguments.positionals.isEmpty else { throw UsageError("formats takes no arguments.") }
            let width = (Readers.all.map(\.format.rawValue.count).max() ?? 0) + 2
            // Native formats first, then imports: the enum's order, not detection order.
            let order = InputFormat.allCases
            let listed = Readers.all.sorted { order.firstIndex(of: $0.format)! < order.firstIndex(of: $1.format)! }
            for reader in listed {
                let name = reader.format.rawValue
                console.out(name + String(repeating: " ", count: width - name.count) + reader.summary + "\n")
            }
            console.out(
                "\nHow to export each app's chats, and what is read: 'man scrollback', section INPUT FORMATS.\n")
            return 0
        }
    )
}

/// `scrollback themes`: the HTML themes, and `--export NAME DIR` to start a theme of one's own.
enum ThemesCommand {
    static let command = Command(
        name: "themes",
        abstract: "List the HTML themes, or write one theme's templates and CSS to a folder.",
        usage: ["themes", "themes --export NAME DIR"],
        discussion: """
            An exported folder holds page.mustache, day.mustache, chain.mustache, message.mustache,
            base.css and the theme's stylesheet. Edit any of them and pass the folder to
            'scrollback render --templates DIR': files there replace the built-in ones by name.
            """,
        examples: [
            .init("themes", "The themes, with what each looks like."),
            .init("themes --export whatsapp mytheme/", "Start a theme of your own from the whatsapp one."),
        ],
        options: OptionCatalog.specs(for: .themes),
        run: { arguments, console in
            if let name = try arguments.value(OptionCatalog.export) {
                return try export(name, arguments, console: console)
            }
            guard arguments.positionals.isEmpty else { throw UsageError("themes takes no arguments.") }
            let width = (HTMLTheme.all.map(\.name.count).max() ?? 0) + 2
            for theme in HTMLTheme.all {
                let aliases = theme.aliases.isEmpty ? "" : " (also: \(theme.aliases.joined(separator: ", ")))"
                console.out(
                    theme.name + String(repeating: " ", count: width - theme.name.count) + theme.summary + aliases
                        + "\n")
            }
            return 0
        }
    )

    private static func export(_ name: String, _ arguments: Arguments, console: Console) throws -> Int32 {
        guard let theme = HTMLTheme.named(name) else {
            throw UsageError("'\(name)' is not a theme; use one of \(HTMLTheme.names.joined(separator: ", ")).")
        }
        guard arguments.positionals.count == 1, let folder = arguments.positionals.first else {
            throw UsageError("themes --export needs one folder to write to: themes --export \(name) DIR.")
        }
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (file, text) in theme.files().sorted(by: { $0.key < $1.key }) {
            let path = (folder as NSString).appendingPathComponent(file)
            try AtomicFile.write(path) { stream in stream.write(text) }
            console.err("wrote \(path)\n")
        }
        return 0
    }
}
