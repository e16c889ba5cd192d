import CZip

/// Reads members of a `.zip` held in memory (WhatsApp "Export chat" and Slack workspace exports).
///
/// The only file that imports libzip: the archive is opened, read and closed
/// inside `open`, so no C pointer outlives the call.
enum ZipArchive {
    /// The first bytes of every zip file that has members.
    static let signature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    /// Whether `bytes` start like a zip file.
    static func isZip(_ bytes: InputBytes) -> Bool { bytes.starts(with: signature) }

    /// Member names and contents, valid only inside `open`'s closure.
    struct Members {
        fileprivate let archive: OpaquePointer
        /// Every member's name, in the archive's order (folders end with `/`).
        let names: [String]

        /// The bytes of the member called `name`, or `nil` when there is none or it cannot be read.
        func contents(of name: String) -> [UInt8]? {
            var stat = zip_stat_t()
            zip_stat_init(&stat)
            guard zip_stat(archive, name, 0, &stat) == 0, stat.valid & UInt64(ZIP_STAT_SIZE) != 0 else { return nil }
            // Refuse members over 1 GB rather than let a header size an allocation (zip bombs).
            guard stat.size < 1 << 30, let file = zip_fopen(archive, name, 0) else { return nil }
            defer { zip_fclose(file) }
            var buffer = [UInt8](repeating: 0, count: Int(stat.size))
            var filled = 0
            while filled < buffer.count {
                let read = buffer.withUnsafeMutableBytes { raw in
                    zip_fread(file, raw.baseAddress! + filled, zip_uint64_t(raw.count - filled))
                }
                if read <= 0 { break }
                filled += Int(read)
            }
            return filled == buffer.count ? buffer : nil
        }
    }

    /// Opens the zip in `bytes` and hands its members to `body`; `nil` when the bytes are not a readable zip.
    static func open<T>(_ bytes: InputBytes, _ body: (Members) throws -> T) rethrows -> T? {
        guard !bytes.isEmpty else { return nil }
        return try bytes.withUnsafeBytes { raw -> T? in
            var error = zip_error_t()
            zip_error_init(&error)
            defer { zip_error_fini(&error) }
            // freep = 0: the buffer stays owned by Swift and outlives the archive.
            guard let source = zip_source_buffer_create(raw.baseAddress, zip_uint64_t(raw.count), 0, &error) else {
                return nil
            }
            guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
                zip_source_free(source)
                return nil
            }
            defer { zip_discard(archive) }
            let count = zip_get_num_entries(archive, 0)
            var names: [String] = []
            names.reserveCapacity(Int(max(count, 0)))
            for index in 0..<max(count, 0) {
                if let name = zip_get_name(archive, zip_uint64_t(index), zip_flags_t(ZIP_FL_ENC_GUESS)) {
                    names.append(String(cString: name))
                }
            }
            return try body(Members(archive: archive, names: names))
        }
    }
}
