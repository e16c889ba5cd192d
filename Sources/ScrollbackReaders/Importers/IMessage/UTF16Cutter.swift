/// Cuts a string into consecutive pieces measured in UTF-16 units, as `NSString` counts them,
/// without transcoding it: a piece that is the whole string is the string itself, and others are
/// cut at the offsets' indices. A cut inside a surrogate pair decodes the units on each side of
/// it, as cutting the `NSString` would (the lone half becomes U+FFFD).
struct UTF16Cutter {
    private let string: String
    private let count: Int
    /// Whether every unit is an ASCII byte: then every index is a scalar's.
    private let isASCII: Bool
    private var offset = 0
    private var index: String.Index

    init(_ string: String) {
        self.string = string
        count = string.utf16.count
        isASCII = count == string.utf8.count
        index = string.startIndex
    }

    /// The next `length` units (fewer at the end), or `nil` when none are left or `length` is not positive.
    mutating func next(_ length: Int) -> String? {
        guard length > 0, offset < count else { return nil }
        let end = length >= count - offset ? count : offset + length
        let lower = index
        let upper = end == count ? string.endIndex : string.utf16.index(lower, offsetBy: end - offset)
        defer {
            offset = end
            index = upper
        }
        if offset == 0, end == count { return string }
        if isASCII { return String(string[lower..<upper]) }
        let scalars = string.unicodeScalars
        guard lower.samePosition(in: scalars) != nil, upper.samePosition(in: scalars) != nil else {
            return String(decoding: Array(string.utf16[lower..<upper]), as: UTF16.self)
        }
        return String(string[lower..<upper])
    }

    /// The units no piece has taken yet, or `nil` when there are none.
    mutating func rest() -> String? { next(count - offset) }
}
