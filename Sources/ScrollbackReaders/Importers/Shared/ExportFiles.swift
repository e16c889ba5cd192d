import Foundation

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
    private var known: Set<String>

    init(paths: [String], contents: @escaping (String) -> InputBytes?, isZip: Bool) {
        self.paths = paths
        self.contents = contents
        self.isZip = isZip
        self.known = Set(paths)
    }

    /// The files under a folder (recursively, skipping hidden files and symlinks that lead out of it).
    static func directory(_ root: String) -> ExportFiles {
        let manager = FileManager.default
        var found: [String] = []
        let realRoot = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        if let walker = manager.enumerator(atPath: root) {
            while let path = walker.nextObject() as? String {
                let name = (path as NSString).lastPathComponent
                if name.hasPrefix(".") || path.hasPrefix("__MACOSX") { continue }
                var isDirectory: ObjCBool = false
                let full = (root as NSString).appendingPathComponent(path)
                // An unpacked export can carry symlinks; one that resolves outside the folder is not its file.
                let real = URL(fileURLWithPath: full).standardizedFileURL.resolvingSymlinksInPath().path
                guard real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else { continue }
                if manager.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                    found.append(path)
                }
            }
        }
        return ExportFiles(
            paths: found.sorted(),
            contents: { path in
                (try? ChatInput.load((root as NSString).appendingPathComponent(path)))?.bytes
            },
            isZip: false)
    }

    /// The members of a zip, read eagerly by name on demand inside `ZipArchive.open`.
    static func withZip<T>(_ bytes: InputBytes, _ body: (ExportFiles) throws -> T) rethrows -> T? {
        try ZipArchive.open(bytes) { members in
            let paths = members.names.filter { !$0.hasSuffix("/") && !$0.hasPrefix("__MACOSX/") }.sorted()
            return try body(
                ExportFiles(paths: paths, contents: { members.contents(of: $0).map(InputBytes.init) }, isZip: true))
        }
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
}
