/// Small images for tests, built byte by byte: a JPEG whose metadata (EXIF, XMP, a comment)
/// holds what the test gives, around a tiny scan that `ImageMetadata` keeps as it is.
public enum TestImages {
    /// A JPEG marker segment: `FF marker`, its length, its payload.
    public static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// The picture itself: a quantisation table, a frame header and a scan.
    public static let jpegPixels: [UInt8] =
        segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        + segment(0xC0, [8, 0, 2, 0, 3, 1, 1, 0x11, 0])
        + segment(0xDA, [1, 1, 0, 0, 0x3F, 0]) + [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0x78]

    /// A JPEG with `metadata` in its EXIF (as a GPS and artist field would hold it), its XMP and
    /// a comment; with `nil`, a JPEG with none.
    public static func jpeg(metadata: String? = nil) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8] + segment(0xE0, Array("JFIF\0".utf8) + [1, 2, 0, 0, 1, 0, 1, 0, 0])
        if let metadata {
            bytes += segment(0xE1, Array("Exif\0\0MM\0*GPSLatitude Artist \(metadata)".utf8))
            bytes += segment(
                0xE1,
                Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><dc:creator>\(metadata)</dc:creator></x:xmpmeta>".utf8))
            bytes += segment(0xFE, Array(metadata.utf8))
        }
        return bytes + jpegPixels + [0xFF, 0xD9]
    }
}
