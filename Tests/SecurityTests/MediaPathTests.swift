import Foundation
import Scrollback
import TestSupport
import Testing

/// The HTML renderer inlines images only from inside the input's folder, and only regular files.
@Suite("Media paths in HTML", .serialized)
struct MediaPathTests {
    /// A 3×2 PNG header: enough for the renderer to read a size and inline it.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 3, 0, 0, 0, 2,
        8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89,
    ]

    /// An input folder `in/` with one image, beside a secret image outside it, and links of every kind.
    struct Layout {
        let root: TemporaryFolder
        var input: String { root.path("in") }

        init() throws {
            root = try TemporaryFolder()
            for folder in ["in", "out"] {
                try FileManager.default.createDirectory(atPath: root.path(folder), withIntermediateDirectories: true)
            }
            try Data(MediaPathTests.png).write(to: URL(fileURLWithPath: root.path("in/ok.png")))
            try Data(MediaPathTests.png + Array("SECRET".utf8)).write(
                to: URL(fileURLWithPath: root.path("out/secret.png")))
            let manager = FileManager.default
            try manager.createSymbolicLink(
                atPath: root.path("in/link.png"), withDestinationPath: root.path("out/secret.png"))
            try manager.createSymbolicLink(atPath: root.path("in/dir"), withDestinationPath: root.path("out"))
            try manager.createSymbolicLink(atPath: root.path("in/inside.png"), withDestinationPath: "ok.png")
            try Data(MediaPathTests.png).write(to: URL(fileURLWithPath: root.path("in/we\nird.png")))
            #expect(mkfifo(root.path("in/fifo.png"), 0o644) == 0)
        }
    }

    /// The page for one message whose attachment and Markdown image both name `path`.
    static func page(_ path: String, folder: String, selfContained: Bool = true) throws -> String {
        var message = Message(
            id: "m1", sender: "ben", time: Timestamp(seconds: 1_795_857_240),
            text: "![i](\(path.replacingOccurrences(of: "\n", with: "%0A")))")
        message.attachments = [Attachment(path: path, type: "image/png", name: path, alt: "alt")]
        let transcript = Transcript(participants: [Participant(id: "ben", avatar: path)], messages: [message])
        return try transcript.render(
            .html, options: RenderOptions(html: HTMLOptions(selfContained: selfContained, mediaBaseDirectory: folder)))
    }

    /// The base64 of the secret file, as an inlined data URL would hold it.
    static let secret = Data(png + Array("SECRET".utf8)).base64EncodedString()

    @Test(
        "Paths that leave the input's folder are never read or linked",
        arguments: [
            "../out/secret.png", "/ABS/out/secret.png", "link.png", "dir/secret.png", "%2e%2e/out/secret.png",
            "ok.png/../../out/secret.png", "./../out/secret.png", "..\\out\\secret.png", "file:///ABS/out/secret.png",
        ])
    func escapingPaths(path: String) throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        let resolved = path.replacingOccurrences(of: "/ABS", with: layout.root.url.path)
        for selfContained in [true, false] {
            let html = try Self.page(resolved, folder: layout.input, selfContained: selfContained)
            #expect(!html.contains(Self.secret))
            #expect(!html.contains("SECRET"))
            for element in HTMLScan.elements(html) where element.name == "img" {
                #expect(Bool(false), "an image was shown for \(path): \(element)")
            }
        }
    }

    @Test("An image inside the folder, or a symlink that stays inside, is inlined, its path percent-encoded or not")
    func insidePaths() throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        for path in ["ok.png", "inside.png", "./ok.png", "ok%2Epng", "%6Fk.png"] {
            let html = try Self.page(path, folder: layout.input)
            #expect(html.contains("src=\"data:image/png;base64,\(Data(Self.png).base64EncodedString())\""), "\(path)")
        }
    }

    @Test("A named pipe in the folder is not opened (reading it would wait forever)")
    func fifoIsSkipped() throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        let html = try Self.page("fifo.png", folder: layout.input)
        #expect(!html.contains("data:image"))
    }

    @Test("A file name with a newline or slashes is escaped text, never markup or a second path")
    func oddNames() throws {
        let layout = try Layout()
        defer { layout.root.remove() }
        let html = try Self.page("we\nird.png", folder: layout.input)
        #expect(html.contains("src=\"data:image/png;base64,"))
        let baseline = try Transcript(participants: [Participant(id: "ana")]).render(.html)
        #expect(HostileHTMLTests.problems(html, baseline: baseline, inlinedImages: true).isEmpty)
        // Linked rather than inlined (as a site links media): the name reaches a URL and the avatar's CSS.
        let linked = try Self.page("we\nird.png", folder: layout.input, selfContained: false)
        let linkedBaseline = try Transcript(participants: [Participant(id: "ana")]).render(
            .html, options: RenderOptions(html: HTMLOptions(selfContained: false)))
        #expect(HostileHTMLTests.problems(linked, baseline: linkedBaseline).isEmpty)
        var message = Message(id: "m1", sender: "ben", time: Timestamp(seconds: 1_795_857_240))
        message.attachments = [Attachment(path: "a/b/../c.pdf", name: "x/../../<b>y</b>\nz.pdf")]
        let page = try Transcript(messages: [message]).render(.html)
        #expect(page.contains("x/../../&lt;b&gt;y&lt;/b&gt;\nz.pdf"))
    }
}
