import Foundation

/// A time zone's rules: the offset from UTC at any instant, and local times back to instants.
///
/// Wraps Foundation's `TimeZone` (the system's tz database) so that every stage
/// asks the same question the same way, and caches the answer per hour, which
/// keeps per-message look-ups cheap.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
    /// The IANA identifier (`Europe/Berlin`) or `UTC`.
    public let identifier: String
    private let timeZone: TimeZone
    fileprivate var timeZoneValue: TimeZone { timeZone }

    /// UTC.
    public static let utc = Zone(validated: TimeZone(identifier: "UTC")!, identifier: "UTC")

    /// A zone by IANA name, or `UTC`/`Z`/`GMT`; `nil` when the name is unknown.
    public init?(identifier: String) {
        let upper = identifier.uppercased()
        if upper == "UTC" || upper == "Z" || upper == "GMT" || upper == "ETC/UTC" {
            self = .utc
            return
        }
        // Foundation also accepts abbreviations and offsets; `--tz` takes IANA names.
        guard identifier.contains("/") || identifier.hasPrefix("Etc") || Self.extraNames.contains(identifier),
            let timeZone = TimeZone(identifier: identifier)
        else { return nil }
        self.init(validated: timeZone, identifier: timeZone.identifier)
    }

    /// The machine's zone: only for `--tz local`, chosen by the user.
    public static func machineLocal() -> Zone {
        let zone = TimeZone.current
        return Zone(validated: zone, identifier: zone.identifier)
    }

    private init(validated timeZone: TimeZone, identifier: String) {
        self.timeZone = timeZone
        self.identifier = identifier
    }

    public var description: String { identifier }

    /// Seconds east of UTC at the instant.
    public func offset(at time: Timestamp) -> Int32 {
        if identifier == "UTC" { return 0 }
        return Int32(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(time.seconds))))
    }

    /// The calendar day of an instant in this zone.
    public func date(of time: Timestamp) -> CivilDate {
        let local = time.seconds + Int64(offset(at: time))
        return CivilDate(daysSinceEpoch: local.floorDivided(by: 86_400).quotient)
    }

    /// The local wall-clock time of an instant: (date, seconds since local midnight).
    package func wallClock(of time: Timestamp) -> (date: CivilDate, secondOfDay: Int) {
        let local = time.seconds + Int64(offset(at: time))
        let (days, second) = local.floorDivided(by: 86_400)
        return (CivilDate(daysSinceEpoch: days), Int(second))
    }

    /// The instant a local wall-clock time names. In a repeated hour (clocks going
    /// back) the earlier instant is chosen; in a skipped hour the time is read with
    /// the offset in force before the change, as clocks and phones do.
    package func timestamp(_ date: CivilDate, hour: Int, minute: Int, second: Int, nanoseconds: Int32 = 0)
        -> Timestamp
    {
        let local = date.daysSinceEpoch * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        // Try the offsets in force a day before and after; prefer the earliest that round-trips.
        let before = offset(at: Timestamp(seconds: local - 86_400))
        let after = offset(at: Timestamp(seconds: local + 86_400))
        for candidate in [max(before, after), min(before, after)] {
            let instant = Timestamp(seconds: local - Int64(candidate))
            if offset(at: instant) == candidate {
                return Timestamp(seconds: local - Int64(candidate), nanoseconds: nanoseconds, utcOffset: candidate)
            }
        }
        return Timestamp(seconds: local - Int64(before), nanoseconds: nanoseconds, utcOffset: before)
    }

    public static func == (lhs: Zone, rhs: Zone) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    private static let extraNames: Set<String> = ["UTC", "GMT", "Etc/UTC", "Etc/GMT"]
}

/// Remembers a zone's offset until its next transition, for callers that walk
/// instants in time order (layout does): one tz database query per transition.
package struct ZoneOffsetCache: Sendable {
    /// The zone asked about.
    package let zone: Zone
    private var validFrom: Int64 = .max
    private var validUntil: Int64 = .min
    private var cached: Int32 = 0

    /// Creates an empty cache for `zone`.
    package init(zone: Zone) { self.zone = zone }

    /// Seconds east of UTC at the instant.
    package mutating func offset(at time: Timestamp) -> Int32 {
        if time.seconds >= validFrom && time.seconds < validUntil { return cached }
        cached = zone.offset(at: time)
        validFrom = time.seconds
        validUntil = zone.nextTransition(after: time) ?? .max
        return cached
    }
}

extension Zone {
    /// The next instant (in seconds since 1970) the offset changes after `time`, if any.
    func nextTransition(after time: Timestamp) -> Int64? {
        if identifier == "UTC" { return nil }
        // Foundation's answer covers every rule change ICU knows, not only daylight saving.
        let date = Date(timeIntervalSince1970: Double(time.seconds))
        guard let next = timeZoneValue.nextDaylightSavingTimeTransition(after: date) else { return nil }
        return Int64(next.timeIntervalSince1970.rounded(.down))
    }
}
