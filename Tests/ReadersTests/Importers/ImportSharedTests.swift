import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

@Suite("Import building blocks")
struct ImportSharedTests {
    @Test(
        "Plain text is escaped so it renders as typed",
        arguments: [
            ("2*3*4", #"2\*3\*4"#),
            ("# not a heading", ##"\# not a heading"##),
            ("1. not a list", #"1\. not a list"#),
            ("- not a bullet", #"\- not a bullet"#),
            ("a_b_c <i>x</i> [l](u) `c` | ~s~ &amp;", #"a\_b\_c \<i\>x\</i\> \[l\](u) \`c\` \| \~s\~ \&amp;"#),
            ("line one\nline two", "line one  \nline two"),
            ("    indented", "\u{00A0}\u{00A0}\u{00A0}\u{00A0}indented"),
            ("C# and 3.5", "C# and 3.5"),
        ])
    func escaping(_ pair: (String, String)) {
        #expect(MarkdownText.escape(pair.0) == pair.1)
    }

    @Test("Code spans hold backticks and code blocks hold fences")
    func code() {
        #expect(MarkdownText.codeSpan("a`b") == "``a`b``")
        #expect(MarkdownText.codeSpan("`x`") == "`` `x` ``")
        #expect(MarkdownText.codeBlock("```\nx", language: "md") == "\n\n````md\n```\nx\n````\n\n")
    }

    @Test(
        "Attachment paths stay inside the input's folder",
        arguments: [
            ("photos/a.jpg", "photos/a.jpg"), ("./a.jpg", "a.jpg"), ("a//b.jpg", "a/b.jpg"),
            ("../a.jpg", nil), ("photos/../../a.jpg", nil), ("/etc/passwd", nil), ("C:\\x.jpg", nil),
            ("file:///etc/passwd", nil), ("~/a.jpg", nil), ("", nil),
        ] as [(String, String?)])
    func paths(_ pair: (String, String?)) {
        #expect(AttachmentPaths.safeRelativePath(pair.0) == pair.1)
    }

    @Test("A WhatsApp export folder is read from its chat file, with attachments linked beside it")
    func whatsappFolder() throws {
        let folder = try ImportTesting.folder([
            "_chat.txt":
                "[20.06.19, 16:00:15] Loris: \u{200E}<attached: 01-PHOTO.jpg>\n[20.06.19, 16:01:00] Emily: Cool\n",
            "01-PHOTO.jpg": "jpeg",
        ])
        let input = ChatInput(directory: folder)
        #expect(try Readers.detect(input) == .whatsapp)
        let result = try Readers.read(input)
        #expect(result.conversations[0].messages[0].attachments.first?.path == "01-PHOTO.jpg")
        #expect(result.report.warnings.isEmpty)
    }

    @Test(
        "An export folder lists its files below it: hidden files, folders, links out of it and __MACOSX left out, links inside kept"
    )
    func folderListing() throws {
        let outside = try TemporaryFolder()
        let folder = try TemporaryFolder()
        defer {
            outside.remove()
            folder.remove()
        }
        let secret = try outside.write("secret.json", "{}")
        try outside.write("more/deep.json", "{}")
        for name in ["a.json", "sub/b.json", "sub/.hidden.json", ".hid/seen.json", "__MACOSX/._a.json"] {
            try folder.write(name, "{}")
        }
        let links = FileManager.default
        try links.createSymbolicLink(atPath: folder.path("out.json"), withDestinationPath: secret)
        try links.createSymbolicLink(atPath: folder.path("outdir"), withDestinationPath: outside.url.path)
        try links.createSymbolicLink(atPath: folder.path("in.json"), withDestinationPath: folder.path("a.json"))
        try links.createSymbolicLink(atPath: folder.path("indir"), withDestinationPath: folder.path("sub"))
        try links.createSymbolicLink(atPath: folder.path("loop"), withDestinationPath: folder.url.path)
        let listed = ExportFiles.directory(folder.url.path)
        #expect(listed.paths == ["a.json", "in.json", "sub/b.json"])
        #expect(listed.contents("sub/b.json").map { Array($0) } == Array("{}".utf8))
        #expect(ExportFiles.directory(folder.url.path + "/").paths == listed.paths)
    }

    @Test("A corrupt zip is an error that names the file, not a crash")
    func corruptZip() {
        let bytes = ZipArchive.signature + [UInt8](repeating: 0x41, count: 64)
        #expect(throws: ReadError.self) {
            try Readers.read(ChatInput(name: "bad.zip", bytes: bytes), format: .whatsapp)
        }
        #expect(throws: ReadError.self) { try Readers.read(ChatInput(name: "bad.zip", bytes: bytes), format: .slack) }
    }

    @Test("Import JSON errors carry the line and column of the problem")
    func jsonErrors() {
        let text = "{\"name\": \"x\",\n \"messages\": [1, }\n"
        #expect {
            try ImportTesting.read(text, name: "result.json", format: .telegram)
        } throws: { error in
            (error as? ReadError)?.description.hasPrefix("result.json:2:") ?? false
        }
    }

    @Test(
        "Unix times are read the same however they are written",
        arguments: [
            ("digits", JSONValue.Kind.string("1704888000"), 1_704_888_000, 0),
            ("number", .number("1704888000"), 1_704_888_000, 0),
            ("fraction", .number("1704067200.123"), 1_704_067_200, 123_000_000),
            ("negative", .string("-5"), -5, 0),
            ("leading zeros", .string("0001"), 1, 0),
            ("exponent", .number("1e3"), 1000, 0),
            ("plus sign", .string("+5"), 5, 0),
        ] as [(String, JSONValue.Kind, Int64, Int32)])
    func unixTimes(_ label: String, _ written: JSONValue.Kind, _ seconds: Int64, _ nanoseconds: Int32) {
        let time = ImportJSON.unixTime(JSONValue(written, offset: 0))
        #expect(time?.seconds == seconds, "\(label)")
        #expect(time?.nanoseconds == nanoseconds, "\(label)")
    }

    @Test("Text that is no unix time gives none", arguments: ["", "-", "12345678901234", "1704888000x", "abc"])
    func notUnixTimes(_ written: String) {
        #expect(ImportJSON.unixTime(JSONValue(.string(written), offset: 0)) == nil)
        #expect(ImportJSON.unixTime(nil) == nil)
    }
}
