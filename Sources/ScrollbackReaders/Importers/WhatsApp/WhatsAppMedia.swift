import Foundation
import ScrollbackModel

/// What kind of file a WhatsApp export attaches, told from its name, and the contact card a
/// shared `.vcf` holds.
enum WhatsAppMedia {
    /// The attachment type a file name says where its extension alone would say less: a voice
    /// note (`PTT-20240101-WA0001.opus`, iOS `00000005-AUDIO-….opus`) is a voice message, a
    /// `.vcf` a contact card; `nil` leaves the kind to the extension.
    static func type(of file: String) -> String? {
        let lower = file.lowercased()
        if lower.hasSuffix(".opus") || (lower as NSString).lastPathComponent.contains("ptt-") { return "voice" }
        if lower.hasSuffix(".vcf") { return "contact" }
        return nil
    }

    /// The largest vCard read: a shared contact is a few hundred bytes (a photo makes it more).
    static let largestCard = 1 << 20

    /// The contact card in a `.vcf` the export holds at `attachment.path` (a zip member or a
    /// file in the folder), named after the file when the card gives no name.
    static func card(_ attachment: Attachment, paths: AttachmentPaths, fallbackName: String) -> ContactCard {
        let text = attachment.path.flatMap { contents($0, paths: paths) }
        return text.map { card(vCard: $0, fallbackName: fallbackName) } ?? ContactCard(name: fallbackName)
    }

    private static func contents(_ path: String, paths: AttachmentPaths) -> String? {
        if let members = paths.zipMembers {
            guard let bytes = members.head(path, largestCard) else { return nil }
            return bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) }
        }
        guard let base = paths.baseDirectory,
            let handle = FileHandle(forReadingAtPath: (base as NSString).appendingPathComponent(path))
        else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: largestCard) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// The name (`FN`, else `N`) and phone numbers (`TEL`) of a vCard's text.
    static func card(vCard text: String, fallbackName: String) -> ContactCard {
        var name: String?
        var structured: String?
        var phones: [String] = []
        var emails: [String] = []
        for line in unfolded(text) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            // `item1.TEL;type=CELL;waid=4915…` → `TEL`: the property's name without group or parameters.
            let key = line[..<colon].split(separator: ";").first?.split(separator: ".").last?.uppercased() ?? ""
            let value = unescaped(line[line.index(after: colon)...])
            guard !value.isEmpty else { continue }
            switch key {
            case "FN": name = name ?? value
            case "N":
                structured =
                    structured
                    ?? value.split(separator: ";", omittingEmptySubsequences: false).prefix(2).reversed()
                    .filter { !$0.isEmpty }.joined(separator: " ")
            case "TEL": phones.append(value)
            case "EMAIL": emails.append(value)
            default: break
            }
        }
        let shown = name ?? structured.flatMap { $0.isEmpty ? nil : $0 } ?? fallbackName
        return ContactCard(name: shown, phones: phones, emails: emails)
    }

    /// The card's lines with folded continuations (a line starting with a space or tab) joined.
    private static func unfolded(_ text: String) -> [String] {
        var lines: [String] = []
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw[...]
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else {
                lines.append(String(line))
            }
        }
        return lines
    }

    /// A vCard value with its escapes (`\,`, `\;`, `\n`) read.
    private static func unescaped(_ value: Substring) -> String {
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result.trimmingCharacters(in: .whitespaces)
    }
}
