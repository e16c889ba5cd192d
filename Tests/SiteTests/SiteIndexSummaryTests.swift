import Foundation
import Scrollback
import TestSupport
import Testing

/// What the site's index says of each conversation, on a site of real exports: the last message
/// in the words a reader sees, and each person named once.
@Suite("Site index previews and participant lists")
struct SiteIndexSummaryTests {
    /// The index of a site of a Slack workspace (a bot that posts under two ids, commit messages
    /// in Markdown) and a ChatGPT export (whose person is "You").
    static func index() throws -> String {
        let fixtures = try #require(Fixtures.shared)
        let site = try SiteTest.folder()
        try SiteTest.build(
            [
                fixtures.appendingPathComponent("slack/slack-export-viewer/testarchive").path,
                fixtures.appendingPathComponent("chatgpt/chatgpt-explorer/conversations.json").path,
            ], into: site)
        return try SiteTest.read(site, "index.html")
    }

    /// The text of each element of the index with `class`, tags left out.
    static func texts(_ html: String, class name: String) -> [String] {
        html.components(separatedBy: "class=\"\(name)\"").dropFirst().map { part in
            let inside = part.drop { $0 != ">" }.dropFirst()
            let element = inside.prefix { $0 != "\n" }.components(separatedBy: "</p>")[0]
            return element.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression)
        }
    }

    @Test("A preview shows the last message's words, not its Markdown")
    func previews() throws {
        let previews = Self.texts(try Self.index(), class: "sb-conversation-last")
        #expect(previews.count == 7)
        #expect(
            previews.contains("github: [pyrallelsa:master] 1 new commit by hfaran: bbdeefd: Add 200 cities pd - hfaran")
        )
        for preview in previews {
            #expect(!preview.contains(#"\["#) && !preview.contains("](http"), "\(preview)")
        }
    }

    @Test("A participant list names a bot once and never says You (you)")
    func participants() throws {
        let lists = Self.texts(try Self.index(), class: "sb-conversation-people")
        #expect(lists.count == 7)
        // #enrique: GitHub's bot posts under two bot ids, both named github.
        #expect(lists.contains("hamza, abilinski, github, heroeshannibal, doubledeez"))
        #expect(lists.filter { $0 == "You, ChatGPT" }.count == 5)
        for list in lists {
            let names = list.components(separatedBy: ", ")
            #expect(Set(names).count == names.count, "\(list)")
            #expect(!list.contains("You (you)"), "\(list)")
        }
    }
}
