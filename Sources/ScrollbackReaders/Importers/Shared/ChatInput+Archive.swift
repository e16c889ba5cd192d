/// Attachments of an export read from a `.zip` (WhatsApp's "Export chat" with media) name members
/// of the archive: `Attachment.path` is the member's name, and these read it in place.
extension ChatInput {
    /// Whether the input is a zip archive, so attachment paths name its members, not files beside it.
    public var isArchive: Bool { bytes.map(ZipArchive.isZip) ?? false }

    /// The bytes of the member `path` of the input's zip; `nil` when the input is no zip, the
    /// path is not a plain relative one, or the archive has no such member.
    public func archiveMember(_ path: String) -> [UInt8]? {
        guard let bytes, ZipArchive.isZip(bytes), AttachmentPaths.safeRelativePath(path) == path else { return nil }
        return ZipArchive.open(bytes) { $0.contents(of: path) } ?? nil
    }
}
