import Foundation
import TestSupport
import Testing

/// A Telegram sticker's emoji is shown once: not as the chip's icon and again as its caption.
@Suite("Sticker emoji")
struct StickerEmojiTests {
    /// Real Telegram exports with a sticker: one whose file is named but not beside the export,
    /// and one the export left out; each sticker's emoji is in no other message of its chat.
    static let stickers: [(path: String, id: String, emoji: String)] = [
        ("telegram/telegram-export-md/result.json", "6", "😂"),
        ("telegram/chatstyle/result.json", "8", "😀"),
    ]

    static func render(_ index: Int, _ format: String) throws -> String {
        let fixtures = try #require(Fixtures.shared)
        let input = fixtures.appendingPathComponent(Self.stickers[index].path).path
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("out." + format).path
        var arguments = ["render", input, "--format", format, "-o", output, "--width", "120", "-q"]
        if index == 0 { arguments += ["--conversation", "42"] }
        let run = CLIRunner.run(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    @Test("The page shows a sticker's emoji once", arguments: [0, 1])
    func html(_ index: Int) throws {
        let (_, id, emoji) = Self.stickers[index]
        let html = try Self.render(index, "html")
        let message = try #require(html.components(separatedBy: "id=\"msg-\(id)\"").dropFirst().first)
        let bubble = message.components(separatedBy: "id=\"msg-").first ?? ""
        #expect(bubble.components(separatedBy: emoji).count - 1 == 1, "\(bubble)")
    }

    @Test("Text shows a sticker's emoji once", arguments: [0, 1])
    func text(_ index: Int) throws {
        let text = try Self.render(index, "text")
        #expect(text.components(separatedBy: Self.stickers[index].emoji).count - 1 == 1, "\(text)")
    }
}
