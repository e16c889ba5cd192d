import Foundation
import ScrollbackRender
import TestSupport
import Testing

/// A phone held upright stores its photo on its side with an EXIF Orientation saying how to turn
/// it; browsers turn it (`image-orientation: from-image`), so the page reserves the turned box.
@Suite("Sizes of JPEGs turned by their EXIF orientation")
struct JPEGOrientationTests {
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// EXIF whose IFD0 holds a Make (ASCII) and then, unless `nil`, the Orientation `orientation`.
    static func exif(_ orientation: Int?, bigEndian: Bool) -> [UInt8] {
        func number(_ value: Int, _ count: Int) -> [UInt8] {
            let bytes = (0..<count).map { UInt8(value >> (8 * $0) & 0xFF) }
            return bigEndian ? bytes.reversed() : bytes
        }
        let make = number(0x010F, 2) + number(2, 2) + number(4, 4) + Array("Cam\0".utf8)
        let turn = orientation.map { number(0x0112, 2) + number(3, 2) + number(1, 4) + number($0, 2) + [0, 0] } ?? []
        let entries = 1 + (orientation == nil ? 0 : 1)
        let tiff = Array((bigEndian ? "MM" : "II").utf8) + number(42, 2) + number(8, 4)
        return Array("Exif\0\0".utf8) + tiff + number(entries, 2) + make + turn + number(0, 4)
    }

    /// A JPEG's framing of `width` × `height` pixels as stored: the segments before its frame
    /// header (`head`), the frame header, a scan.
    static func jpeg(width: Int, height: Int, head: [UInt8]) -> [UInt8] {
        let frame = [
            8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0,
        ]
        return [0xFF, 0xD8] + head + segment(0xDB, [0] + [UInt8](repeating: 1, count: 64)) + segment(0xC0, frame)
            + segment(0xDA, [1, 1, 0, 0, 0x3F, 0]) + [0x12, 0x34, 0xFF, 0xD9]
    }

    /// The `WIDTH×HEIGHT` an `<img>` tag gives (a failure then prints that, not the long `src`).
    static func size(_ tag: String) -> String {
        func number(_ name: String) -> String {
            guard let start = tag.range(of: " \(name)=\"") else { return "?" }
            return String(tag[start.upperBound...].prefix { $0.isNumber })
        }
        return number("width") + "×" + number("height")
    }

    /// The `<img>` tags of a page.
    static func images(_ html: String) -> [String] {
        html.components(separatedBy: "<img ").dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    /// The image tags of the page rendered from a WhatsApp zip holding each of `photos`.
    static func zipPage(_ photos: [(name: String, bytes: [UInt8])], _ extra: [String] = []) throws -> [String] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let archive = folder.path("WhatsApp Chat - Loris.zip")
        let chat = photos.enumerated().map { index, photo in
            "[01.05.24, 10:0\(index):00] Loris: \u{200E}<attached: \(photo.name)>\n"
        }
        try ZipMaker.write(
            [.init("_chat.txt", chat.joined())] + photos.map { .init($0.name, bytes: $0.bytes) }, to: archive)
        let output = folder.path("page.html")
        let run = CLIRunner.run(["render", archive, "-o", output, "-q"] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        return Self.images(try String(contentsOfFile: output, encoding: .utf8))
    }

    @Test(
        "A JPEG turned by 90° is inlined from a zip with its width and height swapped; others as stored",
        arguments: [
            (6, false, "240", "320"), (8, true, "240", "320"), (5, true, "240", "320"), (7, false, "240", "320"),
            (3, true, "320", "240"), (1, false, "320", "240"),
        ])
    func turned(orientation: Int, bigEndian: Bool, width: String, height: String) throws {
        let photo = Self.jpeg(
            width: 320, height: 240, head: Self.segment(0xE1, Self.exif(orientation, bigEndian: bigEndian)))
        let tag = try #require(try Self.zipPage([("00000001-PHOTO-2024-05-01-10-00-00.jpg", photo)]).first)
        #expect(Self.size(tag) == "\(width)×\(height)")
    }

    @Test("With --redact a JPEG loses its orientation with its EXIF, and keeps its stored size")
    func redacted() throws {
        let photo = Self.jpeg(width: 320, height: 240, head: Self.segment(0xE1, Self.exif(6, bigEndian: false)))
        let tag = try #require(
            try Self.zipPage([("00000001-PHOTO-2024-05-01-10-00-00.jpg", photo)], ["--redact"]).first)
        #expect(Self.size(tag) == "320×240")
        let data = try #require(tag.split(separator: ",").last?.split(separator: "\"").first)
        let inlined = try #require(Data(base64Encoded: String(data)))
        #expect(!inlined.contains(Data("Exif".utf8)))
    }

    @Test("A JPEG beside the log, its frame header after 100 KB of metadata, has its turned size")
    func besideTheLog() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // An ICC profile of 100 KB in two APP2 segments before the EXIF, as a camera may write.
        let icc = Self.segment(0xE2, [UInt8](repeating: 7, count: 50_000))
        let photo = Self.jpeg(
            width: 4032, height: 3024, head: icc + icc + Self.segment(0xE1, Self.exif(6, bigEndian: true)))
        _ = try folder.write("photo.jpg", bytes: photo)
        let log = try folder.write(
            "log.json",
            #"{"version": 1, "title": "T", "participants": [], "messages": [{"id": "m1", "sender": "ana", "time": "2024-05-01T10:00:00Z", "text": "", "attachments": [{"type": "image", "path": "photo.jpg"}]}]}"#
        )
        let output = folder.path("page.html")
        let run = CLIRunner.run(["render", log, "-o", output, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let tag = try #require(Self.images(try String(contentsOfFile: output, encoding: .utf8)).first)
        #expect(Self.size(tag) == "3024×4032")
    }

    /// EXIF as a stranger may write it: cut short, pointing past its end, claiming more entries
    /// than it holds, with an Orientation of the wrong type. None turns the image or stops the read.
    static let hostile: [(String, [UInt8])] = {
        let good = exif(6, bigEndian: false)
        var farOffset = good
        farOffset.replaceSubrange(10..<14, with: [0xFF, 0xFF, 0xFF, 0xFF])
        var manyEntries = exif(nil, bigEndian: false)
        manyEntries.replaceSubrange(14..<16, with: [0xFF, 0xFF])
        var wrongType = good
        wrongType.replaceSubrange(30..<32, with: [4, 0])
        var notTIFF = good
        notTIFF.replaceSubrange(8..<10, with: [0x2B, 0])
        return [
            ("cut inside IFD0", Array(good.prefix(24))), ("IFD0 at 4 GB", farOffset), ("65,535 entries", manyEntries),
            ("a LONG orientation", wrongType), ("not 42", notTIFF), ("no TIFF header", Array("Exif\0\0".utf8)),
            ("empty APP1", []),
        ]
    }()

    @Test("Broken EXIF leaves the stored size", arguments: hostile)
    func hostileEXIF(name: String, payload: [UInt8]) {
        let size = ImageSize.parse(Self.jpeg(width: 320, height: 240, head: Self.segment(0xE1, payload)))
        #expect(size?.width == 320 && size?.height == 240, "\(name)")
    }

    @Test("A hostile APP1 length that runs past the file leaves no size and no crash")
    func lengthPastTheEnd() {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + Array("Exif\0\0II*\0".utf8) + [8, 0, 0, 0, 1]
        #expect(ImageSize.parse(bytes) == nil)
    }
}
