import Foundation
import ScrollbackModel
import Synchronization

/// Writes a site into a private staging folder beside the target and swaps it in at the end.
///
/// Files whose bytes are unchanged since the last build are hard-linked from the old site
/// (same inode, same modification time) instead of written, so an unchanged rebuild rewrites
/// nothing; the old site stays whole until the single swap.
final class SiteWriter: Sendable {
    /// The site folder.
    let target: String
    /// Where this build is assembled.
    let staging: String
    /// The last build's manifest, if the folder holds one.
    let previous: SiteManifest?
    private let reusable: [String: String]
    private let state = Mutex(Staged())

    /// What this build has staged, shared by the threads that render pages.
    private struct Staged {
        var files: [String: String] = [:]
        var folders: Set<String> = [""]
        var written = 0
        var kept = 0
        var bytes = 0
    }

    /// Files written (new or changed) so far.
    var written: Int { state.withLock { $0.written } }
    /// Files kept from the last build (hard-linked) so far.
    var kept: Int { state.withLock { $0.kept } }
    /// Bytes staged so far.
    var bytes: Int { state.withLock { $0.bytes } }

    /// Prepares a staging folder for `target`, refusing a foreign non-empty folder unless `force`.
    ///
    /// The caller holds the target's `OutputLock`. The staging folder is named after this process
    /// (`.NAME.scrollback-staging-PID`), so no other build ever writes into it or removes it.
    init(target: String, force: Bool, clean: Bool) throws {
        let manager = FileManager.default
        // A target that is a link: the site is built where it leads, and the link stays a link.
        let url = URL(fileURLWithPath: OutputLock.resolvingLinks(target))
        self.target = url.path
        let stem = "." + url.lastPathComponent + ".scrollback-staging"
        staging = url.deletingLastPathComponent().path + "/" + stem + "-\(getpid())"
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: self.target, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw SiteError(path: target, reason: .notAFolder) }
            let entries = (try? manager.contentsOfDirectory(atPath: self.target)) ?? []
            if !entries.isEmpty && !SiteManifest.marks(folder: self.target) && !force {
                throw SiteError(path: target, reason: .foreignFolder)
            }
        }
        previous = SiteManifest.read(folder: self.target)
        reusable = clean ? [:] : previous?.files ?? [:]
        Self.removeLeftStaging(beside: url.deletingLastPathComponent().path, stem: stem)
        if manager.fileExists(atPath: staging) {
            // A build of an earlier process with this number left it, and it is not ours to remove.
            throw SiteError(path: staging, reason: .cannotWrite("a folder of that name is in the way"))
        }
        do {
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: true)
        } catch {
            throw SiteError(path: staging, reason: .cannotWrite(error.localizedDescription))
        }
        try write(Self.marker, Array("scrollback site build in progress\n".utf8))
    }

    /// Adds a file with `text` as its content.
    func emit(_ path: String, _ text: String) throws { try emit(path, Array(text.utf8)) }

    /// Adds a file with `data` as its content, keeping the old file when its bytes are the same.
    func emit(_ path: String, _ data: [UInt8]) throws {
        let hash = SHA256.hex(data)
        if reusable[path] == hash, linkOld(path, hash: hash) { return }
        try write(path, data)
        record(path, hash: hash, size: data.count, written: true)
    }

    /// Keeps the last build's `path` as it is; `false` when it cannot (no such file, changed size).
    func reuse(_ path: String) -> Bool {
        guard let hash = reusable[path] else { return false }
        return linkOld(path, hash: hash)
    }

    /// Adds a copy of the file at `source` (media), named by the caller after its content hash.
    func copy(_ path: String, from source: String, hash: String) throws {
        if reusable[path] == hash, linkOld(path, hash: hash) { return }
        guard let data = FileManager.default.contents(atPath: source) else {
            throw SiteError(path: source, reason: .cannotWrite("cannot read the attachment"))
        }
        try write(path, [UInt8](data))
        record(path, hash: hash, size: data.count, written: true)
    }

    /// Whether a file of this build is already staged.
    func has(_ path: String) -> Bool { state.withLock { $0.files[path] != nil } }

    /// The files staged so far → their hashes.
    var stagedFiles: [String: String] { state.withLock { $0.files } }

    /// Carries over foreign files, writes the manifest and swaps the staging folder in.
    /// Returns `false` when the result equals the existing site, which is then left untouched.
    @discardableResult
    func finish(_ manifest: SiteManifest) throws -> Bool {
        var manifest = manifest
        manifest.files = stagedFiles
        let data = manifest.encoded()
        let manager = FileManager.default
        let exists = manager.fileExists(atPath: target)
        if exists { try carryForeignFiles(owned: Set(previous?.files.keys ?? [:].keys)) }
        if let previous, previous == manifest, written == 0, (try? manager.contentsOfDirectory(atPath: target)) != nil {
            try? manager.removeItem(atPath: staging)  // nothing changed: the site stays as it is, folder and all
            return false
        }
        try write(SiteManifest.fileName, data)
        unlink(staging + "/" + Self.marker)
        if !exists {
            guard rename(staging, target) == 0 else { throw failure(target) }
        } else if DirectorySwap.exchange(staging, target) {
            try? manager.removeItem(atPath: staging)  // now the old site: our files and links to foreign ones
        } else {
            // No atomic exchange: two renames; a kill between them leaves the old site beside the target.
            let old = staging + ".old"
            guard rename(target, old) == 0 else { throw failure(target) }
            guard rename(staging, target) == 0 else {
                rename(old, target)
                throw failure(target)
            }
            try? manager.removeItem(atPath: old)
        }
        return true
    }

    /// Gives up: removes the staging folder and leaves the site as it was.
    func abandon() { try? FileManager.default.removeItem(atPath: staging) }

    static let marker = ".scrollback-staging"

    /// Removes the staging folders that killed builds of this target left (`STEM-PID` of a
    /// process that is gone or of this one, and the `STEM` of earlier versions): each a partial
    /// new site or, after the swap, the old one. Only a folder with the marker or a manifest is
    /// removed; a folder of a running build, or one that is not a build's, is left alone.
    private static func removeLeftStaging(beside folder: String, stem: String) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(stem) {
            let rest = name.dropFirst(stem.count)
            if !rest.isEmpty {
                // `-PID`, or `-PID.old`: the old site a build without an atomic exchange set aside.
                let number = rest.hasSuffix(".old") ? rest.dropFirst().dropLast(4) : rest.dropFirst()
                guard rest.first == "-", let pid = Int32(number), pid > 0 else { continue }
                guard pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) else { continue }
            }
            let path = folder + "/" + name
            // A build killed between making its folder and writing the marker in it left it empty.
            let empty = (try? manager.contentsOfDirectory(atPath: path))?.isEmpty ?? false
            guard empty || manager.fileExists(atPath: path + "/" + marker) || SiteManifest.marks(folder: path) else {
                continue
            }
            try? manager.removeItem(atPath: path)
        }
    }

    private func record(_ path: String, hash: String, size: Int, written isNew: Bool) {
        state.withLock { state in
            state.files[path] = hash
            state.bytes += size
            if isNew { state.written += 1 } else { state.kept += 1 }
        }
    }

    private func linkOld(_ path: String, hash: String) -> Bool {
        let old = target + "/" + path
        var info = stat()
        guard lstat(old, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        ensureFolder(of: path)
        let new = staging + "/" + path
        unlink(new)  // a name staged earlier in this build is replaced, never written through
        if link(old, new) != 0 {
            guard let data = FileManager.default.contents(atPath: old),
                (try? data.write(to: URL(fileURLWithPath: new))) != nil
            else { return false }
            var times = [info.accessed, info.modified]
            utimensat(AT_FDCWD, new, &times, 0)
        }
        record(path, hash: hash, size: Int(info.st_size), written: false)
        return true
    }

    private func write(_ path: String, _ data: [UInt8]) throws {
        ensureFolder(of: path)
        let full = staging + "/" + path
        // The name may be a hard link to the old site's file: unlink it so the old file is never changed.
        unlink(full)
        let descriptor = open(full, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(full) }
        defer { close(descriptor) }
        guard writeAll(descriptor, data) else { throw failure(full) }
    }

    private func ensureFolder(of path: String) {
        guard let slash = path.lastIndex(of: "/") else { return }
        let folder = String(path[..<slash])
        // Under the lock, so a second thread never writes into a folder the first has not made yet.
        state.withLock { state in
            if state.folders.insert(folder).inserted {
                try? FileManager.default.createDirectory(
                    atPath: staging + "/" + folder, withIntermediateDirectories: true)
            }
        }
    }

    /// Files in the site folder that no build of ours made are linked into the new site, so the
    /// swap never deletes them (a same-named file of ours replaces one only under `--force`).
    private func carryForeignFiles(owned: Set<String>) throws {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: target) else { return }
        var ownedFolders: Set<String> = []
        for file in owned {
            var folder = (file as NSString).deletingLastPathComponent
            while !folder.isEmpty, ownedFolders.insert(folder).inserted {
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        while let relative = enumerator.nextObject() as? String {
            let full = target + "/" + relative
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR {
                // A folder of ours that is now empty goes; a foreign one stays, even when empty.
                if !ownedFolders.contains(relative) {
                    try? manager.createDirectory(atPath: staging + "/" + relative, withIntermediateDirectories: true)
                }
                continue
            }
            if owned.contains(relative) || relative == SiteManifest.fileName || has(relative) { continue }
            ensureFolder(of: relative)
            let destination = staging + "/" + relative
            if kind == S_IFLNK, let pointee = try? manager.destinationOfSymbolicLink(atPath: full) {
                try? manager.createSymbolicLink(atPath: destination, withDestinationPath: pointee)
            } else if link(full, destination) != 0 {
                throw failure(destination)
            }
        }
    }

    private func failure(_ path: String) -> SiteError {
        SiteError(path: path, reason: .cannotWrite(String(cString: strerror(errno))))
    }
}

/// Writes every byte of `data` to `descriptor`.
private func writeAll(_ descriptor: Int32, _ data: [UInt8]) -> Bool {
    data.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let count = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
