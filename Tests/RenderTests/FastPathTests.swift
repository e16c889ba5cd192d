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

/// One span of printable ASCII is wrapped by a byte scan; it must give the lines the general
/// wrapper gives.
@Suite("Wrapping ASCII bodies")
struct ASCIIWrapTests {
    @Test("the ASCII wrapper makes the general wrapper's lines, for every width, on words, spaces and breaks")
    func sameLines() {
        var generator = SplitMix(seed: 7)
        let alphabet = Array("ab cd  efghijklmno\n   pqrstuvwxyzABCDEFGHIJ-.,!?0123456789".utf8)
        var cases = ["", " ", "\n", "a", "  lead", "trail  ", "a\n\nb", "supercalifragilistic word", "x y\n z "]
        for _ in 0..<400 {
            let length = Int(generator.next() % 90)
            cases.append(
                String(
                    decoding: (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] },
                    as: UTF8.self))
        }
        for text in cases {
            for width in [1, 2, 3, 5, 8, 13, 20, 40] {
                let span = Span(text, .plain)
                var general = LineWrapper(width: width)
                general.add(span)
                #expect(
                    LineWrapper.wrap([span], width: width) == general.finish(), "\(text.debugDescription) at \(width)")
            }
        }
    }
}

/// A small deterministic generator for test inputs.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
