import Foundation
import ScrollbackModel

/// Where the files a Messages database names are: beside `chat.db` (`Attachments/…`, named
/// `~/Library/Messages/Attachments/…` in the database), or, in an iPhone backup, under the hashed
/// names its `Manifest.db` gives them.
///
/// A name that leads anywhere else (`../../etc/passwd`, another absolute path, a symbolic link out
/// of the folder) is never read or linked: the attachment keeps its name and the report warns.
struct IMessageFiles {
    /// The folder attachment paths are relative to: the database's folder, or the backup's top folder.
    var baseDirectory: String?
    /// The backup's file list, when the database is an iPhone backup's `sms.db`.
    private var manifest: SQLiteDatabase?
    private var manifestLookup: SQLiteStatement?
    /// The base folder with symbolic links resolved, to check where a file really is.
    private let realBase: String?

    /// The file name of `sms.db` in an iPhone backup: the SHA-1 of `HomeDomain-Library/SMS/sms.db`.
    static let backupDatabaseName = "3d0d7e5fb2ce288813306e4d4636395e047a3d28"

    init(databasePath: String, baseDirectory: String?) {
        self.baseDirectory = baseDirectory
        realBase = baseDirectory.flatMap(Self.realPath)
        if let root = Self.backupRoot(ofDatabase: databasePath) {
            let manifestPath = (root as NSString).appendingPathComponent("Manifest.db")
            manifest = try? SQLiteDatabase(path: manifestPath)
            manifestLookup = try? manifest?.prepare(
                "SELECT fileID FROM Files WHERE relativePath = ?1 AND domain IN ('MediaDomain', 'HomeDomain') LIMIT 1")
        }
    }

    /// The top folder of the iPhone backup `path` is the `sms.db` of (`BACKUP/3d/3d0d7e…` or the
    /// older flat `BACKUP/3d0d7e…`, with `Manifest.db` at the top), else `nil`.
    static func backupRoot(ofDatabase path: String) -> String? {
        guard (path as NSString).lastPathComponent == backupDatabaseName else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        for candidate in [folder, (folder as NSString).deletingLastPathComponent] {
            let top = candidate.isEmpty ? "." : candidate
            if FileManager.default.fileExists(atPath: (top as NSString).appendingPathComponent("Manifest.db")) {
                return top
            }
        }
        return nil
    }

    /// Where the file of `name` (the `filename` column) is, relative to the base folder; a
    /// warning's words when it is outside, missing or not a regular file.
    func resolve(_ name: String) -> Result<String, Refusal> {
        guard let relative = relativeName(name) else { return .failure(.outside) }
        if let manifestLookup {
            guard let fileID = manifestLookup.lookUp(relative), fileID.count > 2,
                fileID.allSatisfy({ $0.isHexDigit })
            else { return .failure(.missing) }
            return check(String(fileID.prefix(2)) + "/" + fileID)
        }
        return check(relative)
    }

    /// Why a file is not linked.
    enum Refusal: Error {
        case outside, missing, link
    }

    /// The part of the database's name below the Messages folder (`Attachments/ab/…`), or, for a
    /// backup, below the phone's home folder (`Library/SMS/Attachments/…`); `nil` when the name is
    /// anything else.
    private func relativeName(_ name: String) -> String? {
        let homes =
            manifest != nil
            ? ["~/", "/var/mobile/", "/private/var/mobile/"]
            : ["~/Library/Messages/", "/var/mobile/Library/SMS/", "~/Library/SMS/"]
        var rest: Substring?
        for home in homes where name.hasPrefix(home) { rest = name.dropFirst(home.count) }
        if rest == nil, manifest == nil, name.hasPrefix("/"), let range = name.range(of: "/Library/Messages/") {
            // An absolute name of a Mac's own Messages folder (`/Users/NAME/Library/Messages/…`).
            let user = name[..<range.lowerBound]
            if user.hasPrefix("/Users/") && user.dropFirst(7).allSatisfy({ $0 != "/" }) {
                rest = name[range.upperBound...]
            }
        }
        guard let rest, let safe = AttachmentPaths.safeRelativePath(String(rest)) else { return nil }
        return safe
    }

    /// `relative` when it is a regular file inside the base folder, symbolic links resolved.
    private func check(_ relative: String) -> Result<String, Refusal> {
        guard let baseDirectory, let realBase else { return .success(relative) }
        let full = (baseDirectory as NSString).appendingPathComponent(relative)
        guard let real = Self.realPath(full) else { return .failure(.missing) }
        guard real.hasPrefix(realBase.hasSuffix("/") ? realBase : realBase + "/") else { return .failure(.link) }
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(.missing) }
        return .success(relative)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension SQLiteStatement {
    /// The first column of the first row for the one text parameter `value`, reset for the next use.
    fileprivate func lookUp(_ value: String) -> String? {
        bind(value)
        defer { reset() }
        return (try? step()) == true ? text(0) : nil
    }
}
