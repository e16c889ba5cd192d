import ScrollbackModel

/// Why a transcript could not be laid out.
public struct LayoutError: LocatedError, Equatable {
    /// Where the problem is, when it comes from the log.
    public var location: SourceLocation?
    /// What is wrong.
    package var kind: Kind

    /// The things that can go wrong.
    package enum Kind: Sendable, Equatable {
        case unknownTimeZone(String)
        /// The `--me` given, and each participant as shown in the error (`"Ana Lima" (U1)`).
        case unknownMe(String, [String])
        /// The `--me` given, and each participant it could mean, as shown in the error.
        case ambiguousMe(String, [String])
    }

    init(location: SourceLocation?, reason kind: Kind) {
        self.location = location
        self.kind = kind
    }

    public var reason: String {
        switch kind {
        case .unknownTimeZone(let name):
            return "\"\(name)\" is not a known time zone; use an IANA name like \"Europe/Berlin\" or \"UTC\"."
        case .unknownMe(let wanted, let people):
            let more = people.count > 20 ? " and \(people.count - 20) more" : ""
            let list = people.prefix(20).joined(separator: ", ")
            return "--me \"\(wanted)\" matches no participant; the participants are \(list)\(more)."
        case .ambiguousMe(let wanted, let people):
            let list = people.joined(separator: ", ")
            return "--me \"\(wanted)\" matches \(people.count) participants, \(list); give one's id."
        }
    }

    /// A participant as an error names them: the name people see, with the id (and the other
    /// names they go by) where they differ.
    static func shown(_ person: Participant) -> String {
        let others = ([person.id] + person.aliases).filter { $0 != person.name }
        var seen = Set<String>()
        let unique = others.filter { seen.insert($0).inserted }
        return unique.isEmpty ? "\"\(person.id)\"" : "\"\(person.name)\" (\(unique.joined(separator: ", ")))"
    }
}
