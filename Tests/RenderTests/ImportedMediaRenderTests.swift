import Foundation
import TestSupport
import Testing

/// What imported messages look like in every output: spoilers in quotes, stickers, images from
/// a zip, files the export left out — each from an input in the app's own shape, rendered by the
/// command a user runs.
@Suite("Imported media and quotes in the outputs")
struct ImportedMediaRenderTests {
    static func render(_ input: String, format: String) -> CLIRunner.Result {
        CLIRunner.run(["render", input, "--format", format])
    }

    /// A Telegram chat whose message 2 answers message 1, a long text with a spoiler past the cut.
    static func spoilerChat(_ folder: TemporaryFolder) throws -> String {
        let long = String(repeating: "word ", count: 18)
        return try folder.write(
            "result.json",
            """
            {"name": "Ben", "type": "personal_chat", "id": 1, "messages": [
             {"id": 1, "type": "message", "date": "2024-05-01T10:00:00", "date_unixtime": "1714557600",
              "from": "Ben", "from_id": "user2", "text": "",
              "text_entities": [{"type": "plain", "text": "\(long)"}, {"type": "spoiler", "text": "the butler did it"}]},
             {"id": 2, "type": "message", "date": "2024-05-01T10:01:00", "date_unixtime": "1714557660",
              "from": "Ana", "from_id": "user1", "text": "no way", "reply_to_message_id": 1}]}
            """)
    }

    @Test("A reply's excerpt cut inside a spoiler says [spoiler] and never shows the hidden words")
    func spoilerInExcerpt() throws {
        let input = try Self.spoilerChat(TemporaryFolder())
        for format in ["html", "text", "json"] {
            let output = Self.render(input, format: format).stdout
            let quoted = output.components(separatedBy: "the butler").count - 1
            // The spoiler itself is in the page once (hidden until revealed); never in the quote.
            #expect(quoted <= 1, "\(format)")
            #expect(!output.contains("||the") && !output.contains("butler|"), "\(format)")
            #expect(output.contains("[spoiler]"), "\(format)")
        }
    }

    @Test("A sticker's emoji is drawn once, not as its icon and again as its caption")
    func stickerOnce() throws {
        let folder = try TemporaryFolder()
        let input = try folder.write(
            "result.json",
            """
            {"name": "Ben", "type": "personal_chat", "id": 1, "messages": [
             {"id": 1, "type": "message", "date": "2024-05-01T10:00:00", "date_unixtime": "1714557600",
              "from": "Ben", "from_id": "user2", "text": "", "file": "stickers/cat.webp",
              "media_type": "sticker", "sticker_emoji": "🐱"}]}
            """)
        let html = Self.render(input, format: "html").stdout
        let message = try #require(html.components(separatedBy: "id=\"msg-1\"").last)
        #expect(message.components(separatedBy: "🐱").count - 1 == 1)
    }

    @Test("An image inlined from a WhatsApp zip keeps its width and height")
    func zipImageSize() throws {
        let folder = try TemporaryFolder()
        // A PNG header: 3 × 2 pixels.
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
            + [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        let zip = folder.url.appendingPathComponent("chat.zip").path
        try ZipMaker.write(
            [
                .init("_chat.txt", "[20.06.19, 16:00:15] Loris: \u{200E}<attached: 01-PHOTO.png>\n"),
                .init("01-PHOTO.png", bytes: png),
            ], to: zip)
        let html = Self.render(zip, format: "html").stdout
        #expect(html.contains("src=\"data:image/png;base64,"))
        #expect(html.contains("width=\"3\" height=\"2\""))
    }
}
