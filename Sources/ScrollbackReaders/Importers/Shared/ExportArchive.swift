/// Members of an export that came as a zip (WhatsApp's "Export chat" with media), read in place.
package enum ExportArchive {
    /// Whether `bytes` are a zip file.
    package static func isZip(_ bytes: InputBytes) -> Bool { ZipArchive.isZip(bytes) }

    /// The bytes of the member `name` of the zip in `bytes`, or `nil` when it holds none.
    package static func member(_ name: String, of bytes: InputBytes) -> [UInt8]? {
        ZipArchive.open(bytes) { $0.contents(of: name) } ?? nil
    }
}
