/// An instant, kept with the UTC offset the log wrote it in.
///
/// Two timestamps are equal and ordered by instant alone; the offset is kept so
/// importers and round trips can show the time as the source wrote it.
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    public var seconds: Int64
    /// Nanoseconds past `seconds` (0 ..< 1_000_000_000).
    public var nanoseconds: Int32
    /// Seconds east of UTC, as written in the source.
    public var utcOffset: Int32

    /// Creates a timestamp.
    public init(seconds: Int64, nanoseconds: Int32 = 0, utcOffset: Int32 = 0) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.utcOffset = utcOffset
    }

    /// Creates a timestamp from a civil date and time at a UTC offset.
    public init(_ date: CivilDate, hour: Int, minute: Int, second: Int, nanoseconds: Int32 = 0, utcOffset: Int32) {
        let local = date.daysSinceEpoch * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        self.init(seconds: local - Int64(utcOffset), nanoseconds: nanoseconds, utcOffset: utcOffset)
    }

    public static func == (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.seconds == rhs.seconds && lhs.nanoseconds == rhs.nanoseconds
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(seconds)
        hasher.combine(nanoseconds)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// Seconds from `other` to `self`, with fractions.
    public func interval(since other: Timestamp) -> Double {
        Double(seconds - other.seconds) + Double(nanoseconds - other.nanoseconds) / 1e9
    }

    /// RFC 3339 in the offset the source wrote.
    public var description: String { rfc3339(utcOffset: utcOffset) }

    /// RFC 3339 at the given offset: `2026-11-28T09:14:00+01:00`, fractions only when present.
    public func rfc3339(utcOffset offset: Int32) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(35)
        appendRFC3339(utcOffset: offset, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `rfc3339(utcOffset:)`'s bytes to `bytes`: pages write one per message, and this
    /// makes no string for it. Only digits, `-`, `:`, `.`, `T`, `Z` and `+`: nothing to escape.
    package func appendRFC3339(utcOffset offset: Int32, to bytes: inout [UInt8]) {
        let local = seconds + Int64(offset)
        let (days, secondOfDay) = local.floorDivided(by: 86_400)
        let date = CivilDate(daysSinceEpoch: days)
        if date.year < 0 || date.year > 9999 {
            bytes.append(contentsOf: String(date.year).utf8)
        } else {
            Self.appendDigits(date.year, count: 4, to: &bytes)
        }
        bytes.append(UInt8(ascii: "-"))
        Self.appendDigits(date.month, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Self.appendDigits(date.day, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        Self.appendDigits(Int(secondOfDay / 3600), count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        Self.appendDigits(Int(secondOfDay / 60 % 60), count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        Self.appendDigits(Int(secondOfDay % 60), count: 2, to: &bytes)
        if nanoseconds != 0 {
            var fraction = Int(nanoseconds)
            var width = 9
            while fraction % 10 == 0 {
                fraction /= 10
                width -= 1
            }
            bytes.append(UInt8(ascii: "."))
            Self.appendDigits(fraction, count: width, to: &bytes)
        }
        if offset == 0 {
            bytes.append(UInt8(ascii: "Z"))
        } else {
            bytes.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            let magnitude = Int(offset.magnitude)
            Self.appendDigits(magnitude / 3600, count: 2, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            Self.appendDigits(magnitude / 60 % 60, count: 2, to: &bytes)
        }
    }

    private static func appendDigits(_ value: Int, count: Int, to bytes: inout [UInt8]) {
        if count == 2 {  // most fields: no loop of divisions
            bytes.append(UInt8(truncatingIfNeeded: 48 + value / 10 % 10))
            bytes.append(UInt8(truncatingIfNeeded: 48 + value % 10))
            return
        }
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(48 + rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Encodes as an RFC 3339 string.
    public func encode(to encoder: Encoder) throws { try encoder.encodeText(description) }

    /// Decodes an RFC 3339 string.
    public init(from decoder: Decoder) throws {
        self = try decoder.decodeText(expected: "an RFC 3339 time") { Timestamp(rfc3339: $0) }
    }

    static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}

extension Int64 {
    /// Floor division with a non-negative remainder, for dates before 1970.
    package func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var quotient = self / divisor
        var remainder = self % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}
