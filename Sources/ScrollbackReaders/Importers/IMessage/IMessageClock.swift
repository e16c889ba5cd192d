import ScrollbackModel

/// Messages' times: a count since 2001-01-01 00:00:00 UTC, in nanoseconds (macOS 10.13 and iOS 11
/// on) or in seconds (older databases), told apart by size.
enum IMessageClock {
    /// Seconds from 1970-01-01 to 2001-01-01.
    static let appleEpoch: Int64 = 978_307_200

    /// The time `value` stands for, in UTC; `nil` for 0 (not set).
    static func time(_ value: Int64) -> Timestamp? {
        guard value != 0, let stamp = unchecked(value), (0...253_402_300_799).contains(stamp.seconds) else {
            return nil
        }
        return stamp
    }

    private static func unchecked(_ value: Int64) -> Timestamp? {
        // Nanoseconds since 2001 pass 10^11 within two minutes of it; seconds stay below until the year 5000.
        if value > 100_000_000_000 || value < -100_000_000_000 {
            let (seconds, nanoseconds) = value.quotientAndRemainder(dividingBy: 1_000_000_000)
            let carry = nanoseconds < 0 ? Int64(1) : 0
            return Timestamp(
                seconds: seconds - carry + appleEpoch, nanoseconds: Int32(nanoseconds + carry * 1_000_000_000))
        }
        return Timestamp(seconds: value + appleEpoch)
    }

    /// A time a plist writes as seconds since 2001 (with a fraction).
    static func time(seconds: Double) -> Timestamp? {
        guard seconds.isFinite, seconds > -9.7e8, seconds < 2.5e11 else { return nil }
        let whole = seconds.rounded(.down)
        return Timestamp(
            seconds: Int64(whole) + appleEpoch, nanoseconds: Int32(((seconds - whole) * 1e9).rounded(.down)))
    }
}
