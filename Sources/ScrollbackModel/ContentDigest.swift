import Foundation

/// SHA-256 digests for callers outside the site builder, such as a Content-Security-Policy
/// source that allows one script by its hash.
package enum ContentDigest {
    /// The SHA-256 digest of `text`'s UTF-8 bytes, base64-encoded (`'sha256-…'` sources use it).
    package static func sha256Base64(_ text: String) -> String {
        let hex = Array(SHA256.hex(text).utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for index in stride(from: 0, to: hex.count, by: 2) {
            bytes.append(nibble(hex[index]) << 4 | nibble(hex[index + 1]))
        }
        return Data(bytes).base64EncodedString()
    }

    private static func nibble(_ digit: UInt8) -> UInt8 { digit <= 0x39 ? digit - 0x30 : digit - 0x61 + 10 }
}
