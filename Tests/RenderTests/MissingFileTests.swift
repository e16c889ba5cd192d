import Foundation
import TestSupport
import Testing

/// A file the export names but does not hold says "not in the export" in words, the same in the
/// page, the site, text, ANSI and layout JSON (not only by the page's style).
@Suite("Files the export names but does not hold")
struct MissingFileTests {
    /// A WhatsApp chat whose four attachments were exported without their files: the `.txt` of
    /// the zip beside it, read on its own.
    static var chat: URL {
        get throws {
            try #require(Fixtures.shared).appendingPathComponent("whatsapp/whatsapp-chat-parser-website/_chat.txt")
        }
    }
    static let photo = "00000001-PHOTO-2019-06-20-16-00-15.jpg"

    static func render(_ input: String, _ format: String) throws -> String {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("out." + format).path
        let run = CLIRunner.run(["render", input, "--format", format, "-o", output, "--width", "120", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    @Test("The page says it in words beside each missing file's name, as screen readers read it")
    func html() throws {
        let html = try Self.render(try Self.chat.path, "html")
        let note = #" <span class="sb-file-size sb-missing-note">not in the export</span>"#
        #expect(html.components(separatedBy: note).count - 1 == 4)
        #expect(html.contains(#"<span class="sb-file sb-kind-image sb-missing">"#))
        #expect(html.contains(#"<span class="sb-file-name" dir="auto">\#(Self.photo)</span>"#))
    }

    @Test("Text, ANSI and layout JSON say it with the same words", arguments: ["text", "ansi", "json"])
    func otherOutputs(_ format: String) throws {
        let output = try Self.render(try Self.chat.path, format)
        #expect(output.contains("Photo: \(Self.photo) · not in the export"))
        #expect(output.components(separatedBy: "not in the export").count - 1 == (format == "json" ? 8 : 4))
    }

    @Test("A site words it as render does")
    func site() throws {
        let folder = try TemporaryFolder()
        let run = CLIRunner.run(["site", try Self.chat.path, "-o", folder.url.path, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let pages = try FileManager.default.subpathsOfDirectory(atPath: folder.url.path).filter {
            $0.hasSuffix(".html") && $0.contains("/") && !$0.hasPrefix("search")
        }
        let html = try pages.map { try String(contentsOfFile: folder.url.path + "/" + $0, encoding: .utf8) }.joined()
        let note = #" <span class="sb-file-size sb-missing-note">not in the export</span>"#
        #expect(html.components(separatedBy: note).count - 1 == 4)
    }

    @Test("The same chat read from its zip, which holds every file, says nothing is missing")
    func zipHoldsThem() throws {
        let zip = try #require(Fixtures.shared).appendingPathComponent(
            "whatsapp/whatsapp-chat-parser-website/whatsapp-chat-parser-example.zip")
        for format in ["html", "text", "json"] {
            #expect(!(try Self.render(zip.path, format)).contains("not in the export"), "\(format)")
        }
    }
}
