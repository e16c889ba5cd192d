/// One stored field of `Message`, as `Message.fields` declares it: the single place a field is
/// spelled. `scripts/generate-message-fields.py` reads that declaration and writes the code that
/// stores, reads, writes and merges the fields; tests walk it to cover every field.
package struct MessageField: @unchecked Sendable {
    /// The property's name on `Message`, and the member's key in the native format's JSON.
    package let key: String
    /// The property.
    package let keyPath: PartialKeyPath<Message>
    /// The value a message has when its log does not say; `nil` for a field every message gives.
    package let defaultValue: Any?
    /// Where the value is held.
    package let storage: Storage
    /// How two versions of one message combine when `merge` finds them in two sources.
    package let merge: MergeRule
    /// Whether the native reader's generated code reads it (else `MessageDecoder` does, by hand).
    package let reading: Reading

    /// Where a message holds a field.
    package enum Storage: Sendable {
        /// In the message's storage itself: a field most messages have.
        case inline
        /// Among the fields most messages leave empty, held out of line.
        case rare
        /// Not part of the log: where the message was read from (never written, never merged).
        case transient
    }

    /// How `merge` combines the older and the newer version of a field.
    package enum MergeRule: Sendable {
        /// The newer version's value; one the newer source does not give (`nil`, empty) keeps the
        /// older one. A flag or a choice is always the newer one's.
        case newest
        /// The first version's value: it is never changed by a later source.
        case first
        /// Both versions' values, each once.
        case union
        /// The newer value, the older one kept as an earlier version (`revisions`).
        case earlierVersion
        /// Combined by the merge's own rules for edits, ids, times and files (`ConversationMerger`).
        case special
    }

    /// Who reads a field from the native format's JSON.
    package enum Reading: Sendable {
        /// The generated member reader, by the field's type.
        case declared
        /// `MessageDecoder`, by hand (identity, time and kind are checked before anything else).
        case byHand
    }

    /// A field every message gives.
    package init<Value>(
        _ keyPath: WritableKeyPath<Message, Value>, _ key: String, _ type: Value.Type, _ storage: Storage,
        merge: MergeRule, reading: Reading = .declared
    ) {
        self.key = key
        self.keyPath = keyPath
        self.defaultValue = nil
        self.storage = storage
        self.merge = merge
        self.reading = reading
    }

    /// A field with a value messages have when their log does not say.
    package init<Value>(
        _ keyPath: WritableKeyPath<Message, Value>, _ key: String, _ type: Value.Type, default value: Value,
        _ storage: Storage, merge: MergeRule, reading: Reading = .declared
    ) {
        self.key = key
        self.keyPath = keyPath
        self.defaultValue = value
        self.storage = storage
        self.merge = merge
        self.reading = reading
    }
}
