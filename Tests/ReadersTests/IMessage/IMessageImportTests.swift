import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// The databases `scripts/imessage-testdb.py` builds, read as a user's would be.
@Suite("iMessage import")
struct IMessageImportTests {
    static func read(_ url: URL?) throws -> ReadResult {
        let url = try #require(url, "scripts/imessage-testdb.py did not run")
        return try Readers.read(ChatInput.load(url.path))
    }

    static func conversation(_ id: String, in url: URL? = IMessageDatabases.mac) throws -> Transcript {
        try #require(try read(url).conversations.first { $0.id == id })
    }

    static func message(_ id: String, in transcript: Transcript) throws -> Message {
        try #require(transcript.messages.first { $0.id == id }, "no message \(id)")
    }

    static let ben = "+15550100001"

    static func meta(_ key: String, of message: Message) -> MetaValue? {
        guard case .object(let members)? = message.meta else { return nil }
        return members[key]
    }

    @Test("A chat.db is recognised by its content, and so is the folder it is in")
    func detection() throws {
        let mac = try #require(IMessageDatabases.mac)
        #expect(try Readers.detect(ChatInput.load(mac.path)) == .imessage)
        #expect(try Readers.detect(ChatInput.load(mac.deletingLastPathComponent().path)) == .imessage)
        #expect(try Readers.detect(ChatInput.load(try #require(IMessageDatabases.backup).path)) == .imessage)
        let other = try #require(IMessageDatabases.hostile("other.db"))
        #expect(throws: ReadError.self) { try Readers.detect(ChatInput.load(other.path)) }
    }

    @Test("Each chat is a conversation: its identifier as id, its display name or handle as title")
    func chats() throws {
        let result = try Self.read(IMessageDatabases.mac)
        #expect(result.format == .imessage)
        #expect(result.conversations.map(\.id) == [Self.ben, "chat493810235721", "+15550100003"])
        #expect(result.conversations.map(\.title) == [Self.ben, "Hike crew", "+15550100003"])
        #expect(result.conversations.allSatisfy { $0.me == "me" })
    }

    @Test("Times are nanoseconds since 2001 in UTC, or seconds in older databases, and the report says so")
    func times() throws {
        let chat = try Self.conversation(Self.ben)
        #expect(try Self.message("MSG-FIRST", in: chat).time.description == "2026-11-28T09:14:00Z")
        let old = try Self.conversation(Self.ben, in: IMessageDatabases.old)
        #expect(try Self.message("OLD-1", in: old).time.description == "2026-11-28T09:14:00Z")
        #expect(
            try Self.read(IMessageDatabases.mac).report.inferences.contains {
                $0.contains("UTC") && $0.contains("--tz")
            })
    }

    @Test("is_from_me is me; handles are participants and senders")
    func senders() throws {
        let chat = try Self.conversation(Self.ben)
        #expect(try Self.message("MSG-FIRST", in: chat).sender == Self.ben)
        #expect(try Self.message("MSG-YES", in: chat).sender == "me")
        #expect(chat.participants.map(\.id) == ["me", Self.ben])
    }

    @Test("Delivery status: read, delivered, sent and failed")
    func status() throws {
        let chat = try Self.conversation(Self.ben)
        #expect(try Self.message("MSG-YES", in: chat).status == .read)
        #expect(try Self.message("MSG-LAST", in: chat).status == .delivered)
        #expect(try Self.message("MSG-FAILED", in: chat).status == .failed)
        #expect(try Self.message("SMS-OUT", in: Self.conversation("+15550100003")).status == .sent)
        #expect(try Self.message("MSG-FIRST", in: chat).status == nil)
    }

    @Test("attributedBody is read when text is empty, with bold, italic, strikethrough, links and mentions")
    func attributedBody() throws {
        let chat = try Self.conversation(Self.ben)
        #expect(
            try Self.message("MSG-STYLED", in: chat).text
                == "**Bold**, *italic*, ~~struck~~, a [link](https://example.org/trail) and Ben <span data-effect=\"shake\">shaking</span>"
        )
        let fixtureText = try Self.message(chat.messages[2].id, in: chat)
        #expect(fixtureText.sender == Self.ben && !fixtureText.text.isEmpty)
        #expect(try Self.message("MSG-URLBODY", in: chat).text.contains("https://github.com/ReagentX/Logria"))
    }

    @Test("Tapbacks are reactions on the part they name, with who left them; a removed tapback is gone")
    func tapbacks() throws {
        let chat = try Self.conversation(Self.ben)
        #expect(try Self.message("MSG-PHOTO-p1", in: chat).reactions == [Reaction(emoji: "❤️", by: ["me"])])
        #expect(try Self.message("MSG-PHOTO", in: chat).reactions == [Reaction(emoji: "‼️", by: ["me"])])
        #expect(try Self.message("MSG-YES", in: chat).reactions == [Reaction(emoji: "😂", by: [Self.ben])])
        #expect(try Self.message("MSG-FIRST", in: chat).reactions == [Reaction(emoji: "🔥", by: ["me"])])
        #expect(!chat.messages.contains { $0.text.contains("Loved") || $0.text.contains("Emphasized") })
        let group = try Self.conversation("chat493810235721")
        #expect(
            try Self.message("GRP-A", in: group).reactions == [Reaction(emoji: "👍", by: ["+15550100004", Self.ben])])
    }

    @Test("A multi-part message is one bubble per part: the photo, then its text")
    func parts() throws {
        let chat = try Self.conversation(Self.ben)
        let photo = try Self.message("MSG-PHOTO", in: chat)
        #expect(photo.attachments.map(\.type) == ["image/heic"])
        #expect(photo.attachments.first?.path?.hasSuffix("/IMG_0042.HEIC") == true)
        #expect(try Self.message("MSG-PHOTO-p1", in: chat).text == "Look at this view")
        let multi = chat.messages.filter { $0.id.hasPrefix("MSG-MULTI") }
        #expect(
            multi.map(\.id) == [
                "MSG-MULTI", "MSG-MULTI-p1", "MSG-MULTI-p2", "MSG-MULTI-p3", "MSG-MULTI-p4", "MSG-MULTI-p5",
            ])
        #expect(
            multi.map { $0.attachments.isEmpty ? $0.text : "file" } == [
                "file", "test 1", "file", "test 2 ", "file", "test 3",
            ])
    }

    @Test("A thread reply names the message it answers")
    func replies() throws {
        #expect(try Self.message("MSG-REPLY", in: Self.conversation(Self.ben)).replyTo == "MSG-FIRST")
    }

    @Test("An edited message keeps its earlier versions; an unsent one says so")
    func editsAndUnsends() throws {
        let chat = try Self.conversation(Self.ben)
        let edited = try Self.message("MSG-EDITED", in: chat)
        #expect(edited.text == "Meet at the north trailhead")
        #expect(edited.revisions.map(\.text) == ["Meet at the south trailhead"])
        #expect(edited.edited != nil)
        let unsent = try Self.message("MSG-UNSENT", in: chat)
        #expect(unsent.kind == .system && unsent.text == "You unsent a message")
    }

    @Test("A link preview is a card with title, address and site (else the host); a shared place is a location")
    func linkCards() throws {
        let chat = try Self.conversation(Self.ben)
        let link = try Self.message("MSG-LINK", in: chat)
        #expect(link.text.isEmpty)
        #expect(link.attachments.map(\.kind) == [.link])
        #expect(link.attachments.first?.url == "https://chrissardegna.com/")
        #expect(link.attachments.first?.title == "Christopher Sardegna")
        // The preview names no site: its host stands for it, as Messages writes it under the title.
        #expect(link.attachments.first?.siteName == "chrissardegna.com")
        let place = try #require(try Self.message("MSG-PLACE", in: chat).attachments.first)
        #expect(place.kind == .location && place.place == Place(latitude: 33.450858, longitude: -118.508212))
        #expect(place.title == "Cherry Cove")
        #expect(
            try Self.message("MSG-APP", in: chat).attachments.first?.siteName == "com.example.polls.MessagesExtension")
    }

    @Test(
        "Files: voice messages, stickers, video and documents; CAF and AMR are offered as files; a missing file says so"
    )
    func attachments() throws {
        let chat = try Self.conversation(Self.ben)
        let kinds = try ["MSG-CAF", "MSG-VOICE", "MSG-STICKER", "MSG-VIDEO", "MSG-FILE", "MSG-MISSING"].map {
            try Self.message($0, in: chat).attachments.first?.kind
        }
        #expect(kinds == [.file, .voice, .sticker, .video, .file, .image])
        let missing = try #require(try Self.message("MSG-MISSING", in: chat).attachments.first)
        #expect(missing.omitted && missing.path == nil && missing.name == "IMG_9999.JPG")
        let report = try Self.read(IMessageDatabases.mac).report
        // An SMS voice note in AMR, like CAF, is a file to download: no browser plays either.
        let amr = try #require(try Self.message("SMS-AMR", in: Self.conversation("+15550100003")).attachments.first)
        #expect(amr.kind == .file && amr.name == "voice-note.amr" && amr.path != nil)
        #expect(report.inferences.contains { $0.contains("2 audio files in CAF or AMR") })
        #expect(report.inferences.contains { $0.contains("not on this disk") })
    }

    @Test("Invisible ink is a spoiler; send styles and the service are kept in meta")
    func sendStyles() throws {
        let chat = try Self.conversation(Self.ben)
        #expect(try Self.message("MSG-INK", in: chat).text == "||Secret: the summit has cake||")
        #expect(Self.meta("sendStyle", of: try Self.message("MSG-SLAM", in: chat)) == .string("slam"))
        let sms = try Self.conversation("+15550100003")
        #expect(Self.meta("service", of: try Self.message("SMS-OUT", in: sms)) == .string("SMS"))
        #expect(Self.meta("service", of: try Self.message("RCS-OUT", in: sms)) == .string("RCS"))
    }

    @Test("Group chats show who added, removed, renamed, changed the photo and left")
    func groupEvents() throws {
        let group = try Self.conversation("chat493810235721")
        let lines = group.messages.filter { $0.kind == .system }.map(\.text)
        #expect(
            lines == [
                "You named the conversation “Hike crew”", "You added +15550100004 to the conversation",
                "lee@example.org changed the group photo", "+15550100004 left the conversation",
                "You removed lee@example.org from the conversation",
            ])
        #expect(Set(group.participants.map(\.id)) == ["me", Self.ben, "lee@example.org", "+15550100004"])
    }

    @Test("An iPhone backup's sms.db finds its files through Manifest.db")
    func backup() throws {
        let backup = try #require(IMessageDatabases.backup)
        let input = try ChatInput.load(try #require(IMessageDatabases.backupDatabase).path)
        #expect(input.baseDirectory == backup.path)
        let chat = try #require(try Readers.read(input).conversations.first { $0.id == Self.ben })
        let photo = try Self.message("MSG-PHOTO", in: chat)
        let path = try #require(photo.attachments.first?.path)
        #expect(path.count == 43 && !path.contains("IMG_0042"))
        #expect(FileManager.default.fileExists(atPath: backup.appendingPathComponent(path).path))
        #expect(photo.attachments.first?.name == "IMG_0042.HEIC")
    }

    @Test("A person's SMS and iMessage chats are one conversation, in time order, each message keeping its service")
    func smsAndIMessageJoined() throws {
        let result = try Self.read(IMessageDatabases.mac)
        #expect(result.conversations.map(\.id) == [Self.ben, "chat493810235721", "+15550100003"])
        let chat = try Self.conversation(Self.ben)
        let ids = chat.messages.map(\.id)
        let sms = try #require(ids.firstIndex(of: "BEN-SMS-IN"))
        #expect(ids[sms + 1] == "MSG-STYLED" && ids[sms + 2] == "MSG-EFFECTS")
        #expect(ids.last == "BEN-SMS-OUT")
        #expect(Self.meta("service", of: try Self.message("BEN-SMS-IN", in: chat)) == .string("SMS"))
        #expect(Self.meta("service", of: try Self.message("MSG-LAST", in: chat)) == .string("iMessage"))
        #expect(try Self.message("BEN-SMS-IN", in: chat).sender == Self.ben)
        #expect(chat.participants.map(\.id) == ["me", Self.ben])
        #expect(result.report.inferences.contains { $0.contains("both an SMS and an iMessage chat") })
    }

    @Test("Underline and the iOS 18 text effects are kept as styles, each effect by name")
    func textEffects() throws {
        let chat = try Self.conversation(Self.ben)
        let names = ["big", "small", "shake", "nod", "explode", "ripple", "bloom", "jitter"]
        let effects = (names + ["new"]).map { word in
            "<span data-effect=\"\(word == "new" ? "animated" : word)\">\(word)</span>"
        }
        #expect(try Self.message("MSG-EFFECTS", in: chat).text == "<u>Underlined</u> " + effects.joined(separator: " "))
        // Only this reader's tags are styles: its messages that have them say so by their format.
        #expect(try Self.message("MSG-EFFECTS", in: chat).format == .styledMarkdown)
        #expect(try Self.message("MSG-STYLED", in: chat).format == .styledMarkdown)
        #expect(try Self.message("MSG-URLBODY", in: chat).format == .markdown)
        #expect(
            try Self.read(IMessageDatabases.mac).report.inferences.contains {
                $0.contains("text effects") && $0.contains("named")
            })
    }
}
