import CZip
import Foundation

/// Reads members of a `.zip` held in memory (WhatsApp "Export chat" and Slack workspace exports).
///
/// The only file that imports libzip. A member is decompressed a chunk at a time and counted as
/// it comes: the size its header claims sizes nothing, and a read stops as soon as the real bytes
/// pass the caller's limit (zip bombs cost the limit, not what they claim).
enum ZipArchive {
    /// The first bytes of every zip file that has members.
    static let signature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    /// Whether `bytes` start like a zip file.
    static func isZip(_ bytes: InputBytes) -> Bool { bytes.starts(with: signature) }

    /// Why a zip, or one of its members, cannot be read.
    enum Failure: Error, Equatable {
        /// Cut short or corrupt; the detail says what libzip found.
        case damaged(String)
        /// A member is encrypted (Scrollback has no password to give).
        case encrypted
        /// A member is compressed in a way libzip here cannot undo.
        case unsupported(String)

        /// The sentence an error gives after the file's name.
        var sentence: String {
            switch self {
            case .damaged(let detail): "the zip archive is truncated or damaged (\(detail))."
            case .encrypted: "the zip archive is encrypted; Scrollback cannot read encrypted exports."
            case .unsupported(let detail): "the zip archive uses a compression Scrollback cannot read (\(detail))."
            }
        }
    }

    /// What reading one member gave.
    enum Member: Equatable {
        /// All of its bytes, no more than the limit asked for.
        case bytes([UInt8])
        /// Its bytes, decompressed, pass the limit (only the limit and one chunk were read).
        case tooLarge
        /// The archive has no such member.
        case missing
        case failed(Failure)
    }

    /// An open archive over bytes it keeps alive. libzip's archive is not safe to share between
    /// threads, so reads take turns.
    final class Archive: @unchecked Sendable {
        // Sendable: `handle` is only used under `lock`, and `bytes` are never written.
        private let bytes: InputBytes
        private let handle: OpaquePointer
        private let lock = NSLock()
        /// Every member's name, in the archive's order (folders end with `/`).
        let names: [String]
        private let indexes: [String: UInt64]
        /// Whether any member that is not a folder is encrypted.
        let isEncrypted: Bool

        /// Opens the zip in `bytes`; the failure says why it cannot be.
        static func open(_ bytes: InputBytes) -> Result<Archive, Failure> {
            guard !bytes.isEmpty else { return .failure(.damaged("it is empty")) }
            var error = zip_error_t()
            zip_error_init(&error)
            defer { zip_error_fini(&error) }
            // The storage behind `bytes` stays put for as long as the archive holds them; freep = 0
            // leaves it owned by Swift.
            let handle: OpaquePointer? = bytes.withUnsafeBytes { raw in
                guard let source = zip_source_buffer_create(raw.baseAddress, zip_uint64_t(raw.count), 0, &error)
                else { return nil }
                guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
                    zip_source_free(source)
                    return nil
                }
                return archive
            }
            guard let handle else { return .failure(failure(&error, member: nil)) }
            return .success(Archive(bytes: bytes, handle: handle))
        }

        private init(bytes: InputBytes, handle: OpaquePointer) {
            self.bytes = bytes
            self.handle = handle
            let count = max(zip_get_num_entries(handle, 0), 0)
            var names: [String] = []
            var indexes: [String: UInt64] = [:]
            var isEncrypted = false
            names.reserveCapacity(Int(count))
            for index in 0..<UInt64(count) {
                guard let name = zip_get_name(handle, index, zip_flags_t(ZIP_FL_ENC_GUESS)) else { continue }
                let text = String(cString: name)
                names.append(text)
                if indexes[text] == nil { indexes[text] = index }
                var stat = zip_stat_t()
                zip_stat_init(&stat)
                if !text.hasSuffix("/"), zip_stat_index(handle, index, 0, &stat) == 0,
                    stat.valid & UInt64(ZIP_STAT_ENCRYPTION_METHOD) != 0, stat.encryption_method != ZIP_EM_NONE
                {
                    isEncrypted = true
                }
            }
            self.names = names
            self.indexes = indexes
            self.isEncrypted = isEncrypted
        }

        deinit { zip_discard(handle) }

        /// Whether the archive has a member called `name`.
        func contains(_ name: String) -> Bool { indexes[name] != nil }

        /// The member called `name`, decompressed, if its real bytes are no more than `limit`; with
        /// `head`, its first `limit` bytes whatever its size.
        func read(_ name: String, limit: Int, head: Bool = false) -> Member {
            guard let index = indexes[name] else { return .missing }
            lock.lock()
            defer { lock.unlock() }
            return withExtendedLifetime(bytes) { read(index: index, name: name, limit: limit, head: head) }
        }

        private func read(index: UInt64, name: String, limit: Int, head: Bool) -> Member {
            var stat = zip_stat_t()
            zip_stat_init(&stat)
            guard zip_stat_index(handle, index, 0, &stat) == 0 else {
                return .failed(ZipArchive.failure(zip_get_error(handle), member: name))
            }
            if stat.valid & UInt64(ZIP_STAT_ENCRYPTION_METHOD) != 0, stat.encryption_method != ZIP_EM_NONE {
                return .failed(.encrypted)
            }
            guard let file = zip_fopen_index(handle, index, 0) else {
                return .failed(ZipArchive.failure(zip_get_error(handle), member: name))
            }
            defer { zip_fclose(file) }
            // The claimed size is a hint for the first allocation only, and a small one at most.
            let claimed = stat.valid & UInt64(ZIP_STAT_SIZE) != 0 ? Int(clamping: stat.size) : 0
            var result: [UInt8] = []
            result.reserveCapacity(min(claimed, limit, 1 << 20))
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { raw in
                    zip_fread(file, raw.baseAddress!, zip_uint64_t(raw.count))
                }
                if count < 0 { return .failed(ZipArchive.failure(zip_file_get_error(file), member: name)) }
                if count == 0 { return .bytes(result) }
                if Int(count) > limit - result.count {
                    guard head else { return .tooLarge }
                    result.append(contentsOf: chunk[..<(limit - result.count)])
                    return .bytes(result)
                }
                result.append(contentsOf: chunk[..<Int(count)])
            }
        }
    }

    private static func failure(_ error: UnsafeMutablePointer<zip_error_t>, member: String?) -> Failure {
        let code = zip_error_code_zip(error)
        let detail: String
        switch code {
        case ZIP_ER_NOPASSWD, ZIP_ER_WRONGPASSWD, ZIP_ER_ENCRNOTSUPP: return .encrypted
        case ZIP_ER_COMPNOTSUPP:
            return .unsupported(member.map { "member \"\($0)\"" } ?? "a member")
        case ZIP_ER_NOZIP: detail = "its closing directory is missing"
        case ZIP_ER_INCONS: detail = "its directory does not match its members"
        case ZIP_ER_EOF: detail = "it ends early"
        case ZIP_ER_CRC: detail = "the checksum does not match"
        case ZIP_ER_COMPRESSED_DATA, ZIP_ER_ZLIB: detail = "the compressed data is invalid"
        case ZIP_ER_MULTIDISK: detail = "it is one part of a split archive"
        default: detail = String(cString: zip_error_strerror(error)).lowercased()
        }
        return .damaged(member.map { "member \"\($0)\": \(detail)" } ?? detail)
    }
}
