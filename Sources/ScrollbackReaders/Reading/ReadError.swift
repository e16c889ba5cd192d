import ScrollbackModel

/// Why an input could not be read: where, which message, and what is wrong.
public struct ReadError: LocatedError, Equatable {
    /// Where the problem is.
    public var location: SourceLocation?
    /// The message at fault, as `message 12 (id "m12")`, when one is.
    package var message: MessageReference?
    /// What is wrong.
    package var problem: Problem

    /// Creates an error.
    package init(location: SourceLocation?, message: MessageReference? = nil, problem: Problem) {
        self.location = location
        self.message = message
        self.problem = problem
    }

    /// A message by its 1-based position in the input and its id, if it has one.
    package struct MessageReference: Sendable, Equatable {
        package var number: Int
        package var id: String?
        package init(number: Int, id: String?) {
            self.number = number
            self.id = id
        }
        var description: String {
            id.map { "message \(number) (id \"\($0)\")" } ?? "message \(number)"
        }
    }

    /// The problems readers report. `description` prints each after the location in lower case
    /// (`message 3 (id "m3") has no "sender".`, `the input is empty.`).
    package enum Problem: Sendable, Equatable {
        case fileNotFound
        case unreadable
        /// A URL given for a file that is not a `file:` URL (it is quoted whole).
        case notAFileURL(String)
        case empty
        case invalidUTF8
        case invalidJSON(String)
        case missingField(String)
        case wrongType(field: String, expected: String, found: String)
        case invalidTime(field: String, value: String)
        case invalidValue(field: String, value: String, expected: String)
        case unsupportedVersion(Int, supported: Int)
        case unknownTimeZone(String)
        case unrecognizedFormat(tried: [String])
        case notAFolderFormat(String)
        case syntax(String)
        case conversationNeeded(choices: [String])
        case unknownConversation(String, choices: [String])
        /// A format named by hand read no message: the input is probably another format (`detected`, if known).
        case nothingRead(format: String, detected: String?)
    }

    public var reason: String {
        let subject = message.map { $0.description + " " } ?? ""
        let prefix = message.map { $0.description + ": " } ?? ""
        switch problem {
        case .fileNotFound: return "No such file or folder."
        case .unreadable: return "The file cannot be read."
        case .notAFileURL(let url):
            return "\"\(url)\" is not a file URL; only files and folders on this machine can be read."
        case .empty: return "The input is empty."
        case .invalidUTF8: return "The text is not valid UTF-8."
        case .invalidJSON(let detail): return "Invalid JSON: \(detail)"
        case .missingField(let field):
            return "\(subject.isEmpty ? "The value " : subject)has no \"\(field)\"."
        case .wrongType(let field, let expected, let found):
            return "\(prefix)\"\(field)\" should be \(expected), not \(found)."
        case .invalidTime(let field, let value):
            return
                "\(prefix)\"\(field)\" is \"\(value)\", which is not an RFC 3339 time with an offset (like \"2026-11-28T09:14:00+01:00\")."
        case .invalidValue(let field, let value, let expected):
            return "\(prefix)\"\(field)\" is \"\(value)\"; expected \(expected)."
        case .unsupportedVersion(let version, let supported):
            return
                "The log is version \(version), but this Scrollback reads versions up to \(supported); a newer Scrollback is needed."
        case .unknownTimeZone(let name):
            return "\"\(name)\" is not a known time zone; use an IANA name like \"Europe/Berlin\" or \"UTC\"."
        case .unrecognizedFormat(let tried):
            return
                "The input's format was not recognised; tried \(tried.joined(separator: ", ")). Name one with --input-format."
        case .notAFolderFormat(let format): return "A folder was given, but the \(format) format is read from a file."
        case .syntax(let detail): return prefix + detail
        case .conversationNeeded(let choices):
            return
                "The input holds \(choices.count) conversations; choose one with --conversation: \(Self.list(choices)). "
                + "'scrollback list' shows them."
        case .unknownConversation(let wanted, let choices):
            return
                "No conversation is named \"\(wanted)\"; the choices are: \(Self.list(choices)). 'scrollback list' shows them."
        case .nothingRead(let format, let detected):
            let hint = detected.map { "it reads as \($0); leave out --input-format or use --input-format \($0)" }
            return "No message was read as \(format); " + (hint ?? "check --input-format") + "."
        }
    }

    private static func list(_ choices: [String]) -> String {
        // Each choice is already written as the user reads it: `"Title" (id 42)`.
        let shown = choices.prefix(30).joined(separator: ", ")
        return choices.count > 30 ? shown + ", … (\(choices.count - 30) more)" : shown
    }
}
