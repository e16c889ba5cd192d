import CZip
import Foundation

/// Writes zip files with libzip, for tests of zip exports: stored, deflated or bzip2 members,
/// encrypted ones, and a member's bytes given as a repeated pattern so a large member costs the
/// test no more memory than the zip libzip writes.
public enum ZipMaker {
    /// One member: its name, its bytes (`pattern` repeated to `size` bytes, or once when `size` is
    /// `nil`), how it is compressed, and the password it is encrypted with, if any.
    public struct Member: Sendable {
        public var name: String
        public var pattern: [UInt8]
        public var size: Int?
        public var method: Method
        public var password: String?

        public init(_ name: String, _ text: String, method: Method = .deflate, password: String? = nil) {
            self.init(name, bytes: Array(text.utf8), method: method, password: password)
        }

        public init(_ name: String, bytes: [UInt8], method: Method = .deflate, password: String? = nil) {
            self.name = name
            self.pattern = bytes
            self.method = method
            self.password = password
        }

        /// A member of `size` bytes of `pattern` over and over.
        public init(_ name: String, repeating pattern: String, size: Int, method: Method = .deflate) {
            self.name = name
            self.pattern = Array(pattern.utf8)
            self.size = size
            self.method = method
        }
    }

    public enum Method: Sendable {
        case store, deflate, bzip2

        var code: Int32 {
            switch self {
            case .store: ZIP_CM_STORE
            case .deflate: ZIP_CM_DEFLATE
            case .bzip2: ZIP_CM_BZIP2
            }
        }
    }

    /// Writes `members` as a zip at `path`.
    public static func write(_ members: [Member], to path: String) throws {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            throw CocoaError(.fileWriteUnknown)
        }
        var failed = false
        for member in members {
            var bytes = member.pattern
            if let size = member.size, !bytes.isEmpty {
                bytes.reserveCapacity(size * 2)
                while bytes.count < size { bytes += bytes }  // doubling: a few copies, not a loop a byte
                bytes.removeLast(bytes.count - size)
            }
            // libzip frees the copy once it has written the member.
            let copy = malloc(max(bytes.count, 1))!
            bytes.withUnsafeBytes { raw in
                if let base = raw.baseAddress { memcpy(copy, base, raw.count) }
            }
            guard let source = zip_source_buffer(archive, copy, zip_uint64_t(bytes.count), 1) else {
                free(copy)
                failed = true
                continue
            }
            let index = zip_file_add(archive, member.name, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
            guard index >= 0 else {
                zip_source_free(source)
                failed = true
                continue
            }
            if zip_set_file_compression(archive, zip_uint64_t(index), member.method.code, 0) != 0 { failed = true }
            if let password = member.password,
                zip_file_set_encryption(archive, zip_uint64_t(index), zip_uint16_t(ZIP_EM_AES_256), password) != 0
            {
                failed = true
            }
        }
        if zip_close(archive) != 0 {
            zip_discard(archive)
            failed = true
        }
        if failed { throw CocoaError(.fileWriteUnknown) }
    }

    /// The zip of `members` as bytes.
    public static func bytes(_ members: [Member]) throws -> [UInt8] {
        let path = TestFolders.path("zip", suffix: ".zip").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try write(members, to: path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
