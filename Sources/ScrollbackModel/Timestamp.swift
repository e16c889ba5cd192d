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

    /// The instant as seconds since 1970, with fractions.
    public var secondsSince1970: Double { Double(seconds) + Double(nanoseconds) / 1e9 }

    /// RFC 3339 in the offset the source wrote.
    public var description: String { rfc3339(utcOffset: utcOffset) }

    /// RFC 3339 at the given offset: `2026-11-28T09:14:00+01:00`, fractions only when present.
    public func rfc3339(utcOffset offset: Int32) -> String {
        let local = seconds + Int64(offset)
        let (days, secondOfDay) = local.floorDivided(by: 86_400)
        let date = CivilDate(daysSinceEpoch: days)
        var text = date.description + "T"
        text += Self.pad(Int(secondOfDay / 3600)) + ":" + Self.pad(Int(secondOfDay / 60 % 60)) + ":"
        text += Self.pad(Int(secondOfDay % 60))
        if nanoseconds != 0 {
            var fraction = String(nanoseconds)
            fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        if offset == 0 { return text + "Z" }
        let sign = offset < 0 ? "-" : "+"
        let magnitude = Int(offset.magnitude)
        return text + sign + Self.pad(magnitude / 3600) + ":" + Self.pad(magnitude / 60 % 60)
    }

    /// Encodes as an RFC 3339 string.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Decodes an RFC 3339 string.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Timestamp(rfc3339: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not an RFC 3339 time.")
        }
        self = value
    }

    static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}

extension Int64 {
    /// Floor division with a non-negative remainder, for dates before 1970.
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var quotient = self / divisor
        var remainder = self % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}
