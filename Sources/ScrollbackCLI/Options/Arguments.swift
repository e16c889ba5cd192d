/// Parsed arguments: option values by long name, flags, and positional arguments.
public struct Arguments: Sendable {
    /// Values by long option name, in the order given (last one wins for single values).
    public var values: [String: [String]] = [:]
    /// Flags that were given.
    public var flags: Set<String> = []
    /// Arguments that are not options (`-` counts as one).
    public var positionals: [String] = []
    /// For options whose value is optional: the index in `positionals` of the argument that
    /// followed them, which may be their value (see `claim(_:where:)`).
    public var candidates: [String: Int] = [:]

    /// The last value of an option.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The option's last value (else its default), read as its type; `nil` when neither is there.
    public func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        guard let text = value(option.spec.name) ?? option.spec.defaultValue else { return nil }
        return try option.parse(text)
    }

    /// Every value the option was given, in order, read as its type.
    public func allValues<Value>(_ option: Option<Value>) throws(UsageError) -> [Value] {
        var result: [Value] = []
        for text in values[option.spec.name, default: []] { result.append(try option.parse(text)) }
        return result
    }

    /// Whether the option was given at all (with or without a value).
    public func given<Value>(_ option: Option<Value>) -> Bool {
        flags.contains(option.spec.name) || values[option.spec.name] != nil
    }

    /// Makes the argument after an optional-value option its value when `accepts` says it is one
    /// (removing it from the positionals).
    public mutating func claim(_ name: String, where accepts: (String, _ others: [String]) -> Bool) {
        guard let index = candidates[name], positionals.indices.contains(index) else { return }
        var others = positionals
        let candidate = others.remove(at: index)
        guard accepts(candidate, others) else { return }
        positionals = others
        values[name, default: []].append(candidate)
        candidates[name] = nil
        for (key, position) in candidates where position > index { candidates[key] = position - 1 }
    }

    /// Parses `tokens` against `specs`; unknown options and missing values are usage errors.
    public static func parse(_ tokens: [String], specs: [OptionSpec], command: String) throws(UsageError) -> Arguments {
        var result = Arguments()
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
                throw UsageError("unknown option '\(name)' for '\(command)'; see 'scrollback \(command) --help'.")
            }
            if spec.value != nil && spec.valueIsOptional && inline == nil {
                result.flags.insert(spec.name)
                if index < tokens.count, tokens[index] == "-" || !tokens[index].hasPrefix("-") {
                    result.candidates[spec.name] = result.positionals.count
                }
            } else if let placeholder = spec.value {
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
public struct UsageError: Error, CustomStringConvertible, Equatable {
    /// The sentence shown after `scrollback: error: `.
    public var description: String
    /// Creates an error.
    public init(_ description: String) { self.description = description }
}

/// A command's outcome that is not an error but still fails (a `check` mismatch): exit status 1, message already shown.
public struct CommandFailure: Error {
    public var status: Int32
    public init(status: Int32 = 1) { self.status = status }
}
