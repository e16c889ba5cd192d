import Foundation
import ScrollbackModel

/// Turns the file names exports give into attachments whose paths stay inside the input's folder.
struct AttachmentPaths {
    /// The folder paths are relative to; `nil` when the input came from standard input or memory.
    var baseDirectory: String?
    /// Files of a zip export: an attachment's path is then the member's name inside the zip
    /// (`ExportArchive.member` reads it), not a file on disk.
    var zipMembers: ExportFiles?
    /// The folder inside the zip that paths are relative to (where the chat file is), `""` for the top.
    var memberFolder = ""

    /// An attachment for `path` as the export wrote it, or one with only a name (and a warning) when the
    /// path is unsafe, missing or inside a zip.
    func attachment(
        _ path: String, type: String? = nil, name: String? = nil, location: SourceLocation?,
        report: inout ImportReport
    ) -> Attachment {
        let shownName = name ?? (path as NSString).lastPathComponent
        guard let relative = Self.safeRelativePath(path) else {
            report.warnings.append(
                .init(
                    location: location,
                    text: "The attachment path \"\(path)\" points outside the input's folder; it is not linked."))
            return Attachment(type: type, name: shownName)
        }
        if let zipMembers {
            // A member of the zip is read in place by the pages (inlined, or copied into a site).
            let member = memberFolder.isEmpty ? relative : memberFolder + "/" + relative
            guard zipMembers.contains(member) else {
                report.warnings.append(
                    .init(location: location, text: "The attachment \"\(relative)\" is not in the zip."))
                return Attachment(type: type, name: shownName)
            }
            return Attachment(path: member, type: type, name: shownName)
        }
        if let baseDirectory {
            let full = (baseDirectory as NSString).appendingPathComponent(relative)
            if !FileManager.default.fileExists(atPath: full) {
                report.warnings.append(
                    .init(location: location, text: "The attachment \"\(relative)\" is not in the input's folder."))
            }
        }
        return Attachment(path: relative, type: type, name: shownName)
    }

    /// `path` with `./` removed, or `nil` when it is absolute, has `..`, a scheme or a drive letter.
    static func safeRelativePath(_ path: String) -> String? {
        // A path without a `\`, `:` or NUL byte has nothing to replace or refuse for them (each
        // character they are in holds the byte): the searches by characters are skipped.
        let plain = !path.utf8.contains { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: ":") || $0 == 0 }
        let unified = plain ? path : path.replacingOccurrences(of: "\\", with: "/")
        guard !unified.isEmpty, !unified.hasPrefix("/"), !unified.hasPrefix("~"),
            plain || (!unified.contains(":") && !unified.contains("\0"))
        else { return nil }
        let parts = unified.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !parts.isEmpty, !parts.contains("..") else { return nil }
        return parts.joined(separator: "/")
    }
}
