import Foundation
import ScrollbackModel
import Testing

@testable import ScrollbackReaders

/// Each import, laid out and written as layout JSON: the days, chains and reply links a reader sees.
@Suite("Import round trips through the layout")
struct ImportRoundTripTests {
    @Test("WhatsApp: a day change splits days, a long pause and a system line split chains")
    func whatsapp() throws {
        let text = """
            31/1/24, 09:00 - Ana: one
            31/1/24, 09:01 - Ana: two
            31/1/24, 09:30 - Ana: after a pause
            31/1/24, 09:31 - Ben joined using this group's invite link
            1/2/24, 10:00 - Ben: next day
            """
        let layout = try ImportTesting.layout(try ImportTesting.transcript(text, format: .whatsapp))
        #expect(layout.dates == ["2024-01-31", "2024-02-01"])
        #expect(layout.chainIDs == [["m1", "m2"], ["m3"], ["m4"], ["m5"]])
        #expect(layout.chainSenders == ["Ana", "Ana", nil, "Ben"])
    }

    @Test("Telegram: replies link to their message, and days follow the exporter's offset")
    func telegram() throws {
        let layout = try ImportTesting.layout(
            try ImportTesting.transcript(TelegramImportTests.chat, name: "r.json", format: .telegram))
        // 00:30 at UTC+1 on 2 March is still 1 March in UTC; the export's own offset keeps it on the 2nd.
        #expect(layout.dates == ["2024-03-01", "2024-03-02"])
        #expect(layout.replies == ["2": "1"])
        #expect(layout.chainSenders.first == "user1")
    }

    @Test("Slack: a thread reply quotes its parent and each day file's messages sit on their day")
    func slack() throws {
        let folder = try ImportTesting.folder(SlackImportTests.workspace)
        let general = try Readers.read(ChatInput(directory: folder)).conversations[0]
        let layout = try ImportTesting.layout(general)
        #expect(layout.dates == ["2024-03-01", "2024-03-02"])
        #expect(layout.replies == ["1709280120.000300": "1709280060.000200"])
        #expect(layout.chainSenders == [nil, "U1", "U2", "B1", "U1"])
    }

    @Test("Discord: the reply points at the referenced message and the pinned event is a system chain")
    func discord() throws {
        let layout = try ImportTesting.layout(
            try ImportTesting.transcript(DiscordImportTests.export, name: "d.json", format: .discord))
        #expect(layout.replies == ["11": "10"])
        #expect(layout.dates == ["2024-05-01", "2024-05-02"])
        #expect(layout.chains.last?["kind"] as? String == "system")
    }

    @Test("ChatGPT: hidden tool messages leave the user and assistant chains, user on the right")
    func chatgpt() throws {
        let result = try ImportTesting.read(ChatGPTImportTests.export, name: "c.json", format: .chatgpt)
        let layout = try ImportTesting.layout(result.conversations[0])
        #expect(layout.chainIDs == [["u1"], ["a1", "a2"]])
        #expect(layout.chains.first?["alignment"] as? String == "trailing")
        #expect(layout.chains.last?["alignment"] as? String == "leading")
    }
}
