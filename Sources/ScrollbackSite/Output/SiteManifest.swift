import Foundation
import ScrollbackModel
import ScrollbackRender

/// `.scrollback-site.json`: marks a folder as a Scrollback site and records what the last build
/// wrote, so the next build keeps unchanged files and never touches files it did not create.
struct SiteManifest: Codable, Sendable, Equatable {
    /// The file name inside the site folder.
    static let fileName = ".scrollback-site.json"
    /// Bumped when the site's layout changes so old manifests are not trusted.
    static let currentFormat = 1

    var generator = "scrollback site"
    var format = SiteManifest.currentFormat
    /// Every file the build made, by path relative to the site folder → SHA-256 of its bytes.
    var files: [String: String] = [:]
    /// Per conversation, what is needed to reuse its pages without reading its input again.
    var conversations: [ConversationRecord] = []
    /// Attachment sources already hashed: a digest of `path|size|mtime` → stored file name.
    var media: [String: String] = [:]

    /// Reads the manifest of `folder`; `nil` when there is none or it is not ours.
    static func read(folder: String) -> SiteManifest? {
        guard let data = FileManager.default.contents(atPath: folder + "/" + fileName),
            let manifest = try? JSONDecoder().decode(SiteManifest.self, from: data),
            manifest.generator == "scrollback site"
        else { return nil }
        return manifest
    }

    /// Whether `folder` is marked as a site, even by a manifest of another format.
    static func marks(folder: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: folder + "/" + fileName),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return false }
        return object["generator"] as? String == "scrollback site"
    }

    /// Stable, sorted JSON, written by `JSONWriter` as every JSON Scrollback makes.
    func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        var writer = JSONWriter { bytes += $0 }
        writer.write(
            .object([
                ("generator", .string(generator)), ("format", .int(format)), ("files", .strings(files)),
                ("conversations", .array(conversations.map(\.json))), ("media", .strings(media)),
            ]))
        writer.finish("\n")
        return bytes
    }
}

extension ConversationRecord {
    fileprivate var json: JSONWriter.Value {
        .object([
            ("key", .string(key)), ("inputFingerprint", .string(inputFingerprint)), ("slug", .string(slug)),
            ("summary", summary.json), ("pages", .array(pages.map(\.json))),
            ("files", .array(files.map { .string($0) })), ("warnings", .array(warnings.map { .string($0) })),
        ])
    }
}

extension PageRecord {
    fileprivate var json: JSONWriter.Value {
        .object([("name", .string(name)), ("fingerprint", .string(fingerprint)), ("messages", .int(messages))])
    }
}

extension ConversationSummary {
    /// As `Codable` writes it: a member that is `nil` is left out.
    fileprivate var json: JSONWriter.Value {
        var members: [(String, JSONWriter.Value)] = [
            ("title", .string(title)), ("participants", .array(participants.map { .string($0) })),
            ("messageCount", .int(messageCount)), ("newestHref", .string(newestHref)),
            ("months", .array(months.map { .object([("month", .string($0.month)), ("count", .int($0.count))]) })),
        ]
        if let firstDate { members.append(("firstDate", .string(firstDate))) }
        if let lastDate { members.append(("lastDate", .string(lastDate))) }
        if let lastTime { members.append(("lastTime", .int(Int(lastTime)))) }
        if let lastSender { members.append(("lastSender", .string(lastSender))) }
        if let lastText { members.append(("lastText", .string(lastText))) }
        if let topic { members.append(("topic", .string(topic))) }
        return .object(members)
    }
}

extension JSONWriter.Value {
    /// An object of strings, keys sorted.
    fileprivate static func strings(_ dictionary: [String: String]) -> JSONWriter.Value {
        .object(dictionary.map { ($0.key, .string($0.value)) })
    }
}

/// What one conversation contributed to the site.
struct ConversationRecord: Codable, Sendable, Equatable {
    /// Input path and conversation id (or position): the conversation's identity across builds.
    var key: String
    /// SHA-256 of the input's bytes and the options; equal on the next build → reuse everything.
    var inputFingerprint: String
    var slug: String
    var summary: ConversationSummary
    /// Pages in order, with the fingerprint of what they were rendered from.
    var pages: [PageRecord]
    /// Every file of this conversation (pages, calendar, feed, search shards, its media).
    var files: [String]
    /// Warnings the build gave (missing media), repeated when the pages are reused.
    var warnings: [String]
}

/// One page of a conversation.
struct PageRecord: Codable, Sendable, Equatable {
    var name: String
    /// SHA-256 of everything the page and its search shard are made from.
    var fingerprint: String
    var messages: Int
}

/// What the index shows of a conversation.
struct ConversationSummary: Codable, Sendable, Equatable {
    var title: String
    /// The channel's topic, shown under the title.
    var topic: String? = nil
    var participants: [String]
    var messageCount: Int
    var firstDate: String?
    var lastDate: String?
    /// RFC 3339 time of the newest message, for sorting newest activity first.
    var lastTime: Int64?
    var lastSender: String?
    var lastText: String?
    /// The newest page and the newest message's fragment: where the index links.
    var newestHref: String
    /// `YYYY-MM` → messages, oldest first.
    var months: [MonthCount]
}

/// Messages in one month.
struct MonthCount: Codable, Sendable, Equatable {
    var month: String
    var count: Int
}
