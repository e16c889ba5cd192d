import Foundation
import Scrollback
import ScrollbackServe
import TestSupport
import Testing

@testable import ScrollbackCLI

@Suite("serve with several inputs")
struct ServeSiteTests {
    /// A JSON Lines log of `count` messages between Ana and `other`.
    static func log(_ other: String, count: Int) -> String {
        var lines = [
            #"{"type":"conversation","title":"With \#(other)","participants":[{"id":"ana","name":"Ana"},{"id":"\#(other)","name":"\#(other)"}]}"#
        ]
        for number in 1...count {
            let sender = number % 2 == 0 ? "ana" : other
            lines.append(
                #"{"id":"m\#(number)","sender":"\#(sender)","time":"2026-11-2\#(number % 5)T10:\#(10 + number):00Z","text":"note \#(number)"}"#
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("A change to one conversation reads again its pages and the index, not every conversation's")
    func oneConversationChanged() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let paths = try ["ben", "cy", "dee"].map { try folder.write("\($0).jsonl", Self.log($0, count: 6)) }
        let arguments = try Arguments.parse(paths, specs: OptionCatalog.specs(for: .serve), command: "serve")
        let console = Console(out: { _ in }, err: { _ in }, environment: [:])
        let site = try ServeSite(
            inputs: paths, arguments: arguments, options: try SharedOptions.renderOptions(arguments, console: console),
            // A token of its own: the site's private folder is named after it and the process.
            token: "one-change", console: console)
        defer { site.remove() }
        let pages = site.pagesRead
        let handle = try #require(FileHandle(forWritingAtPath: paths[1]))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"id":"m7","sender":"cy","time":"2026-11-22T11:00:00Z","text":"one more"}"#.utf8 + [10]))
        try handle.close()
        site.refresh(nil)

        // Cy's page and calendar and the index: the others' pages were kept as they were.
        #expect(site.pagesRead == 3, "of \(pages)")
        #expect(pages >= 8)
        var shown = 0
        for (address, resource) in site.resources where address.hasSuffix(".html") {
            guard case .page(let channel) = resource else { continue }
            let file = try String(contentsOfFile: site.folder + address, encoding: .utf8)
            #expect(channel.snapshot().document.page == file, "\(address)")
            if file.contains("one more") { shown += 1 }
        }
        #expect(shown >= 1)
    }
}
