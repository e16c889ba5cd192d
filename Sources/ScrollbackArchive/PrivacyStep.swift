import ScrollbackModel

/// One step of `PrivacyOptions` (people, pseudonyms or redaction) made for one conversation:
/// what it does to the conversation's header (everything but the messages) and what it does to
/// each message. A message's change depends on the conversation only through what the step was
/// made from, so a conversation that grows can have only its new messages changed
/// (`PrivacyFollower`).
struct PrivacyStep: Sendable {
    /// The header changed; the messages are left as they are.
    var header: @Sendable (Transcript) -> Transcript
    /// One message changed.
    var message: @Sendable (Message) -> Message

    /// The whole conversation changed.
    func apply(_ transcript: Transcript) -> Transcript {
        var result = header(transcript)
        result.messages = transcript.messages.map(message)
        return result
    }
}
