import CCrypto

/// SHA-256 (FIPS 180-4) from OpenSSL's libcrypto: Scrollback's one content hash, for a site's
/// content-hash file names and change detection, the ids `merge` makes from a message's content,
/// whether `merge` would change an archive, and a live page's script hash. A site build hashes
/// every input and every file it writes, so the hash runs at libcrypto's speed (it uses the
/// CPU's SHA instructions where there are some); small pieces are gathered before libcrypto
/// sees them, since each call into it costs as much as hashing a few hundred bytes.
///
/// A value type like the rest of the site's state: a copy made part-way (a running fingerprint
/// finalised at each page) gets its own context the first time either side changes.
package struct SHA256 {
    private final class Context {
        let pointer: OpaquePointer

        init() {
            guard let pointer = EVP_MD_CTX_new(), EVP_DigestInit_ex(pointer, EVP_sha256(), nil) == 1 else {
                fatalError("libcrypto could not start a SHA-256 digest")
            }
            self.pointer = pointer
        }

        init(copying other: Context) {
            guard let pointer = EVP_MD_CTX_new(), EVP_MD_CTX_copy_ex(pointer, other.pointer) == 1 else {
                fatalError("libcrypto could not copy a SHA-256 digest")
            }
            self.pointer = pointer
        }

        deinit { EVP_MD_CTX_free(pointer) }
    }

    private var context = Context()
    /// Bytes added and not yet handed to libcrypto.
    private var pending: [UInt8] = []
    private static var pendingLimit: Int { 4096 }

    /// A hasher with nothing added.
    package init() {}

    /// Adds bytes.
    package mutating func update(buffer bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        if pending.count + bytes.count <= Self.pendingLimit {
            pending.append(contentsOf: bytes)
            return
        }
        flush()
        if bytes.count < Self.pendingLimit {
            pending.append(contentsOf: bytes)
            return
        }
        makeUnique()
        EVP_DigestUpdate(context.pointer, bytes.baseAddress, bytes.count)
    }

    /// Adds a string's UTF-8 bytes.
    package mutating func update(_ string: String) {
        var string = string
        string.withUTF8 { update(buffer: UnsafeRawBufferPointer($0)) }
    }

    /// Adds a string's UTF-8 bytes and a 0xFF byte, which no UTF-8 holds: the digest of fields
    /// added one after the other tells `"ab", "c"` from `"a", "bc"`.
    package mutating func update(field string: String) {
        update(string)
        pending.append(0xFF)
    }

    /// The digest as 64 lower-case hex digits. The hasher is spent afterwards.
    package mutating func finalizeHex() -> String {
        flush()
        makeUnique()
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context.pointer, &digest, &length)
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// The hex digest of `bytes`.
    package static func hex(_ bytes: some Collection<UInt8>) -> String {
        var hasher = SHA256()
        let hashed: Void? = bytes.withContiguousStorageIfAvailable { hasher.update(buffer: UnsafeRawBufferPointer($0)) }
        if hashed == nil { Array(bytes).withUnsafeBytes { hasher.update(buffer: $0) } }
        return hasher.finalizeHex()
    }

    /// The hex digest of a string's UTF-8 bytes.
    package static func hex(_ string: String) -> String {
        var hasher = SHA256()
        hasher.update(string)
        return hasher.finalizeHex()
    }

    /// Hands the pending bytes to libcrypto.
    private mutating func flush() {
        guard !pending.isEmpty else { return }
        makeUnique()
        pending.withUnsafeBytes { _ = EVP_DigestUpdate(context.pointer, $0.baseAddress, $0.count) }
        pending.removeAll(keepingCapacity: true)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&context) { context = Context(copying: context) }
    }
}
