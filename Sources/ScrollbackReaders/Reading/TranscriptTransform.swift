import ScrollbackModel

/// A change every conversation goes through right after it is read, before layout: one name
/// for a person's many handles (`--people`), redaction and pseudonyms (`--redact`, `--anonymize`).
///
/// A struct with a closure, so the readers need not know what the change is; two transforms are
/// equal when their fingerprints are, which lets a site tell that a change of rules changes pages.
public struct TranscriptTransform: Sendable, Hashable {
    /// Names the change and its rules (a site build's fingerprint includes it).
    public var fingerprint: String
    /// Whether the change hides who and what a conversation is about, so outputs must not name
    /// it after the input's file name either.
    public var hidesNames: Bool
    /// Applies the change to one conversation.
    public var apply: @Sendable (Transcript) -> Transcript
    /// Given the conversations as read, what a note or warning about them says instead (the
    /// names, ids and text the change removes are not printed either); `nil` leaves them.
    public var describe: (@Sendable ([Transcript]) -> Diagnostics)?
    /// Makes what follows one conversation as it grows (a live page), changing only the messages
    /// that are new or updated where the rest cannot differ; `nil`: `apply` on every change.
    package var follower: (@Sendable () -> any TranscriptFollower)?

    /// Creates a transform.
    public init(
        fingerprint: String, hidesNames: Bool, apply: @escaping @Sendable (Transcript) -> Transcript,
        describe: (@Sendable ([Transcript]) -> Diagnostics)? = nil
    ) {
        self.fingerprint = fingerprint
        self.hidesNames = hidesNames
        self.apply = apply
        self.describe = describe
    }

    public static func == (lhs: TranscriptTransform, rhs: TranscriptTransform) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.hidesNames == rhs.hidesNames
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
        hasher.combine(hidesNames)
    }
}

/// A transform applied to one conversation as it grows: each call gives what `apply` gives for
/// the conversation as it is now, at a cost that depends on what changed since the last call.
package protocol TranscriptFollower: Sendable {
    /// `transcript` changed as the transform changes it, where since the last call only the
    /// messages from `added` on are new and those with the ids `updated` changed.
    mutating func follow(_ transcript: Transcript, added: Int, updated: [String]) -> FollowedTranscript
}

/// What a `TranscriptFollower` gives.
package struct FollowedTranscript: Sendable {
    /// The conversation changed.
    package var transcript: Transcript
    /// The ids (as changed) of the updated messages, in order.
    package var updated: [String]
    /// Whether it was changed whole: any message may differ from the last call's.
    package var whole: Bool

    /// Creates the result.
    package init(transcript: Transcript, updated: [String], whole: Bool) {
        self.transcript = transcript
        self.updated = updated
        self.whole = whole
    }
}

/// What notes and warnings say in place of what a transform removes.
public struct Diagnostics: Sendable {
    /// One line, rewritten.
    public var rewrite: @Sendable (String) -> String

    /// Creates the rewrite.
    public init(_ rewrite: @escaping @Sendable (String) -> String) { self.rewrite = rewrite }
}

extension ImportReport {
    /// The report with every line passed through `describe`; a location in `input` (the file the
    /// user named) keeps its name.
    package func described(by diagnostics: Diagnostics, input: String) -> ImportReport {
        let describe = diagnostics.rewrite
        var report = self
        report.inferences = inferences.map(describe)
        func note(_ note: Note) -> Note {
            var location = note.location
            if let file = location?.file, file != input { location?.file = describe(file) }
            return Note(location: location, text: describe(note.text))
        }
        report.skipped = skipped.map(note)
        report.warnings = warnings.map(note)
        return report
    }
}
