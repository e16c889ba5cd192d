import Foundation
import Scrollback
import Testing

@Suite("File URLs beside paths")
struct FileURLTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")
    static let log = examples.appendingPathComponent("weekend-plans.json")
    static let remote = URL(string: "https://example.com/weekend-plans.json")!

    @Test("A log read from a file URL is the log read from its path")
    func transcriptFromURL() throws {
        let byURL = try Transcript.load(url: Self.log)
        let byPath = try Transcript.load(path: Self.log.path)
        #expect(byURL == byPath)
        #expect(!byURL.messages.isEmpty)
    }

    @Test("An input read from a file URL gives its conversations and the reader's report")
    func inputFromURL() throws {
        let result = try Readers.read(ChatInput.load(url: Self.log))
        #expect(result.format == .scrollback)
        #expect(result.conversations.count == 1)
        #expect(result.report.messagesRead == result.conversations[0].messages.count)
    }

    @Test("A URL that is not a file URL is refused with an error that quotes it")
    func remoteURLRefused() {
        #expect {
            try Transcript.load(url: Self.remote)
        } throws: { error in
            String(describing: error)
                == "\"https://example.com/weekend-plans.json\" is not a file URL; only files and folders on this machine can be read."
        }
        #expect(throws: ReadError.self) { try ChatInput.load(url: Self.remote) }
        #expect(throws: ReadError.self) { try SiteInput(url: Self.remote) }
    }

    @Test("A site builds into the folder a file URL names, and not into another URL")
    func siteIntoURL() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scrollback-url-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try SiteBuilder.build([SiteInput(url: Self.log)], into: folder, options: SiteOptions())
        #expect(summary.conversations == 1)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path))

        #expect {
            try SiteBuilder.build(
                [SiteInput(url: Self.log)], into: URL(string: "https://example.com/site/")!, options: SiteOptions())
        } throws: { error in
            String(describing: error).hasPrefix("https://example.com/site/: cannot write the site:")
        }
    }
}
