import ScrollbackReaders
import ScrollbackRender

extension MediaArchive {
    /// The zip `input` is, as the archive its pages read attachments from; `nil` when the input
    /// is not a zip that opens. Each member read is decompressed a chunk at a time and stops at
    /// the limit asked for.
    package static func zip(_ input: ChatInput) -> MediaArchive? {
        guard case .bytes(let bytes) = input.content, ExportArchive.isZip(bytes),
            let zip = ExportArchive.Members(bytes)
        else { return nil }
        return MediaArchive(name: input.name, size: zip.size, members: zip.names) { path, limit in
            switch zip.read(path, limit: limit) {
            case .bytes(let bytes): .bytes(bytes)
            case .tooLarge: .tooLarge
            case .unreadable: .unreadable
            }
        }
    }
}
