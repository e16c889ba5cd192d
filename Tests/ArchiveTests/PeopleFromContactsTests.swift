import Foundation
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackArchive
@testable import ScrollbackReaders

/// `--people` given a vCard file or the macOS Contacts database, matched against a Messages database's handles.
@Suite("People from vCard and Contacts")
struct PeopleFromContactsTests {
    static func group(people file: String) throws -> Transcript {
        let root = try #require(IMessageDatabases.root, "scripts/imessage-testdb.py did not run")
        let people = try PeopleDirectory.load(path: root.appendingPathComponent("people/" + file).path)
        let result = try Readers.read(ChatInput.load(root.appendingPathComponent("mac/chat.db").path))
        return people.apply(try #require(result.conversations.first { $0.title == "Hike crew" }))
    }

    @Test(
        "A vCard names handles: numbers in any format, e-mail addresses ignoring case",
        arguments: ["people.vcf", "AddressBook-v22.abcddb"])
    func names(_ file: String) throws {
        let group = try Self.group(people: file)
        let names = Set(group.participants.map(\.name))
        #expect(names.isSuperset(of: ["Ben Okafor", "Lee Chen"]))
        #expect(group.messages.first { $0.text == "Who brings the map?" }?.sender == "Ben Okafor")
        #expect(group.messages.first { $0.text == "Me" }?.sender == "Lee Chen")
    }

    @Test(
        "A chat titled by the other person's number is titled by their name; a chat's own name is kept",
        arguments: ["people.vcf", "AddressBook-v22.abcddb"])
    func titles(_ file: String) throws {
        let root = try #require(IMessageDatabases.root, "scripts/imessage-testdb.py did not run")
        let people = try PeopleDirectory.load(path: root.appendingPathComponent("people/" + file).path)
        let result = try Readers.read(ChatInput.load(root.appendingPathComponent("mac/chat.db").path))
        let titles = result.conversations.map { people.apply($0).title }
        // The Contacts database also knows the restaurant that texted (a card with only a company).
        let restaurant = file == "people.vcf" ? "+15550100003" : "Trail Cafe"
        #expect(titles == ["Ben Okafor", "Hike crew", restaurant])
        // The id stays the chat's, so --conversation and merges still find it by its number.
        #expect(result.conversations.map { people.apply($0).id } == result.conversations.map(\.id))
    }

    @Test("One person with several handles is one participant")
    func oneParticipant() throws {
        // The vCard gives Lee both lee@example.org and +1-555-010-0004, two handles of the group.
        let group = try Self.group(people: "people.vcf")
        #expect(group.participants.filter { $0.name == "Lee Chen" }.count == 1)
        #expect(group.messages.first { $0.text == "I will bring snacks" }?.sender == "Lee Chen")
    }

    @Test(
        "Phone numbers compare as E.164",
        arguments: [
            ("(555) 010-0001", "+15550100001"), ("+1 555 010 0001", "+15550100001"),
            ("001 555 010 0001", "+15550100001"),
            ("+44 20 7946 0000", "+442079460000"), ("lee@example.org", nil),
        ])
    func e164(_ written: String, _ expected: String?) {
        #expect(PhoneNumber.e164(written) == expected)
    }

    @Test("A vCard cut inside a card is an error naming the file")
    func cutCard() {
        #expect(throws: PrivacyError.self) { try VCardPeople.parse("BEGIN:VCARD\nFN:Ana\n", name: "p.vcf") }
    }

    @Test(
        "System lines name the members the people file knows: who added, removed, changed the photo, left",
        arguments: ["people.vcf", "AddressBook-v22.abcddb"])
    func systemLines(_ file: String) throws {
        let lines = try Self.group(people: file).messages.filter { $0.kind == .system }.map(\.text)
        #expect(
            lines == [
                "You named the conversation “Hike crew”", "You added Lee Chen to the conversation",
                "Lee Chen changed the group photo", "Lee Chen left the conversation",
                "You removed Lee Chen from the conversation",
            ])
    }

    @Test("Only system lines are renamed: a handle a person writes in a message stays as written")
    func messageTextKept() {
        let people = PeopleDirectory([("Ana Lima", ["+1 555 010 0002"]), ("Lee Chen", ["lee@example.org"])])
        let time = Timestamp(seconds: 1_795_857_240)
        let transcript = Transcript(
            me: "me", participants: [Participant(id: "me", name: "Me")],
            messages: [
                Message(
                    id: "s1", kind: .system, sender: nil, time: time,
                    text: "+15550100002 added LEE@example.org, then “lee@example.org.” left", format: .plain),
                Message(id: "m1", sender: "me", time: time, text: "Call +15550100002"),
            ])
        let renamed = people.apply(transcript)
        #expect(renamed.messages[0].text == "Ana Lima added Lee Chen, then “Lee Chen.” left")
        #expect(renamed.messages[1].text == "Call +15550100002")
    }
}
