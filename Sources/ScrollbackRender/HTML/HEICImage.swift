import CHeif
import CJPEG
import Foundation

/// HEIC photos (what iPhones take, and Messages sends) as JPEG, which browsers show: decoded with
/// libheif, written with libjpeg. The JPEG is made from the pixels only, so it carries none of
/// the photo's metadata (place, camera, time).
package enum HEICImage {
    /// The longest side a converted photo keeps; larger ones are scaled down (a page inlines them).
    static let maxSide: Int32 = 2048

    /// libheif's plugins, loaded once.
    private static let initialized: Bool = heif_init(nil).code == heif_error_Ok

    /// Whether `path` names a HEIC or HEIF file: by its extension, or, for a file without one (an
    /// iPhone backup names files by a hash), by its first bytes.
    package static func isHEIC(_ path: String) -> Bool {
        let lower = path.lowercased()
        if lower.hasSuffix(".heic") || lower.hasSuffix(".heif") { return true }
        return (lower as NSString).pathExtension.isEmpty && sniffedType(path) == "image/heic"
    }

    /// The image type of a file without an extension, by its first bytes (PNG, JPEG, GIF, HEIC).
    package static func sniffedType(_ path: String) -> String? {
        guard (path as NSString).pathExtension.isEmpty, let handle = FileHandle(forReadingAtPath: path) else {
            return nil
        }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 12)) ?? Data())
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if head.count == 12, Array(head[4..<8]) == Array("ftyp".utf8) {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            if ["heic", "heix", "mif1", "msf1", "heim", "heis"].contains(brand) { return "image/heic" }
        }
        return nil
    }

    /// The photo in `bytes` as JPEG; `nil` when libheif cannot decode it.
    package static func jpeg(_ bytes: [UInt8]) -> [UInt8]? {
        _ = initialized
        guard let context = heif_context_alloc() else { return nil }
        defer { heif_context_free(context) }
        let read = bytes.withUnsafeBytes {
            heif_context_read_from_memory_without_copy(context, $0.baseAddress, $0.count, nil)
        }
        guard read.code == heif_error_Ok else { return nil }
        var handle: OpaquePointer?
        guard heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok, let handle else {
            return nil
        }
        defer { heif_image_handle_release(handle) }
        var decoded: OpaquePointer?
        guard
            heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil).code
                == heif_error_Ok,
            var image = decoded
        else { return nil }
        defer { heif_image_release(image) }
        let width = heif_image_get_width(image, heif_channel_interleaved)
        let height = heif_image_get_height(image, heif_channel_interleaved)
        guard width > 0, height > 0 else { return nil }
        if max(width, height) > maxSide {
            let scale = Double(maxSide) / Double(max(width, height))
            var scaled: OpaquePointer?
            let error = heif_image_scale_image(
                image, &scaled, max(1, Int32(Double(width) * scale)), max(1, Int32(Double(height) * scale)), nil)
            guard error.code == heif_error_Ok, let scaled else { return nil }
            heif_image_release(image)
            image = scaled
        }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else { return nil }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        guard
            scrollback_jpeg_encode(
                plane, heif_image_get_width(image, heif_channel_interleaved),
                heif_image_get_height(image, heif_channel_interleaved), stride, 85, &output, &size) == 1,
            let output
        else { return nil }
        defer { free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
