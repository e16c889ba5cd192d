import Foundation
import ScrollbackModel

/// Finds the time zone an export was made in from the offsets its own wall-clock times show
/// (Telegram writes each message's local `date` beside its `date_unixtime`).
///
/// One offset throughout is a fixed zone (`Etc/GMT-1` for UTC+1): a guess at a city would claim
/// more than the export says. Several offsets (a daylight-saving change) name the IANA zone
/// whose rules give the most of them, common zones first, so the answer is the same on every machine.
struct ZoneInference {
    /// One observation: at this instant the exporter's clock was this many seconds east of UTC.
    struct Sample: Hashable {
        var instant: Int64
        var offset: Int32
    }

    /// The zone chosen, how many samples it fits and how many there were.
    struct Answer {
        var zone: Zone
        var fitted: Int
        var total: Int
        /// The distinct offsets seen, in order of first appearance.
        var offsets: [Int32]
    }

    private var samples: [Sample] = []
    private var seen: Set<Sample> = []

    /// Adds an observation; repeats within the same hour count once (they say nothing new).
    mutating func add(instant: Int64, offset: Int32) {
        let sample = Sample(instant: instant - instant % 3600, offset: offset)
        if seen.insert(sample).inserted { samples.append(sample) }
    }

    /// The zone that fits the samples best, or `nil` when there are none.
    func answer() -> Answer? {
        guard !samples.isEmpty else { return nil }
        var offsets: [Int32] = []
        for sample in samples where !offsets.contains(sample.offset) { offsets.append(sample.offset) }
        if offsets.count == 1, let fixed = Self.fixedZone(offsets[0]) {
            return Answer(zone: fixed, fitted: samples.count, total: samples.count, offsets: offsets)
        }
        // Judge candidates on an even spread of samples (every offset represented), then count exactly.
        let probe = spread(limit: 48)
        var best: (zone: Zone, fitted: Int)?
        for identifier in Self.candidates() {
            guard let zone = Zone(identifier: identifier) else { continue }
            let fitted = probe.filter { zone.offset(at: Timestamp(seconds: $0.instant)) == $0.offset }.count
            if fitted > (best?.fitted ?? 0) { best = (zone, fitted) }
            if fitted == probe.count { break }
        }
        guard let zone = best?.zone ?? offsets.first.flatMap(Self.fixedZone) else { return nil }
        let fitted = samples.filter { zone.offset(at: Timestamp(seconds: $0.instant)) == $0.offset }.count
        return Answer(zone: zone, fitted: fitted, total: samples.count, offsets: offsets)
    }

    /// `UTC`, or `Etc/GMT∓N` for a whole-hour offset (those names have the sign reversed).
    static func fixedZone(_ offset: Int32) -> Zone? {
        if offset == 0 { return .utc }
        guard offset % 3600 == 0 else { return nil }
        let hours = offset / 3600
        return Zone(identifier: "Etc/GMT" + (hours > 0 ? "-" : "+") + String(abs(hours)))
    }

    /// `UTC+1`, `UTC-3:30`: an offset as report lines write it.
    static func label(_ offset: Int32) -> String {
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(Int(offset)) / 60
        return "UTC" + sign + String(minutes / 60) + (minutes % 60 == 0 ? "" : ":" + pad(minutes % 60))
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Up to `limit` samples spread over the export, with the first sample of every offset.
    private func spread(limit: Int) -> [Sample] {
        guard samples.count > limit else { return samples }
        var picked: [Sample] = []
        var offsets: Set<Int32> = []
        for sample in samples where offsets.insert(sample.offset).inserted { picked.append(sample) }
        let step = Double(samples.count) / Double(max(1, limit - picked.count))
        var position = 0.0
        while Int(position) < samples.count && picked.count < limit {
            picked.append(samples[Int(position)])
            position += step
        }
        return picked
    }

    /// Zones tried in order: UTC, widely used ones, then every other IANA zone alphabetically.
    private static func candidates() -> [String] {
        let others = TimeZone.knownTimeZoneIdentifiers.filter { $0.contains("/") && !$0.hasPrefix("Etc/") }.sorted()
        return ["UTC"] + preferred + others.filter { !preferred.contains($0) }
    }

    private static let preferred = [
        "Europe/London", "Europe/Berlin", "Europe/Paris", "Europe/Madrid", "Europe/Rome", "Europe/Kyiv",
        "Europe/Athens", "Europe/Moscow", "Europe/Istanbul", "America/New_York", "America/Chicago", "America/Denver",
        "America/Phoenix", "America/Los_Angeles", "America/Anchorage", "America/Halifax", "America/Sao_Paulo",
        "America/Mexico_City", "America/Santiago", "America/Argentina/Buenos_Aires", "Asia/Tehran", "Asia/Jerusalem",
        "Asia/Dubai", "Asia/Kolkata", "Asia/Shanghai", "Asia/Tokyo", "Asia/Jakarta", "Australia/Sydney",
        "Australia/Adelaide", "Australia/Perth", "Pacific/Auckland", "Africa/Cairo", "Africa/Lagos",
        "Africa/Johannesburg",
    ]
}
