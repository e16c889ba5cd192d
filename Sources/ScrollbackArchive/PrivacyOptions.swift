import ScrollbackModel
import ScrollbackReaders

/// What to do to every conversation before it is laid out: `--people`, `--redact`, `--anonymize`.
package struct PrivacyOptions: Sendable, Hashable {
    /// One name for each person's handles.
    package var people: PeopleDirectory?
    /// What to remove (the default rules, and the user's).
    package var redactor: Redactor?
    /// Whether participants become `Person 1`, `Person 2`, ….
    package var anonymize: Bool
    /// Whose messages sit on the right (`--me`), by the id or name the input gives: resolved
    /// before names change, so `--me "Ana Lima"` still finds Ana once she is `Person 2`.
    package var me: String?

    /// Creates options.
    package init(people: PeopleDirectory? = nil, redactor: Redactor? = nil, anonymize: Bool = false, me: String? = nil)
    {
        self.people = people
        self.redactor = redactor
        self.anonymize = anonymize
        self.me = me
    }

    /// The change, as the readers apply it; `nil` when there is none.
    ///
    /// People come first (so a person's handles are one participant), then pseudonyms (which
    /// need the names before redaction turns a name that is a phone number into `[phone]`), then
    /// redaction.
    package var transform: TranscriptTransform? {
        guard people != nil || redactor != nil || anonymize else { return nil }
        var fingerprint = "privacy 2"
        if let people {
            for person in people.people {
                fingerprint += "|person " + person.name + "=" + person.handles.joined(separator: ",")
            }
        }
        if let redactor { for rule in redactor.rules { fingerprint += "|rule " + rule.label + "=" + rule.pattern } }
        if anonymize { fingerprint += "|anonymize" }
        if let me { fingerprint += "|me " + me }
        let options = self
        var transform = TranscriptTransform(fingerprint: fingerprint, hidesNames: hidesNames) { options.apply($0) }
        if hidesNames { transform.describe = { Diagnostics(options.diagnostics(for: $0)) } }
        transform.follower = { PrivacyFollower(options: options) }
        return transform
    }

    /// Whether names, text and ids change so that the output says nothing of what was removed.
    var hidesNames: Bool { redactor != nil || anonymize }

    /// Each person's handles, by the name the people file gives them.
    private var aliases: [String: [String]] {
        var aliases: [String: [String]] = [:]
        for person in people?.people ?? [] { aliases[person.name] = person.handles }
        return aliases
    }

    /// What notes and warnings about `originals` (the conversations as read) say in place of
    /// what the options remove: message ids as they are renumbered, pseudonyms, redactions.
    package func diagnostics(for originals: [Transcript]) -> @Sendable (String) -> String {
        var steps: [@Sendable (String) -> String] = []
        if hidesNames {
            for original in originals {
                let numbering = PositionalMessageIDs(original)
                steps.append { numbering.replace(in: $0) }
            }
        }
        if anonymize {
            let anonymizer = Anonymizer(aliases: aliases)
            for original in originals { steps.append(anonymizer.diagnostics(for: people?.apply(original) ?? original)) }
        }
        if let redactor { steps.append { redactor.redact($0) } }
        let all = steps
        return { text in all.reduce(text) { $1($0) } }
    }

    /// Applies the options to one conversation.
    package func apply(_ transcript: Transcript) -> Transcript { applied(transcript).result }

    /// The options applied to one conversation, with what was made for it: the steps (people,
    /// pseudonyms, redaction, in order), the messages' ids by position, and, with `keeping`, the
    /// conversation pseudonyms were made from (people applied), when they were.
    func applied(_ transcript: Transcript, keeping: Bool = false) -> (
        result: Transcript, steps: [PrivacyStep], numbering: PositionalMessageIDs?, pseudonymized: Transcript?
    ) {
        var result = transcript
        var steps: [PrivacyStep] = []
        if let people {
            steps.append(people.step(for: result))
            result = steps[0].apply(result)
        }
        choose(me: &result)
        // Ids are numbered from the messages as read (two ids redaction would make equal stay
        // apart) and put in last; they say nothing of the text, the sender or the export.
        let numbering = hidesNames ? PositionalMessageIDs(result) : nil
        let pseudonymized = anonymize && keeping ? result : nil
        if anonymize {
            steps.append(Anonymizer(aliases: aliases).step(for: result))
            result = steps[steps.count - 1].apply(result)
        }
        if let redactor {
            steps.append(redactor.step(for: result))
            result = steps[steps.count - 1].apply(result)
        }
        if let numbering { result = numbering.apply(result) }
        return (result, steps, numbering, pseudonymized)
    }

    /// Whose messages sit on the right, from `--me`, in `transcript` with people applied.
    private func choose(me transcript: inout Transcript) {
        guard let me else { return }
        let wanted = people?.person(for: me) ?? me
        if case .one(let id) = transcript.participant(matching: wanted) {
            transcript.me = id
        } else {
            transcript.me = wanted
        }
    }

    /// The header (no messages) of `transcript` changed by `steps`, made by `applied` for a
    /// conversation with this header but for the participants' presence.
    func header(_ transcript: Transcript, steps: [PrivacyStep]) -> Transcript {
        var result = transcript
        result.messages = []
        let meBefore = people == nil ? 0 : 1
        for (position, step) in steps.enumerated() {
            if position == meBefore { choose(me: &result) }
            result = step.header(result)
        }
        if steps.count <= meBefore { choose(me: &result) }
        return result
    }
}
