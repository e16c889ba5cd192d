/// Completion scripts for bash, zsh and fish, made from the commands and their option table.
enum ShellCompletions {
    /// The shells there is a script for.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// The script for `shell`.
    static func script(_ shell: Shell, _ commands: [Command] = CommandLineTool.commands) -> String {
        switch shell {
        case .bash: bash(commands)
        case .zsh: zsh(commands)
        case .fish: fish(commands)
        }
    }
}

private extension ShellCompletions {
    static let topLevel = ["--help", "--version"]

    static func names(_ option: OptionSpec) -> [String] { [option.short, option.name].compactMap { $0 } }

    /// Whether the value is a path: files for FILE; folders for DIR.
    static func pathKind(_ option: OptionSpec) -> String? {
        switch option.value {
        case "FILE", "FILE|DIR": "file"
        case "DIR": "directory"
        default: nil
        }
    }

    static func bash(_ commands: [Command]) -> String {
        var script = "# bash completion for scrollback\n_scrollback() {\n"
        script += "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" options\n"
        script += "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
        script +=
            "        COMPREPLY=($(compgen -W \"\((commands.map(\.name) + topLevel).joined(separator: " "))\" -- \"$cur\"))\n"
        script += "        return\n    fi\n"
        script += "    case \"${COMP_WORDS[1]}\" in\n"
        for command in commands {
            let all = (command.options + [Command.helpOption]).flatMap(names)
            script += "    \(command.name)) options=\"\(all.joined(separator: " "))\" ;;\n"
        }
        script += "    *) return ;;\n    esac\n"
        script += "    case \"${COMP_WORDS[1]} $prev\" in\n"
        for command in commands {
            for option in command.options where option.value != nil {
                let pattern = names(option).map { "\(command.name)\\ \($0)" }.joined(separator: "|")
                if !option.choices.isEmpty {
                    script +=
                        "    \(pattern)) COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
                } else if let kind = pathKind(option) {
                    script += "    \(pattern)) COMPREPLY=($(compgen -A \(kind) -- \"$cur\")); return ;;\n"
                } else {
                    script += "    \(pattern)) return ;;\n"
                }
            }
        }
        script += "    esac\n"
        script += "    if [[ \"$cur\" == -* ]]; then\n"
        script += "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
        script += "    else\n        COMPREPLY=($(compgen -A file -- \"$cur\"))\n    fi\n"
        script += "}\ncomplete -o filenames -F _scrollback scrollback\n"
        return script
    }

    static func zsh(_ commands: [Command]) -> String {
        var script = "#compdef scrollback\n# zsh completion for scrollback\n_scrollback() {\n"
        script += "    local -a commands\n    commands=(\n"
        for command in commands {
            script += "        \(quoted(zshEscape(command.name) + ":" + command.abstract))\n"
        }
        script += "    )\n"
        script +=
            "    if (( CURRENT == 2 )); then\n        _describe -t commands command commands\n        return\n    fi\n"
        script += "    case $words[2] in\n"
        for command in commands {
            script += "    \(command.name))\n        _arguments -s \\\n"
            for option in command.options + [Command.helpOption] {
                script += "            " + zshSpec(option) + " \\\n"
            }
            script += "            '*:input:_files' ;;\n"
        }
        script += "    esac\n}\n_scrollback \"$@\"\n"
        return script
    }

    static func zshSpec(_ option: OptionSpec) -> String {
        let all = names(option)
        let exclusion = all.count > 1 ? "(" + all.joined(separator: " ") + ")" : ""
        let help = "[" + zshEscape(option.help) + "]"
        var action = ""
        if let value = option.value {
            let completer =
                !option.choices.isEmpty
                ? "(" + option.choices.joined(separator: " ") + ")"
                : pathKind(option) == "directory" ? "_files -/" : pathKind(option) != nil ? "_files" : " "
            action = ":" + zshEscape(value) + ":" + completer
        }
        let specs = all.map { name in quoted(exclusion + name + help + action) }
        return specs.count > 1 ? "{" + specs.joined(separator: ",") + "}" : specs[0]
    }

    static func zshEscape(_ text: String) -> String {
        var result = ""
        for character in text {
            if "[]:\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    static func fish(_ commands: [Command]) -> String {
        var script = "# fish completion for scrollback\ncomplete -c scrollback -f\n"
        for command in commands {
            script +=
                "complete -c scrollback -n __fish_use_subcommand -a \(command.name) -d \(quoted(command.abstract))\n"
        }
        script += "complete -c scrollback -n __fish_use_subcommand -l help -d 'Show help'\n"
        script += "complete -c scrollback -n __fish_use_subcommand -l version -d 'Show the version'\n"
        for command in commands {
            let condition = quoted("__fish_seen_subcommand_from \(command.name)")
            script += "complete -c scrollback -n \(condition) -F\n"
            for option in command.options + [Command.helpOption] {
                var line = "complete -c scrollback -n \(condition) -l \(option.name.dropFirst(2))"
                if let short = option.short { line += " -s \(short.dropFirst())" }
                if option.value != nil {
                    line +=
                        !option.choices.isEmpty
                        ? " -x -a " + quoted(option.choices.joined(separator: " "))
                        : pathKind(option) != nil ? " -r -F" : " -x"
                }
                script += line + " -d " + quoted(option.help) + "\n"
            }
        }
        return script
    }

    /// In single quotes for the shell: a quote inside becomes `'\''`, which bash, zsh and fish all read.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
