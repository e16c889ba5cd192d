import CCrypto

/// SHA-256 (FIPS 180-4) from OpenSSL's libcrypto, for content-hash file names and change
/// detection. A site build hashes every input and every file it writes, so the hash runs at
/// libcrypto's speed (it uses the CPU's SHA instructions where there are some).
///
/// A value type like the rest of the site's state: a copy made part-way (a running fingerprint
/// finalised at each page) gets its own context the first time either side changes.
struct SHA256 {
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

    /// Adds bytes.
    mutating func update(buffer bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        makeUnique()
        EVP_DigestUpdate(context.pointer, bytes.baseAddress, bytes.count)
    }

    /// Adds a string's UTF-8 bytes.
    mutating func update(_ string: String) {
        var string = string
        string.withUTF8 { update(buffer: UnsafeRawBufferPointer($0)) }
    }

    /// The digest as 64 lower-case hex digits. The hasher is spent afterwards.
    mutating func finalizeHex() -> String {
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
    static func hex(_ bytes: some Collection<UInt8>) -> String {
        var hasher = SHA256()
        let hashed: Void? = bytes.withContiguousStorageIfAvailable { hasher.update(buffer: UnsafeRawBufferPointer($0)) }
        if hashed == nil { Array(bytes).withUnsafeBytes { hasher.update(buffer: $0) } }
        return hasher.finalizeHex()
    }

    /// The hex digest of a string's UTF-8 bytes.
    static func hex(_ string: String) -> String {
        var hasher = SHA256()
        hasher.update(string)
        return hasher.finalizeHex()
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&context) { context = Context(copying: context) }
    }
}
