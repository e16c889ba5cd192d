import Testing

@testable import ScrollbackReaders

@Suite("Emoji shortcodes")
struct EmojiShortcodeTests {
    @Test(
        "Real short names give their emoji",
        arguments: [
            ("+1", "👍"), ("thumbsup", "👍"), ("wave", "👋"), ("tada", "🎉"), ("heart", "❤\u{FE0F}"),
            ("flag-us", "🇺🇸"), ("one", "1\u{FE0F}\u{20E3}"), ("slightly_smiling_face", "🙂"), ("clock930", "🕤"),
            ("face_with_rolling_eyes", "🙄"),
        ])
    func shortNames(_ pair: (String, String)) {
        #expect(EmojiShortcodes.emoji(named: pair.0) == pair.1)
    }

    @Test("A skin tone picks the toned form; emoji without tones ignore it")
    func skinTones() {
        #expect(EmojiShortcodes.emoji(named: "wave", skinTone: 3) == "👋🏼")
        #expect(EmojiShortcodes.emoji(slackName: "+1::skin-tone-6") == "👍🏿")
        #expect(EmojiShortcodes.emoji(named: "tada", skinTone: 4) == "🎉")
        #expect(EmojiShortcodes.emoji(named: "partyparrot") == nil)
    }

    @Test("Text keeps unknown names and colons that are not shortcodes")
    func replacing() {
        #expect(EmojiShortcodes.replacing(in: ":wave: hi :wave::skin-tone-3:") == "👋 hi 👋🏼")
        #expect(EmojiShortcodes.replacing(in: ":partyparrot: at 10:30: ok") == ":partyparrot: at 10:30: ok")
        #expect(EmojiShortcodes.replacing(in: "a::b :+1::") == "a::b 👍:")
    }

    @Test("every name of the table gives its emoji and its five skin tones")
    func wholeTable() {
        var names = 0
        for line in EmojiShortcodes.table.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count >= 2 else { continue }
            for name in fields[0].split(separator: ",").map(String.init) {
                names += 1
                #expect(EmojiShortcodes.emoji(named: name) == fields[1], "\(name)")
                if fields.count == 7 {
                    #expect((2...6).map { EmojiShortcodes.emoji(named: name, skinTone: $0) } == fields[2...].map { $0 })
                }
            }
        }
        #expect(names > 1900)
    }
}
