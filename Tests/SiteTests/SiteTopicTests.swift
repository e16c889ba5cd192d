import Foundation
import TestSupport
import Testing

@testable import ScrollbackSite

/// A channel's topic on the site: under the title of its pages, and under its name in the index.
@Suite("Site: channel topics")
struct SiteTopicTests {
    @Test("The topic shows under the conversation's title on its page and in the index, escaped")
    func topicShown() throws {
        let site = try SiteTest.folder()
        let fixture = try #require(Fixtures.shared).appendingPathComponent("discord/chat-analytics/SV_5A_5M.json").path
        let (summary, _) = try SiteTest.build([fixture], into: site)
        #expect(summary.conversations == 1)
        let index = try SiteTest.read(site, "index.html")
        #expect(index.contains("<p class=\"sb-conversation-topic\" dir=\"auto\">discuss chiptune stuff here</p>"))
        let page = try #require(SiteTest.files(site).first { $0.hasSuffix("2018-05.html") })
        let html = try SiteTest.read(site, page)
        #expect(
            html.contains(
                "<p class=\"sb-channel-topic\" dir=\"auto\"><span class=\"sb-sr\">Topic: </span>discuss chiptune stuff here</p>"
            ))
    }
}
