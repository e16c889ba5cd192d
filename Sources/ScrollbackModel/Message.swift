/// One message, or one system event ("Ben renamed the group").
///
/// A value type with copy-on-write storage: a message is copied at every stage
/// (reader → transcript → layout → bubble), and one reference count per copy is
/// far cheaper than one per field when a log holds millions of messages.
public struct Message: Sendable, Hashable, Codable {
    /// The two kinds of entries in a chat.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case message
        case system
    }

    /// The fields (`Message+Storage.swift`, generated from `Message.fields`).
    var storage: Storage

    public static func == (lhs: Message, rhs: Message) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    public init(from decoder: Decoder) throws {
        storage = Storage(try Fields(from: decoder))
    }

    public func encode(to encoder: Encoder) throws { try storage.fields.encode(to: encoder) }

    /// The storage, copied first if another message shares it.
    mutating func mutableStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }
}

extension Message {
    /// A class box around the fields; never mutated while shared.
    final class Storage: @unchecked Sendable {
        /// Not checked for overlapping access at run time: every field is read or written through
        /// one short accessor of `Message`, which writes only to storage it holds alone, so no two
        /// accesses can overlap. The check cost more than reading the field (about 75
        /// instructions a read, 6% of a page's instructions).
        @exclusivity(unchecked) var fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }
}

/// How a message body is written.
public enum TextFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// GitHub Flavored Markdown (the default).
    case markdown
    /// Text shown as it is, with no Markdown.
    case plain
    /// Markdown with underline and Messages' text effects written as `<u>…</u>` and
    /// `<span data-effect="NAME">…</span>` (what the iMessage reader writes); in any other
    /// format those tags are text, as all raw HTML is.
    case styledMarkdown = "styled-markdown"

    /// Whether `<u>` and `data-effect` spans are read as styles.
    public var readsStyleTags: Bool { self == .styledMarkdown }

    /// `text` (styled Markdown) without its style tags, each made a space: the words search
    /// finds it by, not `span`, `data` and `effect`. A tag written after `\` is text and stays.
    package static func withoutStyleTags(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "<")) else { return text }
        var bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), index == 0 || bytes[index - 1] != UInt8(ascii: "\\"),
                let end = styleTagEnd(bytes, from: index)
            {
                bytes.replaceSubrange(index..<end, with: [UInt8(ascii: " ")])
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where the style tag at `start` ends, if one starts there.
    private static func styleTagEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        for tag in ["<u>", "</u>", "</span>"].map({ Array($0.utf8) })
        where bytes[start...].starts(with: tag) {
            return start + tag.count
        }
        let opening = Array("<span data-effect=\"".utf8)
        guard bytes[start...].starts(with: opening) else { return nil }
        var end = start + opening.count
        while end < bytes.count, end - start - opening.count < 24,
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end])
        {
            end += 1
        }
        guard end > start + opening.count, bytes[end...].starts(with: Array("\">".utf8)) else { return nil }
        return end + 2
    }
}

/// Where an outgoing message is on its way to the other side.
public enum DeliveryStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case sending, sent, delivered, read, failed
}

/// One emoji reaction and who gave it.
public struct Reaction: Sendable, Hashable, Codable {
    /// The emoji (or short name, for apps that use custom emoji).
    public var emoji: String
    /// Participant ids (or names) of those who reacted.
    public var by: [String]
    /// How many reacted; at least `by.count` (some exports give only a count).
    public var count: Int

    /// Creates a reaction; `count` defaults to the number of reactors.
    public init(emoji: String, by: [String] = [], count: Int? = nil) {
        self.emoji = emoji
        self.by = by
        self.count = max(count ?? by.count, by.count)
    }
}

/// An earlier version of an edited message.
public struct Revision: Sendable, Hashable, Codable {
    /// The text as it was.
    public var text: String
    /// When that version was written, if known.
    public var time: Timestamp?

    /// Creates a revision.
    public init(text: String, time: Timestamp? = nil) {
        self.text = text
        self.time = time
    }
}
