import Foundation

/// What one WhatsApp message body says beyond its text: deleted, edited, media, or a system event.
struct WhatsAppBody {
    var text: String
    var deleted = false
    var deletedByMe = false
    var edited = false
    /// A file the export names (`<attached: x.jpg>`, `x.jpg (file attached)`).
    var attachedFile: String?
    /// Media left out of the export (`<Media omitted>`, `image omitted`): its kind.
    var omittedMedia: String?
    /// iOS marks events (group created, someone added) with U+200E after the name.
    var isSystemMarked = false

    static let deletedByOthers: Set<String> = [
        "this message was deleted", "diese nachricht wurde gelöscht", "se eliminó este mensaje",
        "ce message a été supprimé", "questo messaggio è stato eliminato", "esta mensagem foi apagada",
    ]
    static let deletedByMe: Set<String> = [
        "you deleted this message", "du hast diese nachricht gelöscht", "eliminaste este mensaje",
        "vous avez supprimé ce message", "hai eliminato questo messaggio", "você apagou esta mensagem",
    ]
    static let editedMarks = [
        "<This message was edited>", "<Diese Nachricht wurde bearbeitet>", "<Se editó este mensaje.>",
    ]
    static let omittedKinds: [String: String] = [
        "image omitted": "image", "video omitted": "video", "audio omitted": "audio", "sticker omitted": "sticker",
        "gif omitted": "image", "document omitted": "file", "contact card omitted": "file",
        "<media omitted>": "file", "<medien ausgeschlossen>": "file", "<multimedia omitido>": "file",
        "<médias omis>": "file", "<media omessi>": "file",
    ]

    /// Notices WhatsApp writes into a chat under the chat's name (Android) rather than as a system line.
    static let notices = [
        "Messages and calls are end-to-end encrypted", "Messages to this group are now secured",
        "Messages to this chat and calls are now secured", "Messages you send to this",
        "Nachrichten und Anrufe sind Ende-zu-Ende-verschlüsselt", "Los mensajes y las llamadas están cifrados",
    ]

    /// Reads a body as the export wrote it (continuation lines included, joined by `\n`).
    init(_ raw: String) {
        var body = raw
        if body.hasPrefix("\u{200E}") || body.hasPrefix("\u{200F}") {
            isSystemMarked = true
            body.removeFirst()
        }
        if Self.notices.contains(where: { body.hasPrefix($0) }) { isSystemMarked = true }
        for mark in Self.editedMarks {
            guard let range = body.range(of: mark, options: [.backwards, .caseInsensitive]) else { continue }
            edited = true
            body.removeSubrange(range)
            body = body.trimmingWhitespace().trimmingMarks()
            break
        }
        let key = body.trimmingWhitespace().trimmingMarks().lowercased()
        let withoutDot = key.hasSuffix(".") ? String(key.dropLast()) : key
        if Self.deletedByOthers.contains(withoutDot) || Self.deletedByMe.contains(withoutDot) {
            deleted = true
            deletedByMe = Self.deletedByMe.contains(withoutDot)
            isSystemMarked = false
            text = ""
            return
        }
        if let kind = Self.omittedKinds[key] {
            omittedMedia = kind
            isSystemMarked = false
            text = ""
            return
        }
        let lines = body.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let firstLine = lines[0].trimmingCharacters().trimmingMarks()
        let caption = lines.count > 1 ? String(lines[1]) : ""
        if firstLine.hasPrefix("<attached: "), firstLine.hasSuffix(">") {
            attachedFile = String(firstLine.dropFirst("<attached: ".count).dropLast())
            text = caption
        } else if let range = firstLine.range(of: " (file attached)", options: .backwards),
            range.upperBound == firstLine.endIndex
        {
            attachedFile = String(firstLine[..<range.lowerBound])
            text = caption
        } else {
            text = body
        }
        if attachedFile != nil { isSystemMarked = false }
    }
}

extension String {
    /// The string without leading/trailing U+200E and U+200F marks.
    func trimmingMarks() -> String {
        var slice = self[...]
        while let first = slice.first, first == "\u{200E}" || first == "\u{200F}" { slice = slice.dropFirst() }
        while let last = slice.last, last == "\u{200E}" || last == "\u{200F}" { slice = slice.dropLast() }
        return String(slice)
    }
}
