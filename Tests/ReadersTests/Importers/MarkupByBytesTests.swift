import Testing

@testable import ScrollbackReaders

/// The byte scans that convert chat text give what reading it character by character gives,
/// including where a special ASCII character is part of a larger character.
@Suite("Markup read by bytes")
struct MarkupByBytesTests {
    static let texts: [(String, String)] = [
        ("plain", "just words, nothing else"),
        ("specials", #"2*3*4 is [x](y) <b> a|b ~s~ & $5 \ `c` _u_"#),
        ("line starts", "# not a heading\n- not a list\n+49 170\n-5 °C\n---\n= = =\n> no quote\n  indented"),
        ("numbered", "1. one\n12) twelve\n2024.05 is a date\nno 3. here"),
        ("CRLF", "a\r\n- b\r\n# c\rd\r\n\r\n1. e"),
        ("keycaps", "#\u{FE0F}\u{20E3} and *\u{FE0F}\u{20E3} and 1\u{FE0F}\u{20E3}. go"),
        ("combining", "*\u{301}x* e\u{301} -\u{301} x\n \u{301}indent\n#\u{301} h"),
        ("prepend", "\u{600}1. x \u{600}* y"),
        ("emoji", "great 🙂 thanks 👩‍👩‍👧 — ok\n🙂- no list\n- 🙂 a list"),
        ("non-ASCII", "Grüße, 日本語 *強調* _ü_ ~ß~"),
    ]

    @Test("Escaping by bytes gives what escaping by characters gives", arguments: texts)
    func escapeMatchesCharacters(label: String, text: String) {
        for atLineStart in [true, false] {
            #expect(
                MarkdownText.escape(text, atLineStart: atLineStart)
                    == MarkdownText.escapeCharacters(text, atLineStart: atLineStart), "\(label)")
        }
    }

    @Test("A keycap emoji at a line's start is not escaped as a heading")
    func keycap() {
        #expect(MarkdownText.escape("#\u{FE0F}\u{20E3} 1") == "#\u{FE0F}\u{20E3} 1")
        #expect(MarkdownText.escape("# 1") == "\\# 1")
    }

    @Test(
        "Searching bytes for a marker finds what Foundation finds",
        arguments: [
            ("Ana: hi", ": "), ("no marker", ": "), ("é: x", ": "), ("a:\u{301} b: c", ": "), ("a: \u{301}b", ": "),
            ("x\n\n\ny", "\n\n\n"), ("a```b", "```"), ("``\u{301}`", "```"), ("POLL:\nq", "POLL:"),
        ])
    func searchMatchesFoundation(text: String, needle: String) {
        let found = TextSearch.firstRange(of: needle, in: text[...])
        #expect(found == text.range(of: needle))
    }

    @Test(
        "The first line found on bytes is the one read character by character",
        arguments: ["one line", "a\nb\nc", "a\r\nb\nc", "\nstarts", "é\u{301}\nx", "ends\n", ""])
    func firstLine(text: String) {
        #expect(TextSearch.firstLine(of: text) == text.prefix { $0 != "\n" })
    }

    @Test(
        "The chat-markup converter gives the same Markdown over bytes as over characters",
        arguments: [
            "*bold* _it_ ~gone~ `code` ```block\nline```", "2*3*4 and snake_case_name and a*b*", "*a _b ~c~ b_ a*",
            "(*x*) [_y_] *unclosed and _open", "<@U1> <https://x.test|label> <not\na token> a < b > c",
            "&lt;b&gt; &amp; `&lt;` *x&amp;y*", "tabs\t*x*\t_y_\u{0B}~z~", "``` fence\nnever closed *b*",
        ])
    func converterMatchesCharacters(text: String) {
        #expect(ChatMarkupConverter.readsAsBytes(Array(text.utf8)))
        expectSameConversion(text)
    }

    @Test(
        "Text that is not ASCII is converted over bytes where the bytes the converter looks at are characters",
        arguments: [
            "~review~ 天気", "Grüße *fett* und _kursiv_ 🙂", "日本語 `コード` <@U1> ~x~ 消す 👍🏼", "é *x* ü\n_ss_ (*y*) 强调",
            "*x* \u{301}y", "*x*.\u{301} (*y*)\u{301}", "👩‍👩‍👧 *a* 👩‍👩‍👧",
        ])
    func converterOverBytesBeyondASCII(text: String) {
        #expect(ChatMarkupConverter.readsAsBytes(Array(text.utf8)))
        expectSameConversion(text)
    }

    @Test(
        "Text where a byte the converter looks at is part of a larger character is read as characters",
        arguments: [
            "*\u{301}x*", "*x\u{301}*", "a\u{600}*b*", "a \u{600}*b*", "*強調*", "強*x*", "*x*強", "`\u{301}c`",
            "<\u{338}@U1>", "\u{1FEF}code`", "a\r\n*b*", "x\u{600} *y*", "*_\u{301}x_*",
        ])
    func converterOverCharacters(text: String) {
        #expect(!ChatMarkupConverter.readsAsBytes(Array(text.utf8)))
    }

    @Test(
        "A Slack link read from its bytes is the link the general reading makes",
        arguments: [
            ("https://x.test/a_b*c", "https://x.test/a_b*c"), ("HTTPS://X.test/Q", "HTTPS://X.test/Q"),
            ("http://x.test/n/62", "the *notes* [1]"), ("https://x.test/", ""), ("https://x.test/a", "a|b"),
            ("https://x.test/a", "# not a heading"), ("hTtP://x.test", "- not a list"),
        ])
    func slackLinkFromBytes(url: String, label: String) {
        let mrkdwn = SlackMrkdwn(users: [:], channels: [:])
        let body = label == url ? url : url + "|" + label
        #expect(mrkdwn.token(body) == MarkdownText.link(label, url: url))
    }

    @Test(
        "Slack text that may hold an emoji short name is told apart by its bytes",
        arguments: [
            ("see :tada: now", true), ("at 10:30:45", true), ("at 10:30 and 11:45", false), ("a: b: c", false),
            ("no colon", false),
            ("https://x.test:8080/path", false), ("::+1::", true), (":skin-tone-3:", true), ("emoji :🙂: x", false),
            (":a\u{301}:", false),
        ])
    func shortcodeCandidates(text: String, candidate: Bool) {
        #expect(SlackMrkdwn.mayHoldShortcode(text) == candidate)
        // Text that is no candidate is what replacing the short names leaves.
        if !candidate { #expect(EmojiShortcodes.replacing(in: text) == text) }
    }

    @Test("Seeded mixes of markup, accents, marks and emoji convert over bytes as over characters")
    func seededMixes() {
        let pieces = [
            "*", "_", "~", "`", "```", "<", ">", "<@U1>", "&lt;", "&amp;", "\n", " ", "\t", "a", "xy", ".", "(", ")",
            "é", "e\u{301}", "\u{301}", "\u{600}", "\u{200D}", "天", "🙂", "👍🏼", "🇩🇪", "\u{A0}", ":+1:", "|", "\u{1FEF}",
        ]
        var state: UInt64 = 0x5EED
        var checked = 0
        for _ in 0..<3000 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<(1 + Int(state >> 60)) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            guard ChatMarkupConverter.readsAsBytes(Array(text.utf8)) else { continue }
            checked += 1
            expectSameConversion(text)
        }
        // Most mixes are read over bytes, so the comparison covers the byte reading.
        #expect(checked > 1000)
    }

    /// Converting `text` over its bytes gives what converting its characters gives, for markup
    /// with and without Slack's tokens.
    private func expectSameConversion(_ text: String) {
        let markups = [
            ChatMarkup(tokens: nil, blockLines: true),
            ChatMarkup(tokens: { "[token \($0)]" }, decodesEntities: true, codeToken: { "<\($0)>" }),
        ]
        for markup in markups {
            var bytes = ChatMarkupConverter(units: Array(text.utf8), markup: markup)
            var characters = ChatMarkupConverter(units: Array(text), markup: markup)
            #expect(
                bytes.convert(0..<bytes.units.count) == characters.convert(0..<characters.units.count), "\(text)")
        }
    }
}
