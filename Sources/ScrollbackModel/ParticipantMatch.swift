/// Whom a name someone typed (`--me`, `--people`) stands for among a transcript's participants.
package enum ParticipantMatch: Sendable, Hashable {
    /// One participant: their id.
    case one(String)
    /// Several participants answer to the name equally well.
    case several([Participant])
    /// No one answers to it.
    case none
}

extension Transcript {
    /// The participant `wanted` names, as people write a name they see: their id, then their
    /// display name, then another name the app knows them by (a handle, a real name), each
    /// exactly, then any of them ignoring case and a mention's `@`. The first kind of name that
    /// someone has decides; two people who have it are `several`.
    package func participant(matching wanted: String) -> ParticipantMatch {
        if participants.contains(where: { $0.id == wanted }) { return .one(wanted) }
        let folded = (wanted.hasPrefix("@") ? String(wanted.dropFirst()) : wanted).lowercased()
        let tests: [(Participant) -> Bool] = [
            { $0.name == wanted },
            { $0.aliases.contains(wanted) },
            { person in
                ([person.id, person.name] + person.aliases).contains { $0.lowercased() == folded }
            },
        ]
        for test in tests {
            var found: [Participant] = []
            for person in participants where test(person) && !found.contains(where: { $0.id == person.id }) {
                found.append(person)
            }
            if found.count == 1 { return .one(found[0].id) }
            if found.count > 1 { return .several(found) }
        }
        return .none
    }
}
