/// Parsed arguments: option values by long name, flags, and positional arguments.
package struct Arguments: Sendable {
    /// Values by long option name, in the order given (last one wins for single values).
    package var values: [String: [String]] = [:]
    /// Flags that were given.
    package var flags: Set<String> = []
    /// Arguments that are not options (`-` counts as one).
    package var positionals: [String] = []
    /// Everything given, in order (a hint can tell which option a stray argument follows).
    package var tokens: [String] = []
    /// The last value of an option.
    package func value(_ name: String) -> String? { values[name]?.last }

    /// Whether a flag was given.
    package func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The option's last value (else its default), read as its type; `nil` when neither is there.
    package func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        guard let text = value(option.spec.name) ?? option.spec.defaultValue else { return nil }
        return try option.parse(text)
    }

    /// Every value the option was given, in order, read as its type.
    package func allValues<Value>(_ option: Option<Value>) throws(UsageError) -> [Value] {
        var result: [Value] = []
        for text in values[option.spec.name, default: []] { result.append(try option.parse(text)) }
        return result
    }

    /// Whether the option was given at all (with or without a value).
    package func given<Value>(_ option: Option<Value>) -> Bool {
        flags.contains(option.spec.name) || values[option.spec.name] != nil
    }

    /// Parses `tokens` against `specs`; unknown options and missing values are usage errors.
    package static func parse(_ tokens: [String], specs: [OptionSpec], command: String) throws(UsageError) -> Arguments
    {
        var result = Arguments()
        result.tokens = tokens
        var byName: [String: OptionSpec] = [:]
        for spec in specs {
            byName[spec.name] = spec
            if let short = spec.short { byName[short] = spec }
        }
        var index = 0
        var onlyPositionals = false
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if onlyPositionals || token == "-" || !token.hasPrefix("-") {
                result.positionals.append(token)
                continue
            }
            if token == "--" {
                onlyPositionals = true
                continue
            }
            var name = token
            var inline: String?
            if let equals = token.firstIndex(of: "="), token.hasPrefix("--") {
                name = String(token[..<equals])
                inline = String(token[token.index(after: equals)...])
            }
            guard let spec = byName[name] else {
                let suggestion = Suggestion.nearest(to: name, in: byName.keys.filter { $0.hasPrefix("--") })
                throw UsageError(
                    "unknown option '\(name)' for '\(command)'; see 'scrollback \(command) --help'."
                        + (suggestion.map { " Did you mean '\($0)'?" } ?? ""))
            }
            if let placeholder = spec.value {
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard index < tokens.count else {
                        throw UsageError("option '\(spec.name)' needs a value (\(placeholder)).")
                    }
                    value = tokens[index]
                    index += 1
                }
                result.values[spec.name, default: []].append(value)
            } else {
                if inline != nil { throw UsageError("option '\(spec.name)' takes no value.") }
                result.flags.insert(spec.name)
            }
        }
        return result
    }
}

/// A mistake in how the command was called: exit status 2.
package struct UsageError: Error, CustomStringConvertible, Equatable {
    /// The sentence shown after `scrollback: error: `.
    package var description: String
    /// Creates an error.
    package init(_ description: String) { self.description = description }

    /// `message`, and the choice nearest `value` when one is near enough:
    /// `--color 'nevr' is not a colour mode; use auto, always or never. Did you mean 'never'?`
    static func badValue(_ message: String, _ value: String, choices: [String]) -> UsageError {
        guard let nearest = Suggestion.nearest(to: value, in: choices) else { return UsageError(message) }
        return UsageError(message + " Did you mean '\(nearest)'?")
    }
}

/// A command's outcome that is not an error but still fails (a `check` mismatch): exit status 1, message already shown.
package struct CommandFailure: Error {
    package var status: Int32
    package init(status: Int32 = 1) { self.status = status }
}
