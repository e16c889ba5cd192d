import Foundation
import ScrollbackLayout
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// WhatsApp's export read as the app shows it: the exporter's placeholder names, documents,
/// voice notes, contact cards, GIFs, places and the chat's name, from the fixtures and from
/// lines in the export's own shape.
@Suite("WhatsApp fidelity")
struct WhatsAppFidelityTests {
    static func fixture(_ path: String) throws -> ReadResult {
        let full = try #require(Fixtures.shared).appendingPathComponent("whatsapp/" + path).path
        return try Readers.read(try ChatInput.load(full))
    }

    @Test(
        "The exporter's placeholders (Du and You in one chat) are one person, on the right",
        .enabled(if: Fixtures.shared != nil))
    func placeholdersAreOnePerson() throws {
        let chat = try Self.fixture("whatsapp-export-tools/wet-exporter-placeholder/_chat.txt").conversations[0]
        #expect(Set(chat.messages.compactMap(\.sender)) == ["Du", "Person B"])
        #expect(chat.participants.map(\.id).sorted() == ["Du", "Person B"])
        #expect(chat.me == "Du")
    }

    @Test(
        "iOS writes a group's events under the group's name: that name is the title",
        .enabled(if: Fixtures.shared != nil))
    func iOSGroupName() throws {
        let chat = try Self.fixture("whatsapp-chat-parser-go/english_iphone-saved_contacts.txt").conversations[0]
        #expect(chat.title == "Super Group")
        #expect(!chat.participants.contains { $0.id == "Super Group" })
    }

    @Test("An encryption notice before the first message names the chat", .enabled(if: Fixtures.shared != nil))
    func noticeLineNamesChat() throws {
        let result = try Self.fixture("whatsapp-export-tools/wet-group-chat/_chat.txt")
        #expect(result.conversations[0].title == "Group Chat")
        #expect(result.report.skipped.isEmpty)
    }

    @Test("A zip named WhatsApp-Chat-NAME.zip gives the title and who is me")
    func dashedZipName() throws {
        let zip = StoredZip.make([("_chat.txt", "1/1/24, 10:00 - Ben: Hi\n1/1/24, 10:01 - Ana: Hey\n")])
        let result = try Readers.read(ChatInput(name: "WhatsApp-Chat-Ben.zip", bytes: zip, baseDirectory: "/tmp"))
        #expect(result.conversations[0].title == "Ben")
        #expect(result.conversations[0].me == "Ana")
    }

    @Test("An iOS document line (name • pages ‎<attached: …>) links the file and names the document")
    func iOSDocument() throws {
        let folder = try ImportTesting.folder(["00000011-report.pdf": "%PDF"])
        let text = "[20.06.19, 16:00:15] Loris: report.pdf • 3 pages \u{200E}<attached: 00000011-report.pdf>\n"
        let result = try ImportTesting.read(text, format: .whatsapp, baseDirectory: folder)
        let message = result.conversations[0].messages[0]
        #expect(message.text.isEmpty)
        #expect(message.attachments.first?.path == "00000011-report.pdf")
        #expect(message.attachments.first?.name == "report.pdf • 3 pages")
        #expect(result.report.warnings.isEmpty)
    }

    @Test("A voice note (PTT-….opus) is a voice message, a .vcf a contact card with its name and number")
    func voiceAndContact() throws {
        let card =
            "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Dee;Cy;;;\r\nFN:Cy Dee\r\nitem1.TEL;waid=49301234:+49 30 1234\r\nEND:VCARD\r\n"
        let folder = try ImportTesting.folder(["PTT-20240101-WA0001.opus": "x", "Cy Dee.vcf": card])
        let text = """
            1/1/24, 10:00 - Ana: PTT-20240101-WA0001.opus (file attached)
            1/1/24, 10:01 - Ana: Cy Dee.vcf (file attached)
            """
        let messages = try ImportTesting.read(text, format: .whatsapp, baseDirectory: folder).conversations[0].messages
        #expect(messages[0].attachments.first?.kind == .voice)
        let contact = try #require(messages[1].attachments.first)
        #expect(contact.kind == .contact && contact.path == "Cy Dee.vcf")
        #expect(contact.contact == ContactCard(name: "Cy Dee", phones: ["+49 30 1234"]))
    }

    @Test("iOS 'GIF omitted' is a GIF left out, not a photo")
    func gifOmitted() throws {
        let text = "[20.06.19, 16:00:15] Loris: \u{200E}GIF omitted\n"
        let transcript = try ImportTesting.transcript(text, format: .whatsapp)
        let gif = try #require(transcript.messages[0].attachments.first)
        #expect(gif.omitted)
        let layout = try LayoutEngine.layout(transcript)
        let bubble = try #require(layout.days.first?.chains.first?.bubbles.first)
        let shown = try #require(layout.presentation(of: bubble).attachments.first)
        #expect(shown.label.hasPrefix("GIF"))
    }

    @Test("A shared place without a name is shown by its coordinates, not by the map link's query")
    func placeLabel() throws {
        let text = "[20.06.19, 16:00:15] Loris: \u{200E}location: https://maps.google.com/?q=52.52,13.40\n"
        let transcript = try ImportTesting.transcript(text, format: .whatsapp)
        let layout = try LayoutEngine.layout(transcript)
        let bubble = try #require(layout.days.first?.chains.first?.bubbles.first)
        let shown = try #require(layout.presentation(of: bubble).attachments.first)
        #expect(shown.name == "52.52000, 13.40000")
        #expect(!shown.label.contains("?q="))
    }
}
