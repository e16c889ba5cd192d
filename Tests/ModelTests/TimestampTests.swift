import ScrollbackModel
import Testing

@Suite("Timestamps")
struct TimestampTests {
    @Test("RFC 3339 times with offsets, Z and fractions are read exactly")
    func parsesForms() throws {
        let berlin = try #require(Timestamp(rfc3339: "2026-11-28T09:14:00+01:00"))
        let utc = try #require(Timestamp(rfc3339: "2026-11-28T08:14:00Z"))
        #expect(berlin == utc)
        #expect(berlin.utcOffset == 3600)
        let fraction = try #require(Timestamp(rfc3339: "2026-11-28T08:14:00.25Z"))
        #expect(fraction.nanoseconds == 250_000_000)
        #expect(Timestamp(rfc3339: "2026-11-28 09:14:00+0100") == berlin)
        #expect(Timestamp(rfc3339: "1969-12-31T23:59:59Z")?.seconds == -1)
    }

    @Test(
        "Times without an offset, impossible dates and garbage are refused",
        arguments: [
            "2026-11-28T09:14:00", "2026-02-30T09:14:00Z", "2026-11-28T24:00:00Z", "yesterday", "",
            "2026-11-28T09:14Z+",
        ])
    func refuses(_ text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test("Writing a time back gives RFC 3339 in the offset asked for")
    func formats() throws {
        let time = try #require(Timestamp(rfc3339: "2026-11-28T09:14:00.5+05:45"))
        #expect(time.description == "2026-11-28T09:14:00.5+05:45")
        #expect(time.rfc3339(utcOffset: 0) == "2026-11-28T03:29:00.5Z")
        #expect(time.rfc3339(utcOffset: -3600 * 10) == "2026-11-27T17:29:00.5-10:00")
    }

    @Test("Civil dates convert to and from day numbers across eras")
    func civilDates() {
        for days in stride(from: Int64(-800_000), through: 800_000, by: 997) {
            let date = CivilDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
        }
        #expect(CivilDate(daysSinceEpoch: 0).description == "1970-01-01")
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2100, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2026, month: 11, day: 28)?.isoWeekday == 6)
    }

    @Test("A zone gives local days across daylight-saving changes, and local times back")
    func zones() throws {
        let berlin = try #require(Zone(identifier: "Europe/Berlin"))
        let before = try #require(Timestamp(rfc3339: "2026-03-29T00:30:00Z"))
        let after = try #require(Timestamp(rfc3339: "2026-03-29T01:30:00Z"))
        #expect(berlin.offset(at: before) == 3600)
        #expect(berlin.offset(at: after) == 7200)
        let date = try #require(CivilDate(year: 2026, month: 10, day: 25))
        // 02:30 happens twice on 2026-10-25 in Berlin: the earlier (summer time) is chosen.
        let repeated = berlin.timestamp(date, hour: 2, minute: 30, second: 0)
        #expect(repeated.rfc3339(utcOffset: 0) == "2026-10-25T00:30:00Z")
        #expect(Zone(identifier: "Mars/Base") == nil)
        #expect(Zone(identifier: "utc") == .utc)
    }
}
