import Foundation
import Scrollback
import Testing

/// Shapes of secrets, built from pieces so no complete credential sits in the source.
enum Secrets {
    static let github = "gh" + "p_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    static let stripe = "sk" + "_live_" + "4eC39HqLyjWDarjtT1zdp7dc"
    static let githubFine = "github" + "_pat_" + "11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV"
    static let slack = "xo" + "xb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"
    static let slackHook = "https://hooks.slack.com/services/" + "T0000AAAA/B0000BBBB/XXXXXXXXXXXXXXXXXXXXXXXX"
    static let openAI = "sk-" + "proj-abcDEF1234567890abcDEF1234567890xyz"
    static let aws = "AKIA" + "IOSFODNN7EXAMPLE"
    static let awsSecret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "EXAMPLEKEY"
    static let jwt =
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" + ".eyJzdWIiOiIxMjM0NTY3ODkwIn0"
        + ".dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
    static let pemBody = "MIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aozN3tihPmljnnudb9G3HECdnH"
    static let pem = "-----BEGIN RSA " + "PRIVATE KEY-----\n" + pemBody + "\n-----END RSA " + "PRIVATE KEY-----"

    /// (short label, text, the marker expected, what must be gone).
    static let shapes: [(String, String, String, String)] = [
        ("email", "write to ana.lima+trip@example.co.uk today", "[email]", "ana.lima+trip@example.co.uk"),
        ("email in angle brackets", "<ben@mail.example.org>", "[email]", "ben@mail.example.org"),
        ("phone +1", "call +1 555 010 9999", "[phone]", "555 010 9999"),
        ("phone +44", "or +44 20 7946 0958", "[phone]", "7946 0958"),
        ("phone +49 (0)", "Büro +49 (0)30 1234567", "[phone]", "30 1234567"),
        ("phone no spaces", "+4915123456789 anytime", "[phone]", "4915123456789"),
        ("phone 00", "0044 20 7946 0958", "[phone]", "7946 0958"),
        ("phone US local", "(555) 010-9999", "[phone]", "010-9999"),
        ("phone US dashes", "555-010-9999", "[phone]", "555-010-9999"),
        ("phone DE local", "030 1234 5678", "[phone]", "1234 5678"),
        ("phone UK mobile", "07700 900123", "[phone]", "900123"),
        ("ipv4", "server at 192.168.1.20, port 22", "[ip address]", "192.168.1.20"),
        ("ipv6 short", "ping 2001:db8::8a2e:370:7334", "[ip address]", "8a2e:370:7334"),
        ("ipv6 full", "2001:0db8:85a3:0000:0000:8a2e:0370:7334", "[ip address]", "85a3"),
        ("ipv6 link-local", "via fe80::1%eth0", "[ip address]", "fe80::1"),
        ("visa", "card 4111 1111 1111 1111 exp 12/29", "[card number]", "4111 1111 1111 1111"),
        ("mastercard", "5500-0000-0000-0004", "[card number]", "5500-0000-0000-0004"),
        ("amex", "378282246310005", "[card number]", "378282246310005"),
        ("aws key id", "key \(aws) here", "[aws key]", aws),
        ("aws secret", "aws_secret_access_key = \(awsSecret)", "[aws key]", awsSecret),
        ("github classic", "token \(github)", "[github token]", github),
        ("github fine-grained", githubFine, "[github token]", githubFine),
        ("slack token", "SLACK=\(slack)", "[slack token]", slack),
        ("slack webhook", "post to \(slackHook)", "[slack token]", "XXXXXXXXXXXXXXXXXXXXXXXX"),
        ("openai", "OPENAI_API_KEY=\(openAI)", "[openai key]", openAI),
        ("jwt", "Authorization: Bearer \(jwt)", "[jwt]", jwt),
        ("pem", "here:\n\(pem)\nbye", "[private key]", pemBody),
        ("url password", "git clone https://deploy:hunter2@git.example.org/repo.git", "[credentials]", "hunter2"),
    ]

    /// Text that looks a little like a secret and must stay as it is.
    static let nearMisses: [(String, String)] = [
        ("versions", "upgrade to v2.10.4 (was 1.2.3), Swift 6.0.3"),
        ("iso date", "on 2026-11-28 at 09:14"),
        ("dotted date", "28.11.2026 and 11/28/2026"),
        ("timestamp", "2026-11-28T09:14:00+01:00"),
        ("clock", "from 10:30:00 to 11:45"),
        ("order number", "order 1234567890123456 shipped"),
        ("luhn fails", "4111 1111 1111 1112"),
        ("money", "1,234,567.89 EUR"),
        ("isbn", "ISBN 978-3-16-148410-0"),
        ("git hash", "fixed in 3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f (3f2a9c1)"),
        ("uuid", "id 123e4567-e89b-12d3-a456-426614174000"),
        ("local host", "ssh me@localhost"),
        ("code", "std::vector<int> v; a.b.c"),
        ("plus one", "+1 from me, 3 points"),
        ("task list", "my task-list and sk-learn"),
        ("short number", "room 101, ext. 4021, 12345678"),
        ("spaced amounts", "1\u{202F}234\u{202F}567,89 € or 12\u{A0}345 $ or 3\u{2007}000 m"),
        ("years and scores", "1999 2024 2026, scores 06 12 and 34 56"),
        ("full-width date", "２０２６年３月１日 10:30"),
        ("escaped text", #"2\*3\*4 and snake\_case and a \| b"#),
    ]
}

@Suite("Redaction")
struct RedactionTests {
    static let redactor = try! Redactor()

    @Test("Each default shape is replaced by a marker that says what it was", arguments: Secrets.shapes.map(\.0))
    func shape(label: String) {
        let (_, text, marker, secret) = Secrets.shapes.first { $0.0 == label }!
        let redacted = Self.redactor.redact(text)
        #expect(redacted.contains(marker), "\(redacted)")
        #expect(!redacted.contains(secret), "\(redacted)")
    }

    @Test("Near misses stay as they are", arguments: Secrets.nearMisses.map(\.0))
    func nearMiss(label: String) {
        let text = Secrets.nearMisses.first { $0.0 == label }!.1
        #expect(Self.redactor.redact(text) == text)
    }

    @Test("Text around a redaction is kept")
    func context() {
        #expect(
            Self.redactor.redact("mail ana@example.org, or call +1 555 010 9999.") == "mail [email], or call [phone].")
    }

    @Test(
        "Markdown is redacted as it is shown, and only the span that held the match is replaced",
        arguments: [
            (#"mail john\_smith@example.com now"#, "mail [email] now"),
            ("mail **bob@example.net** now", "mail **[email]** now"),
            ("mail **bob**@example.net now", "mail [email] now"),
            ("mail bob**@**example.net now", "mail [email] now"),
            ("*see* bob&#64;example.net", "*see* [email]"),
            ("[write](mailto:bob%40example.net) to me", "[write](mailto:[email]) to me"),
            ("call +1\u{A0}555\u{A0}010\u{A0}9999!", "call [phone]!"),
            ("ring ０６ １２ ３４ ５６ ７８.", "ring [phone]."),
            ("`gh" + #"p\_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8` and ok"#, "`[github token]` and ok"),
        ])
    func shownText(_ pair: (String, String)) {
        #expect(Self.redactor.redact(pair.0) == pair.1)
    }

    @Test("A rules file adds the user's own patterns, with their labels")
    func userRules() throws {
        let rules = try Redactor.rules(
            "# my rules\n\nproject: Project (Falcon|Osprey)\ncustomer id: \\bCUST-\\d{6}\\b\n", name: "r")
        let redactor = try Redactor(extra: rules)
        #expect(
            redactor.redact("Project Falcon for CUST-123456, mail a@b.example")
                == "[project] for [customer id], mail [email]")
    }

    @Test("A bare pattern is replaced by [redacted], and JSON rules files are read too")
    func otherForms() throws {
        let bare = try Redactor(extra: try Redactor.rules("Osprey\n(?i)falcon", name: "r"))
        #expect(bare.redact("Osprey and FALCON") == "[redacted] and [redacted]")
        let list = try Redactor(extra: try Redactor.rules(#"["Osprey"]"#, name: "r.json"))
        #expect(list.redact("Osprey!") == "[redacted]!")
        let object = try Redactor(
            extra: try Redactor.rules(#"{"bird": ["Osprey", "Falcon"], "id": "CUST-\\d+"}"#, name: "r"))
        #expect(object.redact("Falcon CUST-12") == "[bird] [id]")
    }

    @Test("A bad pattern in a JSON rules file names the line and column of that pattern")
    func badJSONRule() {
        let text = "{\n  \"bird\": [\"Osprey\",\n           \"(unclosed\"]\n}\n"
        do {
            _ = try Redactor.rules(text, name: "rules.json")
            Issue.record("no error")
        } catch {
            #expect(error.location == SourceLocation(file: "rules.json", line: 3, column: 12))
        }
    }

    @Test("A bad rule names its file, line and column", arguments: ["bad pattern", "empty match"])
    func badRule(label: String) {
        let text = label == "bad pattern" ? "ok: a\n\nbad: (unclosed" : "ok: a\nnothing: x*"
        #expect(throws: PrivacyError.self) { try Redactor.rules(text, name: "rules.txt") }
        do {
            _ = try Redactor.rules(text, name: "rules.txt")
        } catch {
            let line = label == "bad pattern" ? 3 : 2
            #expect(error.location?.file == "rules.txt" && error.location?.line == line)
            #expect(error.location?.column == (label == "bad pattern" ? 6 : 10))
        }
    }

    @Test("Participant ids that hold a secret are replaced, and two such people stay two")
    func participantIDs() throws {
        let transcript = Transcript(
            participants: [Participant(id: "+1 555 010 9999"), Participant(id: "+1 555 010 8888")],
            messages: [
                Message(id: "1", sender: "+1 555 010 9999", time: Timestamp(seconds: 0), text: "hi"),
                Message(
                    id: "2", sender: "+1 555 010 8888", time: Timestamp(seconds: 1), text: "yo",
                    reactions: [Reaction(emoji: "👍", by: ["+1 555 010 9999"])]),
            ])
        let redacted = Self.redactor.apply(transcript)
        #expect(redacted.participants.map(\.id) == ["redacted-1", "redacted-2"])
        #expect(redacted.participants.map(\.name) == ["[phone]", "[phone]"])
        #expect(redacted.messages.map(\.sender) == ["redacted-1", "redacted-2"])
        #expect(redacted.messages[1].reactions.first?.by == ["redacted-1"])
    }
}
