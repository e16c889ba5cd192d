extension Message {
    /// Every stored field of a message, declared once, in the order of `Message.init`'s
    /// parameters and of the coded form: the property (the `///` line above it is its
    /// documentation), the native format's JSON key, the type, the default, where it is held, and
    /// how a merge combines two versions of it.
    ///
    /// `scripts/generate-message-fields.py` reads this list and writes from it the properties and
    /// storage of `Message`, the native reader's member table and field reader, the native
    /// writer's fields and the merge's combining and comparing of them; a test fails while that
    /// code is out of date. Add a field here, run the script, and every one of them has it.
    package static var fields: [MessageField] {
        [
            /// The message's id: the input's own, or one derived from its position (`m1`, `m2`, …).
            .init(\.id, "id", String.self, .inline, merge: .special, reading: .byHand),
            /// Whether this is something someone said or an event of the chat itself.
            .init(\.kind, "kind", Message.Kind.self, default: .message, .inline, merge: .newest, reading: .byHand),
            /// The participant id of the sender; `nil` for system messages.
            .init(\.sender, "sender", String?.self, .inline, merge: .first, reading: .byHand),
            /// When the message was sent, with the offset the log wrote.
            .init(\.time, "time", Timestamp.self, .inline, merge: .special, reading: .byHand),
            /// The body: GitHub Flavored Markdown unless `format` is `.plain`.
            .init(\.text, "text", String.self, default: "", .inline, merge: .earlierVersion),
            /// How `text` is to be read.
            .init(\.format, "format", TextFormat.self, default: .markdown, .inline, merge: .earlierVersion),
            /// The id of the message this one answers.
            .init(\.replyTo, "replyTo", String?.self, default: nil, .inline, merge: .newest),
            /// Delivery status of an outgoing message.
            .init(\.status, "status", DeliveryStatus?.self, default: nil, .inline, merge: .newest),
            /// Reactions, in the order the log gives them.
            .init(\.reactions, "reactions", [Reaction].self, default: [], .inline, merge: .special),
            /// Files and images sent with the message.
            .init(\.attachments, "attachments", [Attachment].self, default: [], .inline, merge: .special),
            /// When the message was last edited, if it was.
            .init(\.edited, "edited", Timestamp?.self, default: nil, .rare, merge: .earlierVersion, reading: .byHand),
            /// Whether the message was deleted (its text is then usually empty).
            .init(\.deleted, "deleted", Bool.self, default: false, .inline, merge: .newest),
            /// Who the message was forwarded from, as the source app names them.
            .init(\.forwardedFrom, "forwardedFrom", String?.self, default: nil, .rare, merge: .newest),
            /// The forum topic or thread the message belongs to, as the source app names it.
            .init(\.topic, "topic", String?.self, default: nil, .rare, merge: .newest),
            /// Earlier versions of an edited message's text, oldest first (an archive keeps them).
            .init(\.revisions, "revisions", [Revision].self, default: [], .rare, merge: .union),
            /// An archive kept this message from an older export; the newest export no longer holds it.
            .init(
                \.missingFromLatestExport, "missingFromLatestExport", Bool.self, default: false, .rare, merge: .special),
            /// Kept from the input but not shown (tool calls in an AI chat, for example).
            .init(\.hidden, "hidden", Bool.self, default: false, .rare, merge: .newest),
            /// Whether the message is pinned in the chat (the newest source says whether it still is).
            .init(\.pinned, "pinned", Bool.self, default: false, .rare, merge: .newest),
            /// Free-form data the log attached; kept, never rendered.
            .init(\.meta, "meta", MetaValue?.self, default: nil, .rare, merge: .newest),
            /// Where the message starts in the input, for error messages.
            .init(\.location, "location", SourceLocation?.self, default: nil, .transient, merge: .first),
        ]
    }

    /// The order in which the native writer wrote the fields before they were declared in
    /// `fields`, kept so that a log written again is the same bytes; a field declared since is
    /// written after these, in the order of `fields`.
    package static var nativeLineOrder: [String] {
        [
            "id", "kind", "sender", "time", "text", "format", "replyTo", "status", "edited", "deleted", "hidden",
            "forwardedFrom", "topic", "reactions", "attachments", "revisions", "missingFromLatestExport", "meta",
        ]
    }
}
