/// Phone numbers compared as E.164 (`+15550100001`), whatever way they were written:
/// `(555) 010-0001`, `+1 555 010 0001`, `001 555 010 0001` are one number.
enum PhoneNumber {
    /// The calling code a number written without one is read in: the North American one, since
    /// numbers in a people file, vCard or Contacts carry no region and Scrollback never reads the
    /// machine's. A number written with `+` or `00` keeps its own.
    static let defaultCallingCode = "1"

    /// `text` as E.164, or `nil` when it is not a phone number (letters, too few digits).
    static func e164(_ text: String, defaultCallingCode: String = defaultCallingCode) -> String? {
        var digits = ""
        var plus = false
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if character == "+", digits.isEmpty {
                plus = true
            } else if !" -.()/\u{00A0}".contains(character) {
                return nil
            }
        }
        guard digits.count >= 6, digits.count <= 15 + 3 else { return nil }
        if plus { return "+" + digits }
        if digits.hasPrefix("00") { return "+" + digits.dropFirst(2) }
        if defaultCallingCode == "1" {
            if digits.hasPrefix("011") { return "+" + digits.dropFirst(3) }
            if digits.count == 10 { return "+1" + digits }
            if digits.count == 11, digits.hasPrefix("1") { return "+" + digits }
            return "+" + digits
        }
        // Elsewhere a leading 0 is the trunk prefix, dropped before the calling code.
        return "+" + defaultCallingCode + (digits.hasPrefix("0") ? String(digits.dropFirst()) : digits)
    }
}
