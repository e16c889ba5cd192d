import Foundation
import Scrollback
import ScrollbackModel
import TestSupport
import Testing

@Suite("--anonymize in file names, handles and mentions")
struct AnonymizedNameTests {
    static func message(_ id: String, _ sender: String, _ text: String, attachments: [ScrollbackModel.Attachment] = [])
        -> Message
    {
        Message(id: id, sender: sender, time: Timestamp(seconds: Int64(id) ?? 0), text: text, attachments: attachments)
    }

    @Test("Names in attachment file names get the pseudonym; a name the path alone shows does too")
    func fileNames() {
        let transcript = Transcript(
            participants: [Participant(id: "ana", name: "Ana Lima"), Participant(id: "c", name: "Chiara Rossi")],
            messages: [
                Self.message(
                    "1", "ana", "files",
                    attachments: [
                        ScrollbackModel.Attachment(path: "files/Ana_Lima_notes.txt", name: "Ana_Lima_notes.txt"),
                        ScrollbackModel.Attachment(path: "contacts/Chiara Rossi.vcf"),
                        ScrollbackModel.Attachment(path: "photos/IMG_0001.jpg"),
                    ]),
                Self.message("2", "c", "hi"),
            ])
        let result = Anonymizer().apply(transcript)
        let names = result.messages[0].attachments.map(\.name)
        #expect(names == ["Person 1_notes.txt", "Person 2.vcf", nil])
    }

    @Test("A WhatsApp mention of a phone number becomes the pseudonym's mention")
    func phoneMentions() {
        let transcript = Transcript(
            participants: [Participant(id: "+44 7700 900123", name: "+44 7700 900123"), Participant(id: "b")],
            messages: [
                Self.message("1", "+44 7700 900123", "hello"),
                Self.message("2", "b", "@447700900123 are you in? call +44 7700 900123"),
            ])
        let result = Anonymizer().apply(transcript)
        #expect(result.messages[1].text == "@Person 1 are you in? call Person 1")
    }

    @Test(
        "Role ids and numbers inside longer numbers stay; numeric ids are replaced only as mentions",
        arguments: [
            ("user", "User", "Can user help me?", "Can user help me?"),
            ("you", "You", "Can you help me?", "Can you help me?"),
            ("assistant", "Assistant", "the assistant said", "the assistant said"),
            ("12", "12", "call +1 555 12 34 or 5551234", "call +1 555 12 34 or 5551234"),
            ("12", "12", "thanks <@12> and @12!", "thanks <@Person 1> and @Person 1!"),
            // Part of an address, as importers escape its `_` (redaction then takes the whole address).
            ("ben", "Ben Ode", #"mail ben\_ode@example.net"#, #"mail ben\_ode@example.net"#),
        ])
    func overReplacement(id: String, name: String, text: String, expected: String) {
        let transcript = Transcript(
            participants: [Participant(id: id, name: name), Participant(id: "zed", name: "Zed")],
            messages: [Self.message("1", id, "hi"), Self.message("2", "zed", text)])
        let result = Anonymizer().apply(transcript)
        #expect(result.messages[1].text == expected)
        #expect(result.participants.map(\.name) == ["Person 1", "Person 2"])
    }

    @Test("A Messenger thread path (the conversation's id) is not kept in a site's files or layout JSON")
    func threadPaths() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = try folder.write(
            "chat.jsonl",
            """
            {"type":"conversation","id":"inbox/chiararossi_10158234567890123","participants":[{"id":"c","name":"Chiara Rossi"}]}
            {"id":"1","sender":"c","time":"2026-03-01T10:00:00Z","text":"hi"}
            """)
        let out = folder.path("out.json")
        #expect(CLIRunner.run(["render", log, "--anonymize", "-o", out]).status == 0)
        var texts = [try String(contentsOfFile: out, encoding: .utf8)]
        let site = folder.url.appendingPathComponent("site")
        let built = CLIRunner.run(["site", log, "-o", site.path, "--anonymize"])
        #expect(built.status == 0, "\(built.stderr)")
        for file in ArchiveTesting.files(under: site) {
            let data = FileManager.default.contents(atPath: site.appendingPathComponent(file).path) ?? Data()
            texts.append(file + "\n" + String(decoding: data, as: UTF8.self))
        }
        for text in texts {
            #expect(!text.lowercased().contains("chiara") && !text.contains("10158234567890123"), "\(text.prefix(200))")
        }
    }
}
