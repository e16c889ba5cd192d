import Foundation
import TestSupport
import Testing

@testable import ScrollbackReaders

/// The attributed strings Messages writes are read straight from their bytes, and read the same
/// as the whole typedstream decoder reads them.
@Suite("iMessage attributedBody read from its bytes")
struct AttributedBodyScannerTests {
    /// Every `attributedBody` of the generated Mac database.
    static func databaseBlobs() throws -> [[UInt8]] {
        let url = try #require(IMessageDatabases.mac)
        let database = try SQLiteDatabase(path: url.path)
        let statement = try database.prepare("SELECT attributedBody FROM message WHERE attributedBody IS NOT NULL")
        var blobs: [[UInt8]] = []
        while try statement.step() { if let blob = statement.blob(0) { blobs.append(blob) } }
        return blobs
    }

    /// The archived strings of real Macs (the imessage-exporter fixtures).
    static func fixtureBlobs() throws -> [[UInt8]] {
        let names = try FileManager.default.contentsOfDirectory(atPath: try folder().path).sorted()
        return try names.map(fixture)
    }

    static func folder() throws -> URL {
        try #require(Fixtures.shared).appendingPathComponent("imessage/imessage-exporter/streamtyped")
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder().appendingPathComponent(name)))
    }

    @Test("Attributed strings as Macs write them, naming earlier objects again, are read from their bytes")
    func scanned() throws {
        // The generated bodies, and real Macs' (a key, a class or a number named again by its number);
        // of the fixtures only `ExtraData` is not an archive (its string is longer than the blob).
        let blobs = try (Self.databaseBlobs() + Self.fixtureBlobs()).filter { AttributedBody(decoding: $0) != nil }
        #expect(blobs.count >= 10)
        for blob in blobs { #expect(AttributedBodyScanner.scan(blob) != nil) }
        let multiPart = try #require(AttributedBody(blob: Self.fixture("MultiPart")))
        #expect(multiPart.runs.map(\.part) == [0, 1, 2, 3, 4, 5])
        #expect(
            multiPart.runs.map(\.attachmentGUID) == [
                "at_0_F0668F79-20C2-49C9-A87F-1B007ABB0CED", nil, "at_2_F0668F79-20C2-49C9-A87F-1B007ABB0CED", nil,
                "at_4_F0668F79-20C2-49C9-A87F-1B007ABB0CED", nil,
            ])
        let url = try #require(AttributedBody(blob: Self.fixture("URL")))
        #expect(url.runs.map(\.link) == ["https://github.com/ReagentX/Logria"])
    }

    @Test("A body whose references name anything, earlier or not, object or class, reads as the whole decoder reads it")
    func references() throws {
        for name in ["MultiPart", "URL"] {
            let whole = try Self.fixture(name)
            // Every tag or reference made each of the first references (an object, a class, C string, the root).
            for position in whole.indices where (0x84...0xA6).contains(whole[position]) {
                for reference in UInt8(0x92)...0xA6 {
                    var blob = whole
                    blob[position] = reference
                    #expect(AttributedBody(blob: blob) == AttributedBody(decoding: blob))
                }
            }
        }
    }

    @Test("Read from the bytes or decoded whole, every body, cut or not, has the same text, runs and attributes")
    func sameAsDecoder() throws {
        for whole in try Self.databaseBlobs() + Self.fixtureBlobs() {
            for length in stride(from: whole.count, through: 0, by: -3) {
                let blob = Array(whole.prefix(length))
                #expect(AttributedBody(blob: blob) == AttributedBody(decoding: blob))
            }
        }
    }

    @Test("Runs are cut at UTF-16 offsets as NSString counts them; a cut surrogate pair gives U+FFFD")
    func utf16Cuts() {
        var whole = UTF16Cutter("a😀 b")
        let string = whole.next(5)
        #expect(string == "a😀 b")
        #expect(whole.next(1) == nil)
        var cutter = UTF16Cutter("a😀 bé")
        #expect(cutter.next(1) == "a")
        #expect(cutter.next(1) == "\u{FFFD}")
        #expect(cutter.next(2) == "\u{FFFD} ")
        #expect(cutter.next(0) == nil)
        #expect(cutter.rest() == "bé")
        #expect(cutter.rest() == nil)
    }
}
