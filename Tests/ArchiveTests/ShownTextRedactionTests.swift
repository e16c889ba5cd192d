import Foundation
import Scrollback
import TestSupport
import Testing

/// `--redact` finds secrets in the text as it is shown, through the importers that escape what
/// they read as Markdown: WhatsApp, Telegram, Slack and Messenger.
@Suite("Redaction of the shown text")
struct ShownTextRedactionTests {
    typealias Span = PrivacyMatrix.Span

    static let importers = [
        PrivacyMatrix.whatsApp, PrivacyMatrix.telegram, PrivacyMatrix.slack, PrivacyMatrix.messenger,
    ]

    /// One case: a message's text in pieces, the marker it must show, and what must be gone.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var spans: [Span]
        var marker: String
        var gone: [String]
        var description: String { name }

        init(_ name: String, _ text: String, _ marker: String, gone: [String]) {
            self.init(name, [Span(text: text)], marker, gone: gone)
        }

        init(_ name: String, _ spans: [Span], _ marker: String, gone: [String]) {
            self.name = name
            self.spans = spans
            self.marker = marker
            self.gone = gone
        }
    }

    /// The page, text and layout JSON `reader` makes of one message with `spans`, redacted.
    static func shown(_ reader: PrivacyMatrix.Reader, _ spans: [Span]) throws -> [(String, String)] {
        let entries = [
            PrivacyMatrix.Entry(sender: "Ana", spans: spans),
            PrivacyMatrix.Entry(sender: "Ben", spans: [Span(text: "ok")]),
        ]
        return try PrivacyMatrix.outputs(reader, entries).filter { $0.0 != "report" }
    }

    static func check(_ item: Case, through reader: PrivacyMatrix.Reader) throws {
        for (name, output) in try shown(reader, item.spans) {
            let marked = output.contains(item.marker)
            #expect(marked, "\(reader) \(name) has no \(item.marker)")
            let shown = item.gone.filter { output.contains($0) }
            #expect(shown.isEmpty, "\(reader) \(name) shows \(shown)")
        }
    }

    static let credentialCases = [
        Case("classic GitHub token", "token " + Secrets.github, "[github token]", gone: ["a1B2c3D4e5", "o5P6q7R8"]),
        Case(
            "fine-grained GitHub token", Secrets.githubFine + " expires soon", "[github token]",
            gone: ["11ABCDEFG0123456789", "QRSTUV"]),
        Case("Stripe key", "STRIPE=" + Secrets.stripe, "[api key]", gone: ["4eC39HqLyj", "arjtT1zdp7dc"]),
        Case(
            "AWS secret", "aws_secret_access_key = " + Secrets.awsSecret, "[aws key]",
            gone: ["wJalrXUtnFEMI", "EXAMPLEKEY"]),
    ]

    @Test(
        "Credentials with `_` in them are redacted although the importers escape it",
        arguments: importers, credentialCases)
    func credentials(reader: PrivacyMatrix.Reader, item: Case) throws {
        try Self.check(item, through: reader)
    }

    static let phoneCases = [
        // Not "010" alone: a Slack message's id (`….000100`) holds it.
        Case("no-break spaces", "call +1\u{A0}555\u{A0}010\u{A0}9999", "[phone]", gone: ["9999", "555\u{A0}010"]),
        Case(
            "narrow no-break spaces", "call +44\u{202F}20\u{202F}7946\u{202F}0958", "[phone]", gone: ["7946", "0958"]),
        Case("figure spaces", "call +44\u{2007}20\u{2007}7946\u{2007}0958", "[phone]", gone: ["7946", "0958"]),
        Case("French", "appelle le 06 12 34 56 78 ce soir", "[phone]", gone: ["12 34 56 78"]),
        Case("French with dots", "ou 01.23.45.67.89", "[phone]", gone: ["45.67.89"]),
        Case("US with spaces", "ring 555 010 9999 later", "[phone]", gone: ["010 9999"]),
        Case("US toll-free", "call 1-800-555-0199", "[phone]", gone: ["555-0199"]),
        Case("full-width digits", "電話 ０９０ １２３４ ５６７８ まで", "[phone]", gone: ["１２３４", "５６７８"]),
        Case("full-width international", "＋４４ ２０ ７９４６ ０９５８", "[phone]", gone: ["７９４６", "０９５８"]),
    ]

    @Test("Phone numbers are found however they are spaced, and in full-width digits", arguments: importers, phoneCases)
    func phones(reader: PrivacyMatrix.Reader, item: Case) throws {
        try Self.check(item, through: reader)
    }

    static let addressCases = [
        Case(
            "percent-encoded in a link", [Span(text: "mail "), Span(text: "me", link: "mailto:bob%40example.net")],
            "[email]", gone: ["bob", "example.net"]),
        Case(
            "percent-encoded in a URL", "see https://example.org/u?to=bob%40example.net&x=1", "[email]",
            gone: ["bob", "example.net"]),
        Case("entity-encoded", "write bob&#64;example.net", "[email]", gone: ["bob", "example.net"]),
        Case("named entity", "write bob&commat;example.net", "[email]", gone: ["bob", "example.net"]),
        Case(
            "split by bold at the @",
            [Span(text: "write bob"), Span(text: "@", bold: true), Span(text: "example.net")], "[email]",
            gone: ["bob", "example.net"]),
        Case(
            "bold over part of it", [Span(text: "write "), Span(text: "bob@exa", bold: true), Span(text: "mple.net")],
            "[email]", gone: ["bob", "mple.net"]),
        Case("with an underscore", "mail john_smith@example.com now", "[email]", gone: ["john", "smith"]),
    ]

    @Test("An address is redacted whole, however it is encoded or formatted", arguments: importers, addressCases)
    func addresses(reader: PrivacyMatrix.Reader, item: Case) throws {
        try Self.check(item, through: reader)
    }

    @Test("An address with `_` becomes one marker, not a name before a marker", arguments: importers)
    func underscoreAddress(reader: PrivacyMatrix.Reader) throws {
        let outputs = try Self.shown(reader, [Span(text: "mail john_smith@example.com now")])
        let text = try #require(outputs.first { $0.0 == "text" }?.1)
        #expect(text.contains("mail [email] now"), "\(text)")
    }

    static let native = [PrivacyMatrix.native, PrivacyMatrix.discord, PrivacyMatrix.chatGPT]

    static let markdownForms = [
        Case("escaped underscore", #"mail john\_smith@example.com"#, "[email]", gone: ["john", "smith"]),
        Case(
            "escaped token", "token " + PrivacyMatrix.Needle.escaped(Secrets.github), "[github token]",
            gone: ["a1B2c3D4e5"]),
        Case("entity that cmark autolinks", "write bob&#64;example.net", "[email]", gone: ["bob", "example.net"]),
        Case("hex entity", "write bob&#x40;example&period;net", "[email]", gone: ["bob", "example"]),
        Case("bold at the @", "write bob**@**example.net", "[email]", gone: ["bob", "example.net"]),
        Case("bold name", "write **bob**@example.net", "[email]", gone: ["bob", "example.net"]),
        Case("struck through", "write bob~~@~~example.net", "[email]", gone: ["bob", "example.net"]),
        Case("spoiler", "write ||bob@example.net|| or ||bob||@example.net", "[email]", gone: ["bob", "example.net"]),
        Case("link destination", "[mail me](mailto:bob%40example.net)", "[email]", gone: ["bob", "example.net"]),
        Case(
            "split token", "gh" + "p_a1B2c3D4e5F6**g7H8i9J0k1L2**m3N4o5P6q7R8", "[github token]",
            gone: ["a1B2c3", "q7R8"]),
    ]

    @Test("Markdown bodies are redacted as they are shown", arguments: native, markdownForms)
    func markdownBodies(reader: PrivacyMatrix.Reader, item: Case) throws {
        try Self.check(item, through: reader)
    }

    static let ordinary = [
        "Meet at 10:30 on 2026-03-01, or 01/03/2026 at 18:45:30",
        "It cost 1\u{202F}234,56 € and 12\u{A0}345 $ (tip 3\u{A0}000)",
        "Years 1999, 2024 and 2026; room 101; ext. 4021",
        "Order 1234567890123456, ticket 4021-17, id 20260301-0930",
        "Scores 06 12 and 34 56; pages 555–560",
        "v2.10.4 and 10.0 at 12\u{2007}500 m, ＃１ in ２０２６",
        "snake_case_name and 2*3*4 = 24 and ~approx~ and a | b",
    ]

    @Test("Ordinary text with numbers comes through unchanged", arguments: importers)
    func ordinaryText(reader: PrivacyMatrix.Reader) throws {
        let entries = Self.ordinary.map { PrivacyMatrix.Entry(sender: "Ana", spans: [Span(text: $0)]) }
        let text = try #require(try PrivacyMatrix.outputs(reader, entries).first { $0.0 == "text" }?.1)
        let control = try #require(
            try PrivacyMatrix.outputs(reader, entries, options: ReadOptions()).first { $0.0 == "text" }?.1)
        #expect(text == control)
        #expect(!text.contains("[phone]") && !text.contains("[card number]"))
    }
}
