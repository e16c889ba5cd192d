import Foundation
import Scrollback
import TestSupport
import Testing

/// Under `--redact` and `--anonymize`, images lose their metadata (EXIF with GPS, XMP, IPTC,
/// comments) wherever Scrollback passes them on, and other files are left out with a note.
@Suite("Media under --redact and --anonymize", .serialized)
struct MediaPrivacyTests {
    /// What the metadata says; none of it may reach an output made with --redact.
    static let markers = ["Exif", "GPSLatitude", "Ana Lima", "xmpmeta", "8BIM", "secret comment", "TRAILER"]

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    static let jpegPixels: [UInt8] =
        segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        + segment(0xC0, [8, 0, 2, 0, 3, 1, 1, 0x11, 0])
        + segment(0xDA, [1, 1, 0, 0, 0x3F, 0]) + [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0x78]
    static let jfif = segment(0xE0, Array("JFIF\0".utf8) + [1, 2, 0, 0, 1, 0, 1, 0, 0])
    static let icc = segment(0xE2, Array("ICC_PROFILE\0\u{1}\u{1}profile".utf8))
    /// A JPEG's framing with every kind of metadata segment, a scan and bytes after its end.
    static let jpeg: [UInt8] =
        [0xFF, 0xD8] + jfif
        + segment(0xE1, Array("Exif\0\0MM\0*GPSLatitude Ana Lima".utf8))
        + segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Ana Lima</x:xmpmeta>".utf8)) + icc
        + segment(0xED, Array("Photoshop 3.0\08BIM Ana Lima".utf8))
        + segment(0xFE, Array("secret comment".utf8))
        + jpegPixels + [0xFF, 0xD9] + Array("TRAILER".utf8)

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let count = UInt32(data.count)
        return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
            + Array(type.utf8) + data + [1, 2, 3, 4]
    }

    static let pngPixels = chunk("IDAT", [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01])
    static let png: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0])
        + chunk("tEXt", Array("Author\0Ana Lima".utf8))
        + chunk("iTXt", Array("XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>".utf8))
        + chunk("zTXt", Array("Comment\0\0secret comment".utf8)) + chunk("eXIf", Array("MM\0*GPSLatitude".utf8))
        + pngPixels + chunk("IEND", []) + Array("TRAILER".utf8)

    static func riffChunk(_ code: String, _ data: [UInt8]) -> [UInt8] {
        let count = UInt32(data.count)
        return Array(code.utf8) + [UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count >> 16 & 0xFF), 0] + data
            + (data.count % 2 == 1 ? [0] : [])
    }

    static let webPPixels = riffChunk("VP8L", [0x2F, 2, 0, 0, 0x10, 7, 0x10, 0x11, 0x11])
    static var webP: [UInt8] {
        let body =
            Array("WEBP".utf8) + riffChunk("VP8X", [0x0C, 0, 0, 0, 2, 0, 0, 1, 0, 0]) + webPPixels
            + riffChunk("EXIF", Array("MM\0*GPSLatitude Ana Lima".utf8))
            + riffChunk("XMP ", Array("<x:xmpmeta>Ana Lima</x:xmpmeta>".utf8))
        let count = UInt32(body.count)
        return Array("RIFF".utf8) + [UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count >> 16 & 0xFF), 0] + body
    }

    static let vcard = "BEGIN:VCARD\nFN:Lee Chen\nEMAIL:lee@example.org\nTEL:+1 555 010 9999\nEND:VCARD\n"
    static let notes = "call lee@example.org about the keys\n"

    /// A folder with a log sending a JPEG, a PNG and a WebP photo, a contact card and a text file.
    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("in"), withIntermediateDirectories: true)
        try folder.write("in/photo.jpg", bytes: jpeg)
        try folder.write("in/shot.png", bytes: png)
        try folder.write("in/pic.webp", bytes: webP)
        try folder.write("in/lee.vcf", vcard)
        try folder.write("in/notes.txt", notes)
        let attachments = [
            ("photo.jpg", "image/jpeg"), ("shot.png", "image/png"), ("pic.webp", "image/webp"), ("lee.vcf", "file"),
            ("notes.txt", "file"),
        ].enumerated().map { index, item in
            #"{"id": "m\#(index + 1)", "sender": "ben", "time": "2026-11-28T09:1\#(index):00Z", "text": "here", "#
                + #""attachments": [{"path": "\#(item.0)", "type": "\#(item.1)", "name": "\#(item.0)"}]}"#
        }
        try folder.write("in/chat.json", Hostile.nativeLog(attachments))
        return folder
    }

    /// The decoded bytes of every `data:` URL in `html`, as Latin-1 text (every byte kept).
    static func dataURLs(_ html: String) -> [String] {
        html.components(separatedBy: ";base64,").dropFirst().compactMap { part in
            let base64 = part.prefix { $0 != "\"" && $0 != "'" && $0 != ")" }
            return Data(base64Encoded: String(base64)).map { latin1([UInt8]($0)) }
        }
    }

    static func latin1(_ bytes: [UInt8]) -> String { String(bytes.map { Character(Unicode.Scalar($0)) }) }

    @Test("Metadata is taken out of JPEG, PNG and WebP files and the picture's bytes kept as they are")
    func stripping() throws {
        let jpeg = try #require(ImageMetadata.stripped(Self.jpeg))
        let png = try #require(ImageMetadata.stripped(Self.png))
        let webP = try #require(ImageMetadata.stripped(Self.webP))
        for (name, image) in [("jpeg", jpeg), ("png", png), ("webp", webP)] {
            for marker in Self.markers { #expect(!Self.latin1(image).contains(marker), "\(name): \(marker)") }
        }
        #expect(jpeg == [0xFF, 0xD8] + Self.jfif + Self.icc + Self.jpegPixels + [0xFF, 0xD9])
        #expect(png.starts(with: Self.png.prefix(33)))
        #expect(Self.latin1(png).hasSuffix(Self.latin1(Self.pngPixels + Self.chunk("IEND", []))))
        #expect(Self.latin1(webP).contains(Self.latin1(Self.webPPixels)))
        #expect(webP[20] == 0)  // VP8X no longer claims EXIF or XMP
        #expect(Int(webP[4]) | Int(webP[5]) << 8 == webP.count - 8)
        #expect(ImageMetadata.stripped(Array("GIF89a".utf8)) == nil)
        #expect(ImageMetadata.stripped(Array(Self.jpeg.prefix(40))) == nil)
    }

    @Test("--redact and --anonymize inline images without metadata and leave other files out with a note")
    func renderedPage() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let chat = folder.path("in/chat.json")
        func render(_ options: [String]) throws -> (html: String, stderr: String) {
            let page = folder.path("page.html")
            let run = CLIRunner.run(["render", chat, "-o", page] + options)
            try #require(run.status == 0, "\(run.stderr)")
            return (try String(contentsOfFile: page, encoding: .utf8), run.stderr)
        }
        let plainData = Self.dataURLs(try render([]).html).joined()
        for marker in ["Exif", "GPSLatitude", "xmpmeta", "Ana Lima"] {
            #expect(plainData.contains(marker), "\(marker)")
        }
        #expect(plainData.contains("BEGIN:VCARD") && plainData.contains("call lee@example.org"))

        for option in ["--redact", "--anonymize"] {
            let run = try render([option])
            let decoded = Self.dataURLs(run.html)
            #expect(decoded.count >= 3, "\(option): the three images are inlined")
            for marker in Self.markers { #expect(!decoded.joined().contains(marker), "\(option): \(marker)") }
            #expect(decoded.joined().contains(Self.latin1(Self.jpegPixels)))
            #expect(!decoded.joined().contains("VCARD") && !decoded.joined().contains("lee@example"))
            #expect(run.html.contains("lee.vcf") && run.html.contains("notes.txt"))
            #expect(
                run.stderr.contains(#"note: "#)
                    && run.stderr.contains(#"message 4 (id "2026-11-28-4"): attachment 'lee.vcf' was left out"#),
                "\(run.stderr)")
            #expect(run.stderr.contains(#"message 5 (id "2026-11-28-5"): attachment 'notes.txt' was left out"#))
        }
    }

    @Test("A site built with --redact copies images without metadata and leaves other files out")
    func siteCopies() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let chat = folder.path("in/chat.json")
        func media(_ site: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: site + "/media").sorted().map { name in
                Self.latin1([UInt8](try Data(contentsOf: URL(fileURLWithPath: site + "/media/" + name))))
            }
        }
        let plain = CLIRunner.run(["site", chat, "-o", folder.path("plain")])
        try #require(plain.status == 0, "\(plain.stderr)")
        let plainFiles = try media(folder.path("plain")).joined()
        #expect(plainFiles.contains("GPSLatitude") && plainFiles.contains("xmpmeta") && plainFiles.contains("VCARD"))

        let redacted = CLIRunner.run(["site", chat, "-o", folder.path("redacted"), "--redact"])
        try #require(redacted.status == 0, "\(redacted.stderr)")
        let files = try media(folder.path("redacted"))
        #expect(files.count == 3)
        for marker in Self.markers { #expect(!files.joined().contains(marker), "\(marker)") }
        #expect(!files.joined().contains("VCARD") && !files.joined().contains("lee@example"))
        #expect(files.joined().contains(Self.latin1(Self.jpegPixels)))
        #expect(redacted.stderr.contains("attachment 'lee.vcf' was left out"), "\(redacted.stderr)")
    }
}
