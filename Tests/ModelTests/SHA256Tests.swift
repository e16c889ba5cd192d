import Testing

@testable import ScrollbackModel

/// Content-hash names and change detection rest on SHA-256 being SHA-256.
@Suite("SHA-256")
struct SHA256Tests {
    @Test("The FIPS 180-4 examples hash to their published digests")
    func knownDigests() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("Bytes fed in pieces hash like the whole")
    func pieces() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var hasher = SHA256()
        var start = 0
        for size in [0, 1, 63, 64, 65, 7, 300] {
            bytes[start..<start + size].withUnsafeBytes { hasher.update(buffer: $0) }
            start += size
        }
        bytes[start...].withUnsafeBytes { hasher.update(buffer: $0) }
        #expect(hasher.finalizeHex() == SHA256.hex(bytes))
    }

    @Test("A copy taken part-way finishes on its own; the original goes on unchanged")
    func copies() {
        var running = SHA256()
        running.update("first page ")
        var snapshot = running
        #expect(snapshot.finalizeHex() == SHA256.hex("first page "))
        running.update("second page")
        #expect(running.finalizeHex() == SHA256.hex("first page second page"))
    }

    @Test("Pieces smaller and larger than the gathered run, and fields, hash like the bytes they add")
    func gatheredPieces() {
        var expected: [UInt8] = []
        var hasher = SHA256()
        for size in [1, 4095, 2, 5000, 3, 4096, 10_000, 17] {
            let piece = String(repeating: "é", count: size / 2) + String(repeating: "a", count: size % 2)
            hasher.update(field: piece)
            expected += Array(piece.utf8) + [0xFF]
        }
        var copy = hasher
        #expect(copy.finalizeHex() == SHA256.hex(expected))
        hasher.update("tail")
        #expect(hasher.finalizeHex() == SHA256.hex(expected + Array("tail".utf8)))
    }
}
