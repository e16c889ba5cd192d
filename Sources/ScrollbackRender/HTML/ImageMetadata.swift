/// Removes what an image says about who took it, where and with what (EXIF with its GPS position,
/// XMP, IPTC, comments), keeping the picture's bytes as they are: for `--redact` and
/// `--anonymize`, which promise that nothing they hide reaches any byte of the output.
///
/// A minimal parser of each container, written here: no well-kept library for this is available
/// to the package as a Debian system-library target, and the formats' framing is small. Only
/// segments and chunks are dropped; compressed image data, colour profiles and everything a
/// decoder needs are copied byte for byte. Bytes after the image's end (a phone's appended video,
/// anything hidden there) are dropped too. An image that does not parse is not passed on at all.
package enum ImageMetadata {
    /// Extensions of the images `stripped` can clean; BMP carries no metadata fields.
    package static let cleanable: Set<String> = ["jpg", "jpeg", "png", "webp", "bmp"]

    /// `bytes` without metadata, or `nil` when they are not a JPEG, PNG, WebP or BMP image this
    /// parser can follow to its end.
    package static func stripped(_ bytes: [UInt8]) -> [UInt8]? {
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(bytes) }
        if bytes.starts(with: pngSignature) { return png(bytes) }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return webP(bytes)
        }
        if bytes.starts(with: Array("BM".utf8)) { return bytes }
        return nil
    }
}

private extension ImageMetadata {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// JPEG: segments `FF xx` with a big-endian length; APP0 (JFIF), APP2 (ICC profile) and APP14
    /// (Adobe colour transform) are kept, every other APPn (APP1 EXIF and XMP, APP13 IPTC, …) and
    /// COM dropped. After a start of scan the entropy-coded data runs to the next marker that is
    /// not a stuffed `FF 00`, a restart `FF D0`–`D7` or fill; it is copied as it is.
    static func jpeg(_ bytes: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(bytes.count)
        var at = 2
        while at < bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            var markerAt = at + 1
            while markerAt < bytes.count, bytes[markerAt] == 0xFF { markerAt += 1 }  // fill bytes
            guard markerAt < bytes.count else { return nil }
            let marker = bytes[markerAt]
            at = markerAt + 1
            if marker == 0xD9 {
                out += [0xFF, 0xD9]
                return out  // end of image: whatever follows is not part of it
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                out += [0xFF, marker]
                continue
            }
            guard at + 2 <= bytes.count else { return nil }
            let length = Int(bytes[at]) << 8 | Int(bytes[at + 1])
            guard length >= 2, at + length <= bytes.count else { return nil }
            let segment = bytes[(markerAt - 1)..<(at + length)]
            at += length
            let isApp = (0xE0...0xEF).contains(marker)
            let kept = !(isApp && ![0xE0, 0xE2, 0xEE].contains(marker)) && marker != 0xFE
            if kept { out += segment }
            guard marker == 0xDA else { continue }
            // Entropy-coded data of the scan, up to the next real marker.
            let start = at
            while at + 1 < bytes.count {
                if bytes[at] == 0xFF, bytes[at + 1] != 0x00, bytes[at + 1] != 0xFF,
                    !(0xD0...0xD7).contains(bytes[at + 1])
                {
                    break
                }
                at += 1
            }
            guard at + 1 < bytes.count else { return nil }
            out += bytes[start..<at]
        }
        return nil
    }

    /// PNG: chunks of a big-endian length, a type, the data and a CRC; `tEXt`, `iTXt`, `zTXt`,
    /// `eXIf` and `tIME` are dropped, every other chunk kept with its CRC, up to `IEND`.
    static func png(_ bytes: [UInt8]) -> [UInt8]? {
        let dropped: Set<String> = ["tEXt", "iTXt", "zTXt", "eXIf", "tIME"]
        var out = pngSignature
        out.reserveCapacity(bytes.count)
        var at = pngSignature.count
        while at + 12 <= bytes.count {
            let length = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            let end = at + 12 + length
            guard length <= Int(Int32.max), end <= bytes.count else { return nil }
            if !dropped.contains(type) { out += bytes[at..<end] }
            at = end
            if type == "IEND" { return out }
        }
        return nil
    }

    /// WebP: a RIFF file of chunks (a four-character code, a little-endian size, the data, a pad
    /// byte to an even size); `EXIF` and `XMP ` chunks are dropped, the extended header's flags
    /// for them cleared, and the RIFF size written anew.
    static func webP(_ bytes: [UInt8]) -> [UInt8]? {
        let riffSize = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        guard riffSize >= 4, riffSize + 8 <= bytes.count else { return nil }
        var body: [UInt8] = Array("WEBP".utf8)
        var at = 12
        let end = 8 + riffSize
        while at < end {
            guard at + 8 <= end else { return nil }
            let code = String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
            let size =
                Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            let next = at + 8 + size + (size & 1)
            guard next <= end || (next == end + 1 && size & 1 == 1) else { return nil }
            let chunkEnd = min(next, end)
            if code != "EXIF" && code != "XMP " {
                var chunk = Array(bytes[at..<chunkEnd])
                if code == "VP8X", chunk.count > 8 { chunk[8] &= ~UInt8(0x08 | 0x04) }  // EXIF and XMP flags
                if chunk.count < next - at { chunk.append(0) }
                body += chunk
            }
            at = next
        }
        let size = UInt32(body.count)
        return Array("RIFF".utf8) + [
            UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24),
        ]
            + body
    }
}
