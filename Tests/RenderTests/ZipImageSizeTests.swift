import Foundation
import TestSupport
import Testing

/// An image inlined from an export's zip keeps its pixel size, read from its header, so the page
/// reserves its box and does not reflow while it loads.
@Suite("Sizes of images inlined from a zip")
struct ZipImageSizeTests {
    static func page(_ input: String) throws -> String {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("page.html").path
        let run = CLIRunner.run(["render", input, "-o", output, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    /// The `<img>` tags of a page.
    static func images(_ html: String) -> [String] {
        html.components(separatedBy: "<img ").dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    @Test("The JPEG of a real WhatsApp zip is inlined with its width and height")
    func whatsAppZipJPEG() throws {
        let fixtures = try #require(Fixtures.shared)
        let zip = fixtures.appendingPathComponent(
            "whatsapp/whatsapp-chat-parser-website/whatsapp-chat-parser-example.zip")
        let images = Self.images(try Self.page(zip.path))
        let photo = try #require(images.first { $0.contains("data:image/jpeg;base64,") })
        // 00000001-PHOTO-2019-06-20-16-00-15.jpg is a progressive JPEG of 1280 × 640.
        #expect(photo.contains(#"width="1280" height="640""#))
    }

    /// A WebP header of each kind: a lossy frame, a lossless one, an extended (animated) canvas.
    static let webPs: [(name: String, bytes: [UInt8], width: Int, height: Int)] = {
        func riff(_ chunk: String, _ body: [UInt8]) -> [UInt8] {
            func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
            return Array("RIFF".utf8) + le32(body.count + 12) + Array("WEBPVP8".utf8) + Array(chunk.utf8)
                + le32(body.count) + body
        }
        // 300 × 200: the start code, then 14-bit width and height, little-endian.
        let lossy = riff(" ", [0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A, 0x2C, 0x01, 0xC8, 0x00])
        // 64 × 48: width − 1 in bits 0–13, height − 1 in bits 14–27 (63 | 47 << 14 = 0x000B_C03F).
        let lossless = riff("L", [0x2F, 0x3F, 0xC0, 0x0B, 0x00, 0, 0, 0, 0, 0])
        // 512 × 512: flags, then width − 1 and height − 1 in 24 bits each.
        let extended = riff("X", [0x12, 0, 0, 0, 0xFF, 0x01, 0x00, 0xFF, 0x01, 0x00])
        return [
            ("00000010-PHOTO-2024-05-01-10-00-00.webp", lossy, 300, 200),
            ("00000011-PHOTO-2024-05-01-10-01-00.webp", lossless, 64, 48),
            ("00000012-STICKER-2024-05-01-10-02-00.webp", extended, 512, 512),
        ]
    }()

    @Test("WebP images and stickers of a WhatsApp zip are inlined with their width and height")
    func whatsAppZipWebP() throws {
        let folder = try TemporaryFolder()
        let archive = folder.url.appendingPathComponent("WhatsApp Chat - Loris.zip").path
        let chat = Self.webPs.enumerated().map { index, image in
            "[01.05.24, 10:0\(index):00] Loris: \u{200E}<attached: \(image.name)>\n"
        }
        try ZipMaker.write(
            [.init("_chat.txt", chat.joined())] + Self.webPs.map { .init($0.name, bytes: $0.bytes) }, to: archive)
        let images = Self.images(try Self.page(archive))
        #expect(images.count == Self.webPs.count)
        for (tag, image) in zip(images, Self.webPs) {
            #expect(tag.contains("data:image/webp;base64,"), "\(image.name)")
            #expect(
                tag.contains(#"width="\#(image.width)" height="\#(image.height)""#), "\(image.name): \(tag.suffix(80))")
        }
    }
}
