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

    @Test("Attributed strings that name no earlier object are read from their bytes, without the whole decoder")
    func scanned() throws {
        // The generated bodies; the fixtures copied into the database refer back to earlier objects.
        let fixtures = try Self.fixtureBlobs()
        let blobs = try Self.databaseBlobs().filter { !fixtures.contains($0) }
        #expect(blobs.count >= 3)
        for blob in blobs { #expect(AttributedBodyScanner.scan(blob) != nil) }
        let multiPart = try Self.fixture("MultiPart")
        #expect(AttributedBodyScanner.scan(multiPart) == nil)
        #expect(AttributedBody(blob: multiPart)?.runs.count == 6)
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
