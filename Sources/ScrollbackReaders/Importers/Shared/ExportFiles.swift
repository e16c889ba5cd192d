import Foundation
import ScrollbackModel

/// The files of an export that is a folder or a zip, behind one interface.
///
/// A struct of closures (`.directory`, `.zip`) so readers walk a Slack
/// workspace or a WhatsApp export the same way whichever form it came in.
struct ExportFiles {
    /// Relative paths of every file, sorted, with `/` separators.
    var paths: [String]
    /// The bytes of the file at a relative path.
    var contents: (String) -> InputBytes?
    /// Whether the files are members of a zip (so attachments cannot be linked on disk).
    var isZip: Bool
    /// Symlinks of a folder that were not followed: to a folder, or to a file outside the folder
    /// (relative paths, sorted), for the import report.
    var skippedLinks: [String] = []
    private var known: Set<String>
    /// A zip's members, read as `read(_:file:)` reads them (`nil` for a folder).
    private var member: ((String) -> ZipArchive.Member)?
    private var zipHead: ((String, Int) -> InputBytes?)?

    init(paths: [String], contents: @escaping (String) -> InputBytes?, isZip: Bool) {
        self.paths = paths
        self.contents = contents
        self.isZip = isZip
        self.known = Set(paths)
    }

    /// The most a zip member read as text (a chat, a day of a channel) may hold once
    /// decompressed: far beyond any real export's, so only a zip bomb meets it.
    static let zipTextLimit = 256 << 20

    /// The files under a folder (recursively, skipping hidden files and folders, and symlinks that
    /// lead out of it): no export's layout names a dot-file, and a folder saved in a home folder
    /// must not bring `.ssh` or `.aws` into view.
    static func directory(_ root: String) -> ExportFiles {
        let manager = FileManager.default
        var found: [String] = []
        var skipped: [String] = []
        let realRoot = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        walk(root) { path, isLink in
            let name =
                path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.utf8.index(after: $0)...] } ?? path[...]
            if name.hasPrefix(".") || path.hasPrefix("__MACOSX") { return }
            // Below the folder, only a symlink's path can resolve elsewhere (folders that are links are not entered).
            guard isLink else { return found.append(path) }
            var isDirectory: ObjCBool = false
            let full = (root as NSString).appendingPathComponent(path)
            // An unpacked export can carry symlinks; one that resolves outside the folder is not its file.
            let real = URL(fileURLWithPath: full).standardizedFileURL.resolvingSymlinksInPath().path
            guard real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else {
                return skipped.append(path)
            }
            if manager.fileExists(atPath: full, isDirectory: &isDirectory) {
                if isDirectory.boolValue { skipped.append(path) } else { found.append(path) }
            }
        }
        var files = ExportFiles(
            paths: found.sorted(),
            contents: { path in
                (try? ChatInput.load((root as NSString).appendingPathComponent(path)))?.bytes
            },
            isZip: false)
        files.skippedLinks = skipped.sorted()
        return files
    }

    /// The members of a zip, each decompressed when it is asked for (up to `zipTextLimit`); `nil`
    /// when the bytes are not a zip that opens.
    static func withZip<T>(_ bytes: InputBytes, _ body: (ExportFiles) throws -> T) rethrows -> T? {
        guard case .success(let archive) = ZipArchive.Archive.open(bytes) else { return nil }
        let paths = archive.names.filter { !$0.hasSuffix("/") && !$0.hasPrefix("__MACOSX/") }.sorted()
        var files = ExportFiles(
            paths: paths,
            contents: { path in
                guard case .bytes(let bytes) = archive.read(path, limit: zipTextLimit) else { return nil }
                return InputBytes(bytes)
            }, isZip: true)
        files.member = { archive.read($0, limit: zipTextLimit) }
        files.zipHead = { path, count in
            guard case .bytes(let bytes) = archive.read(path, limit: count, head: true) else { return nil }
            return InputBytes(bytes)
        }
        return try body(files)
    }

    /// The first `count` bytes of the file at `path` (all of it, for a folder's file), for sniffing:
    /// a zip member is not decompressed beyond them.
    func head(_ path: String, _ count: Int) -> InputBytes? {
        zipHead.map { $0(path, count) } ?? contents(path)
    }

    /// The bytes of the file at `path`, `nil` when there is none; throws, as an error of `file`,
    /// when it is a zip member that cannot be read (encrypted, damaged, or a zip bomb's).
    func read(_ path: String, file: String) throws(ReadError) -> InputBytes? {
        guard let member else { return contents(path) }
        let problem: String
        switch member(path) {
        case .bytes(let bytes): return InputBytes(bytes)
        case .missing: return nil
        case .failed(let failure): problem = failure.sentence
        case .tooLarge:
            problem =
                "the zip member \"\(path)\" is larger than \(Self.zipTextLimit >> 20) MiB once decompressed; "
                + "Scrollback reads text of up to \(Self.zipTextLimit >> 20) MiB from a zip."
        }
        throw ReadError(location: SourceLocation(file: file), problem: .syntax(problem))
    }

    /// The files directly in `folder` (`""` for the top) whose names end with `suffix`.
    func files(in folder: String, suffix: String) -> [String] {
        let prefix = folder.isEmpty ? "" : folder + "/"
        return paths.filter { path in
            path.hasPrefix(prefix) && path.hasSuffix(suffix) && !path.dropFirst(prefix.count).contains("/")
        }
    }

    /// Whether a file exists at a relative path.
    func contains(_ path: String) -> Bool { known.contains(path) }

    /// Hands every entry under `root` that is not a folder to `visit`, by its relative path, and
    /// whether it is a symlink; enters folders (never hidden ones, nor symlinks to them), and
    /// nothing when `root` itself is a symlink: what `FileManager`'s enumerator walks, with one
    /// `lstat` per entry instead of its URL values (200k instructions an entry).
    private static func walk(_ root: String, visit: (String, Bool) -> Void) {
        var top = root
        while top.count > 1 && top.hasSuffix("/") { top.removeLast() }
        var status = stat()
        guard lstat(top, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
        var folders = [""]
        while let folder = folders.popLast() {
            let directory = folder.isEmpty ? top : top + "/" + folder
            guard let stream = opendir(directory) else { continue }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = folder.isEmpty ? name : folder + "/" + name
                guard lstat(directory + "/" + name, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: if !name.hasPrefix(".") { folders.append(path) }
                case S_IFLNK: visit(path, true)
                default: visit(path, false)
                }
            }
        }
    }
}
