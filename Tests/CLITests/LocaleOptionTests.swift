import Testing

@testable import ScrollbackCLI

@Suite("--locale")
struct LocaleOptionTests {
    @Test("locale identifiers are language, then parts of two to eight letters or digits after - or _")
    func identifiers() {
        for good in ["en", "de-DE", "pt_BR", "zh-Hant-TW", "gsw", "es-419", "en_US_POSIX", "sr-Latn-RS"] {
            #expect(OptionCatalog.isLocaleIdentifier(good), "\(good)")
        }
        for bad in [
            "", "e", "engl", "en-", "-en", "en--US", "en-U", "en-abcdefghi", "1e", "en US", "dé", "en-US\n", "../x",
        ] {
            #expect(!OptionCatalog.isLocaleIdentifier(bad), "\(bad.debugDescription)")
        }
    }
}
