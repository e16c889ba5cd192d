import Foundation
import Scrollback
import TestSupport
import Testing

/// An export read from a zip is read from the zip only, its members cost what they really hold
/// (never what their headers claim, and at most the limits), and a zip that cannot be read says why.
@Suite("Zip exports")
struct ZipExportTests {
    /// The secrets that sit beside the zip, under the names its chat gives.
    static let key = "-----BEGIN OPENSSH PRIVATE KEY----- diskkey-7f3a91"
    static let pdf = "%PDF-1.4 disk-tax-return-5e21c0"

    /// A WhatsApp chat naming `.ssh/id_rsa`, `tax-return.pdf` and `photo.jpg`.
    static let chat = """
        [20.06.19, 15:58:53] John: \u{200E}<attached: .ssh/id_rsa>
        [20.06.19, 15:59:10] John: \u{200E}<attached: tax-return.pdf>
        [20.06.19, 16:00:15] Loris: \u{200E}<attached: photo.jpg>

        """

    /// A folder with `chat.zip` (the chat and dummy members of two of the names) beside real files
    /// of all three names.
    static func exportBesideSecrets() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path(".ssh"), withIntermediateDirectories: true)
        try Data(key.utf8).write(to: URL(fileURLWithPath: folder.path(".ssh/id_rsa")))
        try Data(pdf.utf8).write(to: URL(fileURLWithPath: folder.path("tax-return.pdf")))
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + Array("disk-photo-c4d2".utf8)).write(
            to: URL(fileURLWithPath: folder.path("photo.jpg")))
        try ZipMaker.write(
            [
                .init("_chat.txt", chat), .init(".ssh/id_rsa", "zip member key"),
                .init("tax-return.pdf", "%PDF-1.4 zip member"),
            ], to: folder.path("chat.zip"))
        return folder
    }

    /// Whether `text` holds any of the secrets, as they are or as a `data:` URL would.
    static func leaks(_ text: String) -> Bool {
        let secrets = [key, pdf, "disk-photo-c4d2"]
        let encoded = [Array(key.utf8), Array(pdf.utf8), [0xFF, 0xD8, 0xFF, 0xE0] + Array("disk-photo-c4d2".utf8)]
            .map { Data($0).base64EncodedString() }
        return (secrets + encoded).contains { text.contains($0) }
    }

    @Test("render of a zip never reads the files beside it that its chat names")
    func renderReadsOnlyTheZip() throws {
        let folder = try Self.exportBesideSecrets()
        defer { folder.remove() }
        let output = folder.path("page.html")
        let result = CLIRunner.run(["render", folder.path("chat.zip"), "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOfFile: output, encoding: .utf8)
        #expect(!Self.leaks(html))
        // The zip's own member is what the page holds.
        #expect(html.contains(Data("%PDF-1.4 zip member".utf8).base64EncodedString()))
    }

    @Test("render of a zip from standard input never reads the current folder")
    func renderFromStandardInput() throws {
        let folder = try Self.exportBesideSecrets()
        defer { folder.remove() }
        let zip = try Data(contentsOf: URL(fileURLWithPath: folder.path("chat.zip")))
        let result = try CLIRunner.spawn(
            ["render", "-", "--format", "html"], environment: [:], stdin: zip,
            currentDirectory: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("<html"))
        #expect(!Self.leaks(result.stdout))
    }

    @Test("site of a zip copies the zip's members, never the files beside it")
    func siteReadsOnlyTheZip() throws {
        let folder = try Self.exportBesideSecrets()
        defer { folder.remove() }
        let site = folder.path("site")
        let result = CLIRunner.run(["site", folder.path("chat.zip"), "-o", site])
        #expect(result.status == 0, "\(result.stderr)")
        var everything = ""
        for file in FileManager.default.enumerator(atPath: site)?.allObjects as? [String] ?? [] {
            if let data = FileManager.default.contents(atPath: site + "/" + file) {
                everything += String(decoding: data, as: UTF8.self)
            }
        }
        #expect(!everything.isEmpty)
        #expect(!Self.leaks(everything))
        #expect(everything.contains("%PDF-1.4 zip member"))
    }

    /// `bytes` with the size the zip's headers give for member `name` (decompressed) set to `size`.
    static func claiming(_ size: UInt32, for name: String, in bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        func set(_ at: Int) { for i in 0..<4 { bytes[at + i] = UInt8((size >> (8 * UInt32(i))) & 0xFF) } }
        var at = 0
        while at + 46 <= bytes.count {
            defer { at += 1 }
            guard bytes[at..<at + 4].elementsEqual([0x50, 0x4B, 0x01, 0x02]) else { continue }
            let nameLength = u16(at + 28)
            guard String(decoding: bytes[at + 46..<at + 46 + nameLength], as: UTF8.self) == name else { continue }
            set(at + 24)
            set(u32(at + 42) + 22)
        }
        return bytes
    }

    @Test("A member whose header claims 1 GiB costs what it holds: render runs in 400 MB of address space")
    func claimedSizeIsNotTrusted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let zip = try ZipMaker.bytes([
            .init("_chat.txt", "[20.06.19, 16:00:15] Loris: \u{200E}<attached: clip.mp4>\n"),
            .init("clip.mp4", "not really a video"),
        ])
        let claimed = Self.claiming(
            1 << 30 - 1, for: "clip.mp4", in: Self.claiming(1 << 30 - 1, for: "_chat.txt", in: zip))
        try Data(claimed).write(to: URL(fileURLWithPath: folder.path("bomb.zip")))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "ulimit -v 400000; exec \"$0\" render \"$1\" -o \"$2\"", CLIRunner.binary.path,
            folder.path("bomb.zip"), folder.path("page.html"),
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // Either the real bytes are read, or the zip is reported as damaged: never a crash.
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0 || stderr.contains("scrollback: error: "), "\(stderr)")
    }

    @Test("A site copies at most its limit out of a zip, and says what it left out")
    func siteCopyIsCapped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let chat = """
            [20.06.19, 15:58:53] John: \u{200E}<attached: small.jpg>
            [20.06.19, 16:00:15] Loris: \u{200E}<attached: bomb.mp4>

            """
        try ZipMaker.write(
            [
                .init("_chat.txt", chat), .init("small.jpg", bytes: [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]),
                .init("bomb.mp4", repeating: "\0", size: 100 << 20, method: .bzip2),
            ], to: folder.path("chat.zip"))
        let zipSize = try #require(
            try FileManager.default.attributesOfItem(atPath: folder.path("chat.zip"))[.size] as? Int)
        #expect(zipSize < 64 << 10)
        let site = folder.path("site")
        let result = CLIRunner.run(["site", folder.path("chat.zip"), "-o", site])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("attachment 'bomb.mp4' was left out"), "\(result.stderr)")
        let media = try FileManager.default.contentsOfDirectory(atPath: site + "/media")
        let sizes = try media.map {
            try FileManager.default.attributesOfItem(atPath: site + "/media/" + $0)[.size] as? Int ?? 0
        }
        #expect(media.count == 1)
        #expect(sizes.reduce(0, +) < 1 << 20)
    }

    @Test("A chat text member past 256 MiB decompressed is a clear error, not a read of it all")
    func chatTextIsBounded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try ZipMaker.write(
            [.init("_chat.txt", repeating: "[20.06.19, 15:58:53] John: hello\n", size: (256 << 20) + 1)],
            to: folder.path("big.zip"))
        let result = CLIRunner.run(["render", folder.path("big.zip"), "-o", folder.path("page.html")])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "big.zip: the zip member \"_chat.txt\" is larger than 256 MiB once decompressed"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("page.html")))
    }

    @Test("A truncated zip says it is truncated or damaged, not that its format is unknown")
    func truncatedZip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let zip = try ZipMaker.bytes([.init("_chat.txt", ZipExportTests.chat), .init("tax-return.pdf", "%PDF")])
        try Data(zip.prefix(zip.count / 2)).write(to: URL(fileURLWithPath: folder.path("cut.zip")))
        for extra in [[], ["--input-format", "whatsapp"]] {
            let result = CLIRunner.run(["render", folder.path("cut.zip"), "-o", folder.path("page.html")] + extra)
            #expect(result.status == 1)
            #expect(
                result.stderr.contains(
                    "scrollback: error: \(folder.path("cut.zip")): the zip archive is truncated or damaged ("),
                "\(result.stderr)")
        }
    }

    @Test("An encrypted zip says it is encrypted, not that its format is unknown")
    func encryptedZip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try ZipMaker.write(
            [.init("_chat.txt", ZipExportTests.chat, password: "secret")], to: folder.path("locked.zip"))
        for extra in [[], ["--input-format", "whatsapp"]] {
            let result = CLIRunner.run(["render", folder.path("locked.zip"), "-o", folder.path("page.html")] + extra)
            #expect(result.status == 1)
            #expect(
                result.stderr.contains(
                    "scrollback: error: \(folder.path("locked.zip")): the zip archive is encrypted; "
                        + "Scrollback cannot read encrypted exports."), "\(result.stderr)")
        }
    }

    @Test("A member named by many messages is decompressed once, and one past the inline limit is not inlined")
    func decompressedOnce() throws {
        let zip = try ZipMaker.bytes([
            .init("_chat.txt", "[20.06.19, 15:58:53] John: hi\n"), .init("clip.mp4", "a small video"),
            .init("notes.pdf", "%PDF-1.4 notes"), .init("big.mp4", repeating: "x", size: 9 << 20),
        ])
        let input = ChatInput(name: "chat.zip", bytes: zip)
        let archive = try #require(MediaArchive.zip(input))
        var messages: [Message] = []
        for number in 1...40 {
            var message = Message(
                id: "m\(number)", sender: "ben", time: Timestamp(seconds: 1_795_857_240 + Int64(number)), text: "file")
            message.attachments = [
                Attachment(path: "clip.mp4", type: "video/mp4", name: "clip.mp4"),
                Attachment(path: "notes.pdf", type: "application/pdf", name: "notes.pdf"),
                Attachment(path: "big.mp4", type: "video/mp4", name: "big.mp4"),
            ]
            messages.append(message)
        }
        var html = HTMLOptions()
        html.mediaArchive = archive
        let page = try Transcript(participants: [Participant(id: "ben")], messages: messages).render(
            .html, options: RenderOptions(html: html))
        #expect(page.contains(Data("a small video".utf8).base64EncodedString()))
        #expect(!page.contains(Data(repeating: UInt8(ascii: "x"), count: 3 << 10).base64EncodedString()))
        #expect(archive.reads(of: "clip.mp4") == 1)
        #expect(archive.reads(of: "notes.pdf") == 1)
        #expect(archive.reads(of: "big.mp4") == 1)
    }

    @Test("A self-contained page carries at most 8 MiB of one member, counting each time it shows it")
    func inlinedOncePerLimit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var chat = ""
        for second in 10..<15 { chat += "[20.06.19, 15:58:\(second)] John: \u{200E}<attached: clip.mp4>\n" }
        chat += "[20.06.19, 15:59:00] Loris: \u{200E}<attached: small.mp4>\n"
        try ZipMaker.write(
            [
                .init("_chat.txt", chat), .init("clip.mp4", repeating: "c", size: 2 << 20),
                .init("small.mp4", "a small video"),
            ], to: folder.path("chat.zip"))
        let page = folder.path("page.html")
        let run = CLIRunner.run(["render", folder.path("chat.zip"), "-o", page])
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // Five showings of 2 MiB would be 10 MiB of the page: the clip is left out each time.
        let clip = Data(repeating: UInt8(ascii: "c"), count: 3 << 10).base64EncodedString()
        #expect(!html.contains(clip))
        #expect(html.contains(Data("a small video".utf8).base64EncodedString()))
        #expect(
            run.stderr.contains(
                "note: attachment 'clip.mp4' was left out of the page: with it, the page would carry more than "
                    + "8 MiB of it (it is shown 5 times)."), "\(run.stderr)")
        let size = try FileManager.default.attributesOfItem(atPath: page)[.size] as? Int ?? 0
        #expect(size < 1 << 20)
    }

    @Test("A self-contained page carries at most 64 MiB and 8 times the zip's size out of the zip in all")
    func pageTotalIsCapped() throws {
        var entries: [ZipMaker.Member] = []
        var chat = ""
        for number in 0..<10 {
            chat += "[20.06.19, 15:58:1\(number)] John: \u{200E}<attached: clip\(number).mp4>\n"
            entries.append(.init("clip\(number).mp4", repeating: "clip \(number) ", size: 7 << 20))
        }
        let zip = try ZipMaker.bytes([.init("_chat.txt", chat)] + entries)
        let input = ChatInput(name: "chat.zip", bytes: zip)
        let transcript = try #require(try Readers.read(input).conversations.first)
        var html = HTMLOptions()
        html.mediaArchive = MediaArchive.zip(input)
        let notes = MediaNotes(transcript, options: html, inputName: "chat.zip").notes
        // Nine clips of 7 MiB fit under 64 MiB and a little; the tenth does not.
        #expect(
            notes == [
                "chat.zip: attachment 'clip9.mp4' was left out of the page: with it, the page would carry more than "
                    + "\((html.mediaArchive?.copyLimit ?? 0) >> 20) MiB out of the zip in all (64 MiB and 8 times the zip's size)."
            ], "\(notes)")
    }

    @Test("serve of one zip shows the zip's own member and serves nothing from beside it")
    func serveReadsOnlyTheZip() throws {
        let folder = try Self.exportBesideSecrets()
        defer { folder.remove() }
        let run = try CLIRunner.start(["serve", folder.path("chat.zip"), "--port", "0"])
        defer { run.process.terminate() }
        try #require(run.waitForStderr("(Ctrl-C stops)", seconds: 60), "\(run.stderr)")
        let address = try #require(
            run.stderr.components(separatedBy: "serving http://").last?.components(separatedBy: "/").first)
        let port = try #require(address.split(separator: ":").last.flatMap { Int($0) })
        let page = try Self.get("/", host: address, port: port)
        #expect(page.hasPrefix("HTTP/1.1 200"), "\(page.prefix(200))")
        #expect(!Self.leaks(page))
        #expect(page.contains(Data("%PDF-1.4 zip member".utf8).base64EncodedString()))
        for path in ["/photo.jpg", "/tax-return.pdf", "/.ssh/id_rsa", "/chat.zip"] {
            let response = try Self.get(path, host: address, port: port)
            #expect(response.hasPrefix("HTTP/1.1 404"), "\(path): \(response.prefix(100))")
            #expect(!Self.leaks(response))
        }
    }

    /// The reply to `GET path` from 127.0.0.1:`port`, read to its end.
    static func get(_ path: String, host: String, port: Int) throws -> String {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(connected == 0)
        let request = "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(descriptor, $0, strlen($0), 0) }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            reply += buffer[0..<count]
        }
        return String(decoding: reply, as: UTF8.self)
    }
}
