import Foundation
import ScrollbackModel

/// What every chat of one database shares: handles, files, where attachments are, and what the
/// report says once about the whole database.
final class IMessageContext {
    let location: SourceLocation
    let handles: [Int64: String]
    let files: [Int64: [IMessageDatabase.AttachmentRow]]
    private let paths: IMessageFiles
    private(set) var usedEffects = false
    private(set) var unplayableAudio = 0
    private(set) var missingFiles = 0

    init(
        location: SourceLocation, handles: [Int64: String], files: [Int64: [IMessageDatabase.AttachmentRow]],
        paths: IMessageFiles
    ) {
        self.location = location
        self.handles = handles
        self.files = files
        self.paths = paths
    }

    func noteEffects() { usedEffects = true }

    /// The attachment for a file row: linked when its file is inside the folder, else named with a warning.
    func attachment(_ file: IMessageDatabase.AttachmentRow, row: IMessageRow, report: inout ImportReport)
        -> Attachment
    {
        let name =
            file.transferName.flatMap { $0.isEmpty ? nil : $0 }
            ?? file.filename.map { ($0 as NSString).lastPathComponent } ?? "attachment"
        var attachment = Attachment(type: type(of: file, name: name, row: row), name: name)
        if file.totalBytes > 0 { attachment.size = Int(clamping: file.totalBytes) }
        guard let filename = file.filename, !filename.isEmpty else {
            attachment.omitted = true
            missingFiles += 1
            return attachment
        }
        switch paths.resolve(filename) {
        case .success(let path): attachment.path = path
        case .failure(.outside):
            report.warnings.append(
                .init(
                    location: location,
                    text:
                        "message \(row.rowID): the attachment path \"\(filename)\" points outside the Messages folder; it is not read"
                ))
        case .failure(.link):
            report.warnings.append(
                .init(
                    location: location,
                    text:
                        "message \(row.rowID): the attachment \"\(filename)\" is a link out of the Messages folder; it is not read"
                ))
        case .failure(.missing):
            attachment.omitted = true
            missingFiles += 1
        }
        return attachment
    }

    /// The attachment's type: a sticker, a voice message, or its MIME type; audio no browser plays
    /// (CAF, AMR) is offered as a file.
    private func type(of file: IMessageDatabase.AttachmentRow, name: String, row: IMessageRow) -> String {
        let mime = file.mimeType?.lowercased() ?? ""
        let lowerName = name.lowercased()
        if file.isSticker { return "sticker" }
        let unplayable =
            mime.contains("x-caf") || mime.contains("amr") || lowerName.hasSuffix(".caf")
            || lowerName.hasSuffix(".amr")
        if unplayable {
            unplayableAudio += 1
            return "file"
        }
        if row.isAudioMessage { return "voice" }
        if !mime.isEmpty { return mime }
        if file.uti == "public.heic" || lowerName.hasSuffix(".heic") { return "image/heic" }
        return "file"
    }

    /// The lines the report carries once for the database.
    func notes() -> [String] {
        var lines: [String] = []
        if missingFiles > 0 {
            lines.append(
                "\(missingFiles) attachment\(missingFiles == 1 ? " is" : "s are") not on this disk (not downloaded from iCloud, or left out of the copy); each is shown by its name"
            )
        }
        if unplayableAudio > 0 {
            lines.append(
                "\(unplayableAudio) audio file\(unplayableAudio == 1 ? "" : "s") in CAF or AMR, which no browser plays, \(unplayableAudio == 1 ? "is" : "are") offered as a file to download"
            )
        }
        if usedEffects {
            lines.append(
                "animated text effects (iOS 18) are not animated: their words are drawn in a style of their own (big, small), each named after them"
            )
        }
        return lines
    }
}
