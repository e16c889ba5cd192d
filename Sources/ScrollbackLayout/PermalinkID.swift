/// The fragment ids of messages and days (`msg-m12`, `day-2026-11-28`).
///
/// An id made only of `[A-Za-z0-9._-]` is used as it is. Any other id is written
/// as `~` followed by its UTF-8 bytes, where letters, digits, `.` and `-` stay and
/// every other byte (including `_`) becomes `_` and two upper-case hex digits:
/// `m 1` → `~m_201`. Plain ids never contain `~`, and the encoding is one-to-one,
/// so two messages never share a fragment.
package enum PermalinkID {
    /// The element id of a message: `msg-` and its encoded id.
    package static func message(_ id: String) -> String { "msg-" + encode(id) }

    /// The element id of the `repeatNumber`th repeat of a message id in one log: `msg-m3~2` for
    /// the second message called `m3`. Encoded ids have no `~` after their first character, so
    /// these never meet another message's id. Links and replies reach the first (`msg-m3`).
    package static func message(_ id: String, repeatNumber: Int) -> String {
        repeatNumber == 0 ? message(id) : message(id) + "~" + String(repeatNumber + 1)
    }

    /// Appends `message(id, repeatNumber:)`'s bytes to `bytes`, making no string: pages write one
    /// or two per message. The bytes are `[A-Za-z0-9._~-]` only, so they need no escaping.
    public static func appendMessage(_ id: String, repeatNumber: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "msg-".utf8)
        bytes.append(contentsOf: encode(id).utf8)  // a plain id is returned as it is, not copied
        if repeatNumber != 0 {
            bytes.append(UInt8(ascii: "~"))
            bytes.append(contentsOf: String(repeatNumber + 1).utf8)
        }
    }

    /// The element id of a day: `day-YYYY-MM-DD`.
    package static func day(_ date: String) -> String { "day-" + date }

    /// `id` as it is when it is made of `[A-Za-z0-9._-]`, else its `~` encoding.
    package static func encode(_ id: String) -> String {
        if !id.isEmpty, id.utf8.allSatisfy({ isPlain($0) || $0 == UInt8(ascii: "_") }) { return id }
        var result = "~"
        for byte in id.utf8 {
            if isPlain(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "_" + hex(byte >> 4) + hex(byte & 0xF)
            }
        }
        return result
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private static func hex(_ nibble: UInt8) -> String { String(nibble, radix: 16, uppercase: true) }
}
