import Foundation
import Scrollback
import TestSupport
import Testing

@Suite("People file and pseudonyms")
struct PeopleAndPseudonymTests {
    static let people = try! PeopleDirectory.parse(
        Data(#"{"Lee Chen": ["+1 555 010 9999", "lee@example.org", "U0BMQB6JE"], "Sam": ["sam.r"]}"#.utf8),
        name: "p.json")

    @Test("Handles, numbers written differently and ids of one person become one participant with the name")
    func onePerson() {
        let transcript = Transcript(
            participants: [
                Participant(id: "U0BMQB6JE", name: "lee"), Participant(id: "+15550109999"),
                Participant(id: "LEE@example.org"), Participant(id: "ana"),
            ],
            messages: [
                Message(id: "1", sender: "U0BMQB6JE", time: Timestamp(seconds: 0), text: "a"),
                Message(id: "2", sender: "+15550109999", time: Timestamp(seconds: 1), text: "b"),
                Message(
                    id: "3", sender: "ana", time: Timestamp(seconds: 2), text: "c",
                    reactions: [Reaction(emoji: "👍", by: ["LEE@example.org"])]),
            ])
        let result = Self.people.apply(transcript)
        #expect(result.participants.map(\.id) == ["Lee Chen", "ana"])
        #expect(result.participants.map(\.name) == ["Lee Chen", "ana"])
        #expect(result.messages.map(\.sender) == ["Lee Chen", "Lee Chen", "ana"])
        #expect(result.messages[2].reactions.first?.by == ["Lee Chen"])
    }

    @Test("A people file that is not an object of lists fails with its name and line")
    func badFile() {
        #expect(throws: PrivacyError.self) { try PeopleDirectory.parse(Data("[1]".utf8), name: "p.json") }
        do {
            _ = try PeopleDirectory.parse(Data("{\n  \"A\": [\"x\"],\n  \"B\": 3\n}".utf8), name: "p.json")
            Issue.record("no error")
        } catch {
            #expect(error.description == "p.json:3:3: \"B\" should have a list of handles.")
        }
    }

    @Test(
        "A people file that is not valid JSON names the line and column of the mistake",
        arguments: [
            ("{\n  \"A\": [\"x\"],\n  \"B\": [\"y\" \"z\"]\n}", "p.json:3:13:"),
            ("{\n  \"A\": [\"x\"]\n  \"B\": []\n}", "p.json:3:3:"),
            ("{\"Lee\": [\"x\"],\n\n}", "p.json:3:1:"),
        ])
    func brokenJSON(_ example: (text: String, prefix: String)) {
        do {
            _ = try PeopleDirectory.parse(Data(example.text.utf8), name: "p.json")
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix(example.prefix + " the people file is not valid JSON"))
        }
    }

    @Test("A name given twice keeps its first place, and a handle named in a value is not mistaken for it")
    func repeatedNames() throws {
        let text = #"{"Ana": ["lee"], "lee": 3, "Bo": ["b"]}"#
        do {
            _ = try PeopleDirectory.parse(Data(text.utf8), name: "p.json")
            Issue.record("no error")
        } catch {
            #expect(error.description == "p.json:1:18: \"lee\" should have a list of handles.")
        }
        let people = try PeopleDirectory.parse(Data(#"{"Ana": ["a"], "Bo": ["b"], "Ana": ["c"]}"#.utf8), name: "p")
        #expect(people.people.map(\.name) == ["Ana", "Bo"])
        #expect(people.person(for: "c") == "Ana" && people.person(for: "a") == nil)
    }

    @Test("--anonymize names people Person 1, 2… as they first speak, in text too, and drops avatars")
    func pseudonyms() {
        let transcript = Transcript(
            title: "Trip with Ana Lima", me: "ana",
            participants: [
                Participant(id: "ana", name: "Ana Lima", avatar: "ana.jpg"), Participant(id: "ben", name: "Ben Okafor"),
                Participant(id: "quiet", name: "Quinn"),
            ],
            messages: [
                Message(
                    id: "1", sender: "ben", time: Timestamp(seconds: 0), text: "Hi ana, is ANA LIMA coming? @ben here"),
                Message(id: "2", sender: "ana", time: Timestamp(seconds: 1), text: "Ben, Okafor… Bennett stays"),
            ])
        let result = Anonymizer().apply(transcript)
        #expect(result.participants.map(\.name) == ["Person 2", "Person 1", "Person 3"])
        #expect(result.participants.map(\.id) == ["p2", "p1", "p3"])
        #expect(result.participants.allSatisfy { $0.avatar == nil })
        #expect(result.me == "p2")
        #expect(result.title == "Trip with Person 2")
        #expect(result.messages[0].text == "Hi Person 2, is Person 2 coming? @Person 1 here")
        #expect(result.messages[1].text == "Person 1, Person 1… Bennett stays")
        #expect(result.messages.map(\.sender) == ["p1", "p2"])
    }

    @Test("--people, --redact-rules and --anonymize apply to render")
    func commandLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = try folder.write(
            "chat.jsonl",
            """
            {"type":"conversation","participants":[{"id":"u1","name":"Lee Chen"}]}
            {"id":"1","sender":"u1","time":"2026-03-01T10:00:00Z","text":"Project Falcon: mail lee@example.org"}
            """)
        let rules = try folder.write("rules.txt", "project: Project Falcon\n")
        let out = folder.path("out.json")
        let result = CLIRunner.run(["render", log, "--redact-rules", rules, "--anonymize", "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(!text.contains("Lee") && !text.contains("Falcon") && !text.contains("lee@example.org"))
        #expect(text.contains("Person 1"))
        let html = folder.path("out.html")
        #expect(CLIRunner.run(["render", log, "--redact", "-o", html]).status == 0)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("[email]") && page.contains("Project Falcon") && !page.contains("lee@example.org"))
    }

    @Test("--me names the participant as the input does, even when --anonymize renames them")
    func meBeforeRenaming() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = try folder.write(
            "chat.jsonl",
            """
            {"type":"conversation","participants":[{"id":"u1","name":"Lee Chen"},{"id":"u2","name":"Sam"}]}
            {"id":"1","sender":"u1","time":"2026-03-01T10:00:00Z","text":"hi"}
            {"id":"2","sender":"u2","time":"2026-03-01T10:01:00Z","text":"yo"}
            """)
        let out = folder.path("out.json")
        let result = CLIRunner.run(["render", log, "--anonymize", "--me", "Sam", "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        let layout = try String(contentsOfFile: out, encoding: .utf8)
        #expect(layout.contains("\"me\" : \"p2\""))
        #expect(!layout.contains("Sam"))
    }

    @Test("A bad people file is an input error with its location")
    func badPeopleCLI() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = try folder.write("c.jsonl", "{\"id\":\"1\",\"sender\":\"a\",\"time\":\"2026-03-01T10:00:00Z\"}\n")
        let people = try folder.write("people.json", "{\"A\": 1}")
        let result = CLIRunner.run(["render", log, "--people", people, "--format", "text"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("scrollback: error: \(people):1:2: "))
    }
}
