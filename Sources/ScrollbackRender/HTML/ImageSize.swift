import Foundation

/// Reads an image's pixel size from its header (PNG, GIF, JPEG, WebP), so the page reserves its box.
package enum ImageSize {
    /// The size of the image in the file at `path`, as `parse` reads it.
    static func read(_ path: String, orientation: Bool = true) -> (width: Int, height: Int)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let headSize = 64 * 1024
        guard let head = try? handle.read(upToCount: headSize) else { return nil }
        if let size = parse([UInt8](head), orientation: orientation) { return size }
        // A camera's JPEG can hold more than 64 KB of EXIF (with its thumbnail) and ICC profile
        // before the frame header: it is read on, to 1 MB.
        guard head.count == headSize, head.starts(with: [0xFF, 0xD8]),
            let rest = try? handle.read(upToCount: 1024 * 1024 - headSize)
        else { return nil }
        return parse([UInt8](head + rest), orientation: orientation)
    }

    /// The size an image is drawn at, from its header. A JPEG whose EXIF Orientation turns it by
    /// 90° (5–8) is drawn turned, as browsers draw it (`image-orientation: from-image` is their
    /// default), so its stored width and height are swapped; `orientation: false` is for an image
    /// passed on without its metadata (`--redact`), which is drawn as stored.
    package static func parse(_ bytes: [UInt8], orientation: Bool = true) -> (width: Int, height: Int)? {
        func big32(_ at: Int) -> Int { big16(bytes, at) << 16 | big16(bytes, at + 2) }
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
        return jpeg(bytes, orientation: orientation)
    }

    /// A JPEG's size from its start-of-frame segment, turned as the EXIF Orientation of the first
    /// APP1 segment that holds EXIF says (when `orientation`).
    private static func jpeg(_ bytes: [UInt8], orientation: Bool) -> (width: Int, height: Int)? {
        var turn: Int?
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            let length = big16(bytes, index + 2)
            // Start-of-frame markers carry the size; 0xC4 (DHT), 0xC8 and 0xCC are not frames.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let (width, height) = (big16(bytes, index + 7), big16(bytes, index + 5))
                return (5...8).contains(turn ?? 1) ? positive(height, width) : positive(width, height)
            }
            if marker == 0xE1, orientation, turn == nil {
                turn = exifOrientation(bytes, from: index + 4, to: min(index + 2 + length, bytes.count))
            }
            index += 2 + length
        }
        return nil
    }

    /// The Orientation (tag 0x0112, 1–8) in IFD0 of the APP1 payload `bytes[from..<to]`:
    /// `Exif\0\0`, then a TIFF header (`II` little-endian or `MM` big-endian, 42, IFD0's offset).
    /// `nil` when the payload is not EXIF or holds no such tag. The bytes come from a stranger:
    /// every read is checked against the payload's end, and IFD0 has at most 65,535 entries.
    private static func exifOrientation(_ bytes: [UInt8], from: Int, to end: Int) -> Int? {
        let tiff = from + 6
        guard tiff + 8 <= end, bytes[from..<tiff].elementsEqual(Array("Exif".utf8) + [0, 0]) else { return nil }
        let little: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func number(_ at: Int, _ count: Int) -> Int? {
            guard at >= tiff, at <= end - count else { return nil }
            let field = bytes[at..<at + count]
            return (little ? Array(field.reversed()) : Array(field)).reduce(0) { $0 << 8 | Int($1) }
        }
        // Offsets count from the TIFF header and are at most 2³² − 1, far from overflowing an Int.
        guard number(tiff + 2, 2) == 42, let first = number(tiff + 4, 4), let count = number(tiff + first, 2)
        else { return nil }
        for entry in 0..<count {
            let at = tiff + first + 2 + entry * 12
            guard let tag = number(at, 2) else { return nil }
            // The value of a SHORT (type 3) is in the first two bytes of the entry's value field.
            if tag == 0x0112 { return number(at + 2, 2) == 3 ? number(at + 8, 2) : nil }
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

    private static func big16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }

    private static func positive(_ width: Int, _ height: Int) -> (width: Int, height: Int)? {
        width > 0 && height > 0 ? (width, height) : nil
    }
}
