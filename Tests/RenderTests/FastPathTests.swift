import Foundation
import ScrollbackLayout
import ScrollbackModel
import Testing

@testable import ScrollbackRender

/// The byte-level paths that pages take once per message must write what the string forms do.
@Suite("Byte-level fast paths")
struct FastPathTests {
    @Test("appendRFC3339 writes the bytes of rfc3339, across offsets, fractions and years")
    func rfc3339Bytes() {
        let times: [(Int64, Int32, Int32)] = [
            (0, 0, 0), (1_764_321_240, 500_000_000, 3600), (1_764_321_240, 120, -16_200), (-62_135_596_800, 0, 0),
            (253_402_300_799, 999_999_999, 50_400), (-1, 1, -43_200), (1_000_000_000_000, 0, 19_800),
        ]
        for (seconds, nanoseconds, offset) in times {
            let time = Timestamp(seconds: seconds, nanoseconds: nanoseconds)
            var bytes: [UInt8] = Array("x".utf8)
            time.appendRFC3339(utcOffset: offset, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x" + time.rfc3339(utcOffset: offset))
        }
        #expect(
            Timestamp(seconds: 1_764_321_240, nanoseconds: 500_000_000).rfc3339(utcOffset: 3600)
                == "2025-11-28T10:14:00.5+01:00")
    }

    @Test("appendMessage writes the anchor PermalinkID.message makes, for plain, encoded and repeated ids")
    func anchorBytes() {
        for id in ["m1", "a_b", "m 1", "", "ünï", "x~y", "long-id.with.dots-and-more-characters-than-fifteen"] {
            for repeatNumber in [0, 1, 9] {
                var bytes: [UInt8] = []
                PermalinkID.appendMessage(id, repeatNumber: repeatNumber, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == PermalinkID.message(id, repeatNumber: repeatNumber))
            }
        }
    }

    @Test("a stylesheet cannot close the style element, wherever its </ falls")
    func styleElement() {
        #expect(PageValues.safeInStyleElement("a{}") == "a{}")
        #expect(PageValues.safeInStyleElement("</style><script>") == "<\\/style><script>")
        #expect(PageValues.safeInStyleElement("a{content:'ü'}</STYLE>b</") == "a{content:'ü'}<\\/STYLE>b<\\/")
        #expect(PageValues.safeInStyleElement("<<//") == "<<\\//")
        #expect(PageValues.safeInStyleElement("") == "")
    }
}
