import Foundation
import ScrollbackModel

/// What one WhatsApp message body says beyond its text: deleted, edited, media, or a system event.
struct WhatsAppBody {
    var text: String
    var deleted = false
    var deletedByMe = false
    var edited = false
    /// A file the export names (`<attached: x.jpg>`, `x.jpg (file attached)`).
    var attachedFile: String?
    /// The export names the file but left it out (`<attached: x.jpg (file omitted)>`).
    var attachedFileOmitted = false
    /// What iOS writes before a document's `<attached: …>`: its name and pages (`report.pdf • 3 pages`).
    var document: String?
    /// Media left out of the export (`<Media omitted>`, `image omitted`): its kind.
    var omittedMedia: String?
    /// iOS marks events (group created, someone added) with U+200E after the name.
    var isSystemMarked = false
    /// A shared place (`location: https://maps.google.com/?q=52.5,13.4`).
    var place: (latitude: Double, longitude: Double, url: String)?
    /// A poll (`POLL:` then the question, then `OPTION: text (N votes)` lines).
    var poll: Poll?

    /// What iOS marks with U+200E after a sender's name although the sender said it: media, places, calls.
    static let markedMessages = [
        "location: ", "live location", "missed voice call", "missed video call", "voice call", "video call",
        "poll:", "<attached: ", "contact card omitted", "this message was deleted", "you deleted this message",
    ]

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
        "gif omitted": "image/gif", "document omitted": "file", "contact card omitted": "contact",
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
        isSystemMarked = Self.takeSystemMark(&body)
        // Every mark starts with `<` (or `≮`, which is `<` with a stroke, to a search that treats
        // equivalent forms as equal): a body without either has none, and skips the searches.
        if Self.mayHoldMark(body) { edited = Self.takeEditedMark(&body) }
        let trimmed = body.trimmingWhitespace().trimmingMarks()
        if Self.mayBeMarker(trimmed) {
            let key = trimmed.lowercased()
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
        }
        let head = TextSearch.firstLine(of: body)
        let firstLine = Self.trimmed(head).trimmingMarks()
        let hasParenthesis = TextSearch.holds(UInt8(ascii: ")"), in: firstLine)
        let caption = head.endIndex < body.endIndex ? String(body[body.index(after: head.endIndex)...]) : ""
        if let poll = Self.poll(body) {
            self.poll = poll
            text = ""
        } else if let place = Self.place(firstLine) {
            self.place = place
            text = caption
        } else if firstLine.utf8.last == UInt8(ascii: ">"), let attached = Self.attached(firstLine) {
            (attachedFile, attachedFileOmitted, document) = attached
            text = caption
        } else if hasParenthesis,
            let range = firstLine.range(of: " (file omitted)", options: .backwards),
            range.upperBound == firstLine.endIndex
        {
            attachedFile = String(firstLine[..<range.lowerBound])
            attachedFileOmitted = true
            text = caption
        } else if hasParenthesis,
            let range = firstLine.range(of: " (file attached)", options: .backwards),
            range.upperBound == firstLine.endIndex
        {
            attachedFile = String(firstLine[..<range.lowerBound])
            text = caption
        } else {
            text = body
        }
        if attachedFile != nil || place != nil || poll != nil { isSystemMarked = false }
    }

    /// Whether the export marks `body` as a system line, its leading direction mark (if any) taken
    /// off: a marked line that is not a message the app marks too, or one of the known notices.
    private static func takeSystemMark(_ body: inout String) -> Bool {
        var marked = false
        // Both marks start with the byte E2.
        if body.utf8.first == 0xE2, body.hasPrefix("\u{200E}") || body.hasPrefix("\u{200F}") {
            body.removeFirst()
            let lower = body.lowercased()
            marked = !markedMessages.contains { lower.hasPrefix($0) } && omittedKinds[lower.trimmingMarks()] == nil
        }
        // Every notice starts with `M`, `N` or `L`, a character no other one is equal to.
        if let lead = body.utf8.first, noticeLeads.contains(lead), notices.contains(where: { body.hasPrefix($0) }) {
            marked = true
        }
        return marked
    }

    /// Whether `body` holds an "edited" mark: the last one found is taken off and the body
    /// trimmed of the spaces and marks around it.
    private static func takeEditedMark(_ body: inout String) -> Bool {
        for mark in editedMarks {
            guard let range = body.range(of: mark, options: [.backwards, .caseInsensitive]) else { continue }
            body.removeSubrange(range)
            body = body.trimmingWhitespace().trimmingMarks()
            return true
        }
        return false
    }

    /// `<attached: FILE>` or `<attached: FILE (file omitted)>`, with what iOS writes before it
    /// for a document (`report.pdf • 3 pages ‎<attached: 00000011-report.pdf>`): the file, whether
    /// it was left out, and the document's own name and page count.
    private static func attached(_ line: String) -> (String, Bool, String?)? {
        guard let start = line.range(of: "<attached: ") else { return nil }
        var name = String(line[start.upperBound...].dropLast())
        var omitted = false
        if name.hasSuffix(" (file omitted)") {
            name.removeLast(" (file omitted)".count)
            omitted = true
        }
        let before = String(line[..<start.lowerBound]).trimmingWhitespace().trimmingMarks().trimmingWhitespace()
        return (name, omitted, before.isEmpty ? nil : before)
    }

    /// The first bytes of the notices.
    private static let noticeLeads = Set(notices.compactMap(\.utf8.first))

    /// The most scalars a text can have and still, lower-cased, be a deleted or omitted marker
    /// (with a final dot). Lower-casing never takes scalars away, and a text that means the same
    /// as a marker has at most as many scalars as the marker fully decomposed.
    private static let longestMarker: Int =
        (Array(deletedByOthers) + Array(deletedByMe) + Array(omittedKinds.keys))
        .map { $0.decomposedStringWithCanonicalMapping.unicodeScalars.count }.max()! + 1

    /// Whether `text` is short enough to be looked up among the deleted and omitted markers.
    private static func mayBeMarker(_ text: String) -> Bool {
        text.utf8.count <= longestMarker || text.unicodeScalars.count <= longestMarker
    }

    /// Whether `body` may hold an edit mark: a `<` byte, or the last byte of `≮` (U+226E, E2 89 AE;
    /// other characters end with that byte too, and are searched for nothing).
    private static func mayHoldMark(_ body: String) -> Bool {
        TextSearch.holds(UInt8(ascii: "<"), in: body) || TextSearch.holds(0xAE, in: body)
    }

    /// `line` without white space at either end; a line that starts and ends with a visible ASCII
    /// byte has none there (no scalar joins such a byte to a space), and is only copied.
    private static func trimmed(_ line: Substring) -> String {
        if let first = line.utf8.first, let last = line.utf8.last, (0x21...0x7E).contains(first),
            (0x21...0x7E).contains(last)
        {
            return String(line)
        }
        return line.trimmingCharacters()
    }

    /// `location: URL` with the coordinates in its `q=` or `@lat,lon` part.
    private static func place(_ line: String) -> (latitude: Double, longitude: Double, url: String)? {
        // Only `l`/`L` lower-cases to `l`: other first letters are not a place, and skip lower-casing the line.
        guard line.utf8.first == UInt8(ascii: "l") || line.utf8.first == UInt8(ascii: "L"),
            line.lowercased().hasPrefix("location: ")
        else { return nil }
        let url = String(line.dropFirst("location: ".count)).trimmingWhitespace()
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else { return nil }
        let marker = url.range(of: "q=") ?? url.range(of: "@")
        guard let marker else { return nil }
        let pair = url[marker.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "," }
        let numbers = pair.split(separator: ",").compactMap { Double($0) }
        guard numbers.count >= 2, abs(numbers[0]) <= 90, abs(numbers[1]) <= 180 else { return nil }
        return (numbers[0], numbers[1], url)
    }

    /// `POLL:\nQuestion\nOPTION: Thursday (2 votes)\n…` as a poll.
    private static func poll(_ body: String) -> Poll? {
        // The first line is `POLL:`: a body without those bytes is not a poll, and is not split into lines.
        guard TextSearch.contains("POLL:", in: body) else { return nil }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters() }
        guard lines.first == "POLL:", lines.count >= 3 else { return nil }
        var question: [String] = []
        var options: [PollOption] = []
        for line in lines.dropFirst() {
            if line.hasPrefix("OPTION: ") {
                var option = String(line.dropFirst("OPTION: ".count))
                var votes = 0
                if option.hasSuffix(")"), let open = option.range(of: " (", options: .backwards) {
                    let inside = option[open.upperBound..<option.index(before: option.endIndex)]
                    let words = inside.split(separator: " ")
                    if words.count == 2, let count = Int(words[0]), words[1].hasPrefix("vote") {
                        votes = count
                        option.removeSubrange(open.lowerBound...)
                    }
                }
                options.append(PollOption(text: option, votes: votes))
            } else if options.isEmpty {
                question.append(line)
            } else {
                return nil  // text after the options is not a poll's
            }
        }
        guard !options.isEmpty else { return nil }
        return Poll(question: question.joined(separator: "\n"), options: options)
    }
}

extension String {
    /// The string without leading/trailing U+200E and U+200F marks.
    func trimmingMarks() -> String {
        // U+200E and U+200F are the bytes E2 80 8E and E2 80 8F: text that neither starts nor
        // ends with such bytes has none to trim.
        if utf8.first != 0xE2, utf8.last != 0x8E, utf8.last != 0x8F { return self }
        var slice = self[...]
        while let first = slice.first, first == "\u{200E}" || first == "\u{200F}" { slice = slice.dropFirst() }
        while let last = slice.last, last == "\u{200E}" || last == "\u{200F}" { slice = slice.dropLast() }
        return String(slice)
    }
}
