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

    /// Creates a transform.
    public init(fingerprint: String, hidesNames: Bool, apply: @escaping @Sendable (Transcript) -> Transcript) {
        self.fingerprint = fingerprint
        self.hidesNames = hidesNames
        self.apply = apply
    }

    public static func == (lhs: TranscriptTransform, rhs: TranscriptTransform) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.hidesNames == rhs.hidesNames
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
        hasher.combine(hidesNames)
    }
}
