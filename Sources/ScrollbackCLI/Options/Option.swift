/// The subcommands an option can belong to.
package enum CommandName: String, Sendable, Hashable, CaseIterable {
    case render, site, merge, check, follow, serve, validate, list, formats, themes
}

/// The titled groups a command's help lists its options in, in this order.
package enum OptionGroup: String, Sendable, Hashable, CaseIterable {
    case output, reading, privacy, layout, html, terminal, general

    /// The group's title in the help and the man page.
    package var title: String {
        switch self {
        case .output: "Output"
        case .reading: "Reading"
        case .privacy: "People and privacy"
        case .layout: "Layout"
        case .html: "HTML"
        case .terminal: "Terminal"
        case .general: "General"
        }
    }
}

/// What the parser and the help know about one command-line option.
package struct OptionSpec: Sendable, Hashable {
    /// The long name with dashes (`--tz`).
    package var name: String
    /// A short alias (`-o`), if any.
    package var short: String?
    /// The value's placeholder (`ZONE`); `nil` for a flag.
    package var value: String?
    /// One line of help, without the default.
    package var help: String
    /// The group the help lists the option in.
    package var group: OptionGroup
    /// The value used when the option is not given, as it would be typed (`5`), shown in the help.
    package var defaultValue: String?
    /// The commands that take the option.
    package var commands: Set<CommandName>
    /// The values the option takes, when they are a fixed list (for shell completion).
    package var choices: [String]

    /// Creates an option.
    package init(
        _ name: String, short: String? = nil, value: String? = nil, default defaultValue: String? = nil,
        choices: [String] = [], help: String, group: OptionGroup = .general, for commands: Set<CommandName> = []
    ) {
        self.choices = choices
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.group = group
        self.defaultValue = defaultValue
        self.commands = commands
    }

    /// How the option is written in a usage list: `-o, --output FILE`.
    package var label: String {
        let names = (short.map { $0 + ", " } ?? "") + name
        guard let value else { return names }
        return names + " " + value
    }

    /// The help line with the default, if any: `Longest pause … (default 5).`
    package var helpLine: String {
        guard let defaultValue else { return help }
        let sentence = help.hasSuffix(".") ? String(help.dropLast()) : help
        return sentence + " (default \(defaultValue))."
    }
}

/// A command-line option declared once: its spec (name, value, default, help, commands) and how
/// its text becomes a typed value, with the usage error a bad value gets.
package struct Option<Value: Sendable>: Sendable {
    /// What the parser and the help know about the option.
    package let spec: OptionSpec
    let parse: @Sendable (String) throws(UsageError) -> Value

    /// An option that takes a value, read by `parse`.
    init(
        _ name: String, short: String? = nil, value: String, default defaultValue: String? = nil,
        choices: [String] = [], help: String, group: OptionGroup, for commands: Set<CommandName>,
        parse: @escaping @Sendable (String) throws(UsageError) -> Value
    ) {
        spec = OptionSpec(
            name, short: short, value: value, default: defaultValue, choices: choices, help: help, group: group,
            for: commands)
        self.parse = parse
    }
}

extension Option where Value == String {
    /// An option whose value is any text.
    init(
        _ name: String, short: String? = nil, value: String, default defaultValue: String? = nil,
        choices: [String] = [], help: String, group: OptionGroup, for commands: Set<CommandName>
    ) {
        self.init(
            name, short: short, value: value, default: defaultValue, choices: choices, help: help, group: group,
            for: commands
        ) { $0 }
    }
}

extension Option where Value == Bool {
    /// An option without a value: given or not.
    static func flag(
        _ name: String, short: String? = nil, help: String, group: OptionGroup, for commands: Set<CommandName>
    ) -> Option<Bool> {
        Option(spec: OptionSpec(name, short: short, help: help, group: group, for: commands)) { _ in true }
    }

    private init(spec: OptionSpec, parse: @escaping @Sendable (String) throws(UsageError) -> Bool) {
        self.spec = spec
        self.parse = parse
    }
}
