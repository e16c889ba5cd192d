import Foundation

/// People from a vCard file (`.vcf`, versions 2.1 to 4.0, one card or many): each card's name
/// (`FN`, else `N`) with its `TEL` and `EMAIL` values as handles.
enum VCardPeople {
    /// Whether `text` is a vCard file.
    static func isVCard(_ text: String) -> Bool {
        text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.prefix(11).uppercased() == "BEGIN:VCARD"
    }

    /// The cards' people; a card without a name or handles is left out. `name` is used in errors.
    static func parse(_ text: String, name: String) throws(PrivacyError) -> [(name: String, handles: [String])] {
        var people: [(name: String, handles: [String])] = []
        var card: (full: String?, structured: String?, handles: [String])?
        for (number, line) in unfolded(text) {
            let (property, value) = split(line)
            switch property {
            case "BEGIN":
                card = (nil, nil, [])
            case "END":
                guard let open = card else {
                    throw PrivacyError(file: name, line: number, column: 1, reason: "END:VCARD without BEGIN:VCARD.")
                }
                card = nil
                if let person = (open.full ?? open.structured).map(\.trimmed), !person.isEmpty, !open.handles.isEmpty {
                    people.append((person, open.handles))
                }
            case "FN": card?.full = unescaped(value)
            case "N":
                // Family;Given;Additional;Prefix;Suffix → "Given Family".
                let parts = value.split(separator: ";", omittingEmptySubsequences: false).map { unescaped(String($0)) }
                let given = parts.count > 1 ? parts[1] : ""
                card?.structured = [given, parts.first ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
            case "TEL":
                let number = unescaped(value).replacingPrefix("tel:")
                if !number.trimmed.isEmpty { card?.handles.append(number.trimmed) }
            case "EMAIL":
                let address = unescaped(value).replacingPrefix("mailto:").trimmed
                if !address.isEmpty { card?.handles.append(address) }
            default: break
            }
        }
        if card != nil {
            throw PrivacyError(file: name, reason: "The vCard file ends inside a card (no END:VCARD).")
        }
        return people
    }

    /// Lines with folded continuations (a line starting with a space or tab) joined, with their line numbers.
    private static func unfolded(_ text: String) -> [(Int, String)] {
        var lines: [(Int, String)] = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].1 += raw.dropFirst()
            } else if !raw.isEmpty {
                lines.append((index + 1, String(raw)))
            }
        }
        return lines
    }

    /// The property name (upper case, without group or parameters) and the value.
    private static func split(_ line: String) -> (String, String) {
        guard let colon = line.firstIndex(of: ":") else { return ("", "") }
        var name = line[..<colon]
        if let semicolon = name.firstIndex(of: ";") { name = name[..<semicolon] }
        if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
        return (name.uppercased(), String(line[line.index(after: colon)...]))
    }

    private static func unescaped(_ value: String) -> String {
        var output = ""
        var escaping = false
        for character in value {
            if escaping {
                output.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                output.append(character)
            }
        }
        return output
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }

    fileprivate func replacingPrefix(_ prefix: String) -> String {
        lowercased().hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
