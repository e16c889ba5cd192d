import ScrollbackModel

/// Members of an export that came as a zip (WhatsApp's "Export chat" with media), read in place.
package enum ExportArchive {
    /// Whether `bytes` are a zip file.
    package static func isZip(_ bytes: InputBytes) -> Bool { ZipArchive.isZip(bytes) }

    /// Why the zip in `bytes` cannot be read, as an error of `file`: it does not open (cut short,
    /// damaged) or a member is encrypted. `nil` when it opens and nothing in it is encrypted.
    package static func problem(in bytes: InputBytes, file: String) -> ReadError? {
        let failure: ZipArchive.Failure
        switch ZipArchive.Archive.open(bytes) {
        case .failure(let reason): failure = reason
        case .success(let archive):
            guard archive.isEncrypted else { return nil }
            failure = .encrypted
        }
        return ReadError(location: SourceLocation(file: file), problem: .syntax(failure.sentence))
    }

    /// What reading a member for a page gave.
    package enum Contents: Sendable, Equatable {
        /// All of its bytes, no more than the limit asked for.
        case bytes([UInt8])
        /// More bytes than the limit once decompressed.
        case tooLarge
        /// No such member, or one that cannot be read (encrypted, damaged).
        case unreadable
    }

    /// An open zip whose members pages read (inline or copy out), each read counted as it is
    /// decompressed; `nil` when the bytes are not a zip that opens.
    package final class Members: Sendable {
        private let archive: ZipArchive.Archive
        /// The members' names (folders left out).
        package let names: Set<String>
        /// The zip's own size in bytes.
        package let size: Int

        package init?(_ bytes: InputBytes) {
            guard case .success(let archive) = ZipArchive.Archive.open(bytes) else { return nil }
            self.archive = archive
            names = Set(archive.names.filter { !$0.hasSuffix("/") })
            size = bytes.count
        }

        /// The member `name` if its real bytes, decompressed, are no more than `limit`.
        package func read(_ name: String, limit: Int) -> Contents {
            switch archive.read(name, limit: limit) {
            case .bytes(let bytes): .bytes(bytes)
            case .tooLarge: .tooLarge
            case .missing, .failed: .unreadable
            }
        }
    }

    /// The bytes of the member `name` of the zip in `bytes` (up to 1 GiB), or `nil` when it holds none.
    package static func member(_ name: String, of bytes: InputBytes) -> [UInt8]? {
        guard case .bytes(let contents) = Members(bytes)?.read(name, limit: 1 << 30) else { return nil }
        return contents
    }
}
