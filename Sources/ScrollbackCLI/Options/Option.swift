/// The subcommands an option can belong to.
public enum CommandName: String, Sendable, Hashable, CaseIterable {
    case render, site, merge, check, follow, serve, validate, formats, themes
}

/// What the parser and the help know about one command-line option.
public struct OptionSpec: Sendable, Hashable {
    /// The long name with dashes (`--tz`).
    public var name: String
    /// A short alias (`-o`), if any.
    public var short: String?
    /// The value's placeholder (`ZONE`); `nil` for a flag.
    public var value: String?
    /// One line of help, without the default.
    public var help: String
    /// The value may be left out (`--redact` or `--redact FILE`): `value` is then a flag, and a
    /// following argument that is not an option is a candidate the command may claim.
    public var valueIsOptional: Bool
    /// The value used when the option is not given, as it would be typed (`5`), shown in the help.
    public var defaultValue: String?
    /// The commands that take the option.
    public var commands: Set<CommandName>
    /// The values the option takes, when they are a fixed list (for shell completion).
    public var choices: [String]

    /// Creates an option.
    public init(
        _ name: String, short: String? = nil, value: String? = nil, optional: Bool = false,
        default defaultValue: String? = nil, choices: [String] = [], help: String, for commands: Set<CommandName> = []
    ) {
        self.choices = choices
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.valueIsOptional = optional
        self.defaultValue = defaultValue
        self.commands = commands
    }

    /// How the option is written in a usage list: `-o, --output FILE`, `--redact [RULES]`.
    public var label: String {
        let names = (short.map { $0 + ", " } ?? "") + name
        guard let value else { return names }
        return names + (valueIsOptional ? " [" + value + "]" : " " + value)
    }

    /// The help line with the default, if any: `Longest pause … (default 5).`
    public var helpLine: String {
        guard let defaultValue else { return help }
        let sentence = help.hasSuffix(".") ? String(help.dropLast()) : help
        return sentence + " (default \(defaultValue))."
    }
}

/// A command-line option declared once: its spec (name, value, default, help, commands) and how
/// its text becomes a typed value, with the usage error a bad value gets.
public struct Option<Value: Sendable>: Sendable {
    /// What the parser and the help know about the option.
    public let spec: OptionSpec
    let parse: @Sendable (String) throws(UsageError) -> Value

    /// An option that takes a value, read by `parse`.
    init(
        _ name: String, short: String? = nil, value: String, optional: Bool = false,
        default defaultValue: String? = nil, choices: [String] = [],
        help: String, for commands: Set<CommandName>,
        parse: @escaping @Sendable (String) throws(UsageError) -> Value
    ) {
        spec = OptionSpec(
            name, short: short, value: value, optional: optional, default: defaultValue, choices: choices, help: help,
            for: commands)
        self.parse = parse
    }
}

extension Option where Value == String {
    /// An option whose value is any text.
    init(
        _ name: String, short: String? = nil, value: String, optional: Bool = false,
        default defaultValue: String? = nil, choices: [String] = [],
        help: String, for commands: Set<CommandName>
    ) {
        self.init(
            name, short: short, value: value, optional: optional, default: defaultValue, choices: choices, help: help,
            for: commands
        ) { $0 }
    }
}

extension Option where Value == Bool {
    /// An option without a value: given or not.
    static func flag(_ name: String, help: String, for commands: Set<CommandName>) -> Option<Bool> {
        Option(spec: OptionSpec(name, help: help, for: commands)) { _ in true }
    }

    private init(spec: OptionSpec, parse: @escaping @Sendable (String) throws(UsageError) -> Bool) {
        self.spec = spec
        self.parse = parse
    }
}
