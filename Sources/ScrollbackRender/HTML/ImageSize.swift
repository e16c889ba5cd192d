import Foundation

/// Reads an image's pixel size from its header (PNG, GIF, JPEG, WebP), so the page reserves its box.
enum ImageSize {
    static func read(_ path: String) -> (width: Int, height: Int)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 64 * 1024) else { return nil }
        return parse([UInt8](head))
    }

    static func parse(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        func big16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func big32(_ at: Int) -> Int { big16(at) << 16 | big16(at + 2) }
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            return positive(big32(16), big32(20))
        }
        if bytes.count >= 10, bytes.starts(with: Array("GIF8".utf8)) {
            return positive(Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        }
        if bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            return webP(bytes)
        }
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            let length = big16(index + 2)
            // Start-of-frame markers carry the size; 0xC4 (DHT), 0xC8 and 0xCC are not frames.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return positive(big16(index + 7), big16(index + 5))
            }
            index += 2 + length
        }
        return nil
    }

    /// A WebP's size from its first chunk: a lossy frame (`VP8 `), a lossless one (`VP8L`), or the
    /// canvas of an extended file (`VP8X`, animations and alpha); `bytes` holds at least 30 bytes.
    private static func webP(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        func little(_ at: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { value, byte in value | Int(bytes[at + byte]) << (8 * byte) }
        }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            // After a key frame's start code, 14 bits of width and of height (the top two scale it).
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return positive(little(26, 2) & 0x3FFF, little(28, 2) & 0x3FFF)
        case "VP8L":
            // After the signature byte, 14 bits each of width − 1 and height − 1.
            guard bytes[20] == 0x2F else { return nil }
            let bits = little(21, 4)
            return positive((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        case "VP8X":
            // After 4 bytes of flags, 24 bits each of the canvas's width − 1 and height − 1.
            return positive(little(24, 3) + 1, little(27, 3) + 1)
        default:
            return nil
        }
    }

    private static func positive(_ width: Int, _ height: Int) -> (width: Int, height: Int)? {
        width > 0 && height > 0 ? (width, height) : nil
    }
}
