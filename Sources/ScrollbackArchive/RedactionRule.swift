import Foundation

/// One kind of thing `--redact` removes: a pattern, an optional check of each match, and the
/// marker that replaces it (`[email]`).
package struct RedactionRule: Sendable, Hashable {
    /// What the match was, shown in its place as `[label]`.
    package var label: String
    /// The pattern (ICU regular expression syntax).
    package var pattern: String
    /// A string one of which a text must contain for the pattern to be worth running (a fast
    /// path: most messages hold no `@`, so the e-mail pattern is never run on them).
    var hints: [String]
    /// Which matches really are one (a card number passes the Luhn check, an address parses).
    var check: Check

    /// Checks beyond the pattern.
    enum Check: Sendable, Hashable {
        case none, card, ipv6, phone
    }

    /// A rule of the user's own (`--redact FILE`).
    package init(label: String, pattern: String) {
        self.label = label
        self.pattern = pattern
        self.hints = []
        self.check = .none
    }

    init(label: String, pattern: String, hints: [String], check: Check = .none) {
        self.label = label
        self.pattern = pattern
        self.hints = hints
        self.check = check
    }

    /// Whether `match` (what the pattern found) is one of the things this rule removes.
    func accepts(_ match: String) -> Bool {
        switch check {
        case .none: return true
        case .card: return Self.isCardNumber(match)
        case .ipv6: return Self.isIPv6(match)
        case .phone:
            let digits = match.count { $0.isASCII && $0.isNumber }
            return digits >= 8 && digits <= 15
        }
    }

    /// 13 to 19 digits that pass the Luhn check and start as a card network's numbers do.
    static func isCardNumber(_ text: String) -> Bool {
        let digits = text.compactMap { $0.isASCII ? $0.wholeNumberValue : nil }
        guard digits.count >= 13 && digits.count <= 19 else { return false }
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() {
            let doubled = offset % 2 == 1 ? digit * 2 : digit
            sum += doubled > 9 ? doubled - 9 : doubled
        }
        guard sum % 10 == 0 else { return false }
        // Visa 4, Mastercard 51–55 and 22–27, Amex 34/37, Discover and UnionPay 6, JCB and
        // Diners 30/35/36/38, Maestro 50/56–59: an order number starting 1, 7, 8 or 9 stays.
        let first = digits[0]
        let two = digits[0] * 10 + digits[1]
        switch first {
        case 4, 6: return true
        case 5: return true
        case 2: return two >= 22 && two <= 27
        case 3: return [30, 34, 35, 36, 37, 38].contains(two)
        default: return false
        }
    }

    /// Whether `text` is an IPv6 address (with at least one `::` or eight groups).
    static func isIPv6(_ text: String) -> Bool {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return false }
        let groups = text.split(separator: ":", omittingEmptySubsequences: true)
        return text.contains("::") ? groups.count >= 2 || text == "::1" : groups.count >= 6
    }
}
