import ScrollbackModel

/// Telegram's times: `date` is the exporter's wall clock, `date_unixtime` (newer exports) the instant.
///
/// The zone of the export is `--tz`, else the one the `date`/`date_unixtime` pairs of the whole
/// export point at; a `date` alone is read in that zone, and a pair keeps the offset it shows.
struct TelegramClock {
    /// The zone local times are read in and days are shown in; `nil` when nothing tells (then UTC).
    let zone: Zone?
    /// The inference behind `zone`, when there was one.
    let answer: ZoneInference.Answer?

    /// Looks at every chat's pairs once, before any message is converted.
    init(chats: [JSONValue], override: Zone?) {
        var inference = ZoneInference()
        if override == nil {
            for chat in chats {
                for message in chat["messages"]?.array ?? [] { Self.observe(message, into: &inference) }
            }
        }
        self.init(inference: inference, override: override)
    }

    /// The clock `inference` points at (the pairs of every message seen), or `override`.
    init(inference: ZoneInference, override: Zone?) {
        if let override {
            zone = override
            answer = nil
            return
        }
        answer = inference.answer()
        zone = answer?.zone
    }

    /// Adds what `message`'s `date`/`date_unixtime` pair says about the exporter's zone.
    static func observe(_ message: JSONValue, into inference: inout ZoneInference) {
        if let offset = writtenOffset(message, field: "date"),
            let instant = ImportJSON.unixTime(message["date_unixtime"])
        {
            inference.add(instant: instant.seconds, offset: offset)
        }
    }

    /// A time as written, before the export's zone is applied.
    enum Reading {
        /// A time that carries its own offset: the zone does not change it.
        case fixed(Timestamp)
        /// An instant shown at the zone's offset then.
        case instant(Timestamp)
        /// A wall-clock time read in the zone.
        case local(CivilDate, second: Int)
    }

    /// The instant of `field` (`date` or `edited`) and the offset it is shown with.
    func time(_ value: JSONValue, field: String) -> Timestamp? {
        Self.reading(value, field: field).map(resolve)
    }

    /// What `field` says, for a clock to resolve once the zone is known.
    static func reading(_ value: JSONValue, field: String) -> Reading? {
        let written = value[field]?.string
        if let instant = ImportJSON.unixTime(value[field + "_unixtime"]) {
            // The pair's own offset is what the exporter's clock showed then: it is kept as written.
            if let offset = writtenOffset(value, field: field) {
                return .fixed(Timestamp(seconds: instant.seconds, utcOffset: offset))
            }
            return .instant(Timestamp(seconds: instant.seconds))
        }
        // Some tools write the date with its own offset (`…Z`); that is an instant already.
        if let written, let zoned = Timestamp(rfc3339: written) { return .fixed(zoned) }
        guard let local = written.flatMap(localTime) else { return nil }
        return .local(local.date, second: local.second)
    }

    /// The time `reading` is in this clock's zone.
    func resolve(_ reading: Reading) -> Timestamp {
        switch reading {
        case .fixed(let time): return time
        case .instant(let instant):
            return Timestamp(seconds: instant.seconds, utcOffset: zone?.offset(at: instant) ?? 0)
        case .local(let date, let second):
            return (zone ?? .utc).timestamp(date, hour: second / 3600, minute: second / 60 % 60, second: second % 60)
        }
    }

    /// Whether `value` has a local `field` without `field_unixtime`, read in the export's zone.
    static func isLocalOnly(_ value: JSONValue, field: String) -> Bool {
        value[field + "_unixtime"] == nil && value[field]?.string.map { Timestamp(rfc3339: $0) == nil } == true
    }

    /// The offset a `date` and its `date_unixtime` imply, when it is a real one
    /// (whole quarter hours within ±14 h; anything else is a tool's inconsistency, not an offset).
    static func writtenOffset(_ value: JSONValue, field: String) -> Int32? {
        guard let written = value[field]?.string, Timestamp(rfc3339: written) == nil,
            let local = localTime(written), let instant = ImportJSON.unixTime(value[field + "_unixtime"])
        else { return nil }
        let offset = local.date.daysSinceEpoch * 86_400 + Int64(local.second) - instant.seconds
        guard abs(offset) <= 14 * 3600, offset % 900 == 0 else { return nil }
        return Int32(offset)
    }

    /// `2024-01-10T12:00:00` → the date and the second of the day.
    static func localTime(_ text: String) -> (date: CivilDate, second: Int)? {
        guard let stamp = Timestamp(rfc3339: text + "Z") else { return nil }
        let (days, second) = (stamp.seconds / 86_400, Int(stamp.seconds % 86_400))
        return second >= 0 ? (CivilDate(daysSinceEpoch: days), second) : nil
    }

    /// The report line for the zone days are shown in, when it was inferred.
    var zoneNote: String? {
        guard let answer else { return nil }
        let offsets = answer.offsets.map(ZoneInference.label)
        var line = "days and times follow the exporter's clock, "
        if offsets.count == 1 && ZoneInference.fixedZone(answer.offsets[0]) == answer.zone {
            line += offsets[0] + " (from date vs date_unixtime)"
        } else {
            line +=
                "\(answer.zone.identifier) (offsets \(offsets.joined(separator: ", ")) from date vs date_unixtime"
                + "; another zone with the same offsets may be the real one)"
        }
        if answer.fitted < answer.total {
            let others = answer.total - answer.fitted
            line += "; \(counted(others, "time")) with other offsets keep the offset they were written with"
        }
        return line + "; --tz sets the zone"
    }

    /// The report line for `count` local times read in the export's zone.
    func localNote(_ count: Int) -> String {
        let reading = zone.map { "as local times in \($0.identifier)" } ?? "as UTC (--tz sets the zone of the export)"
        return "\(counted(count, "time")) without date_unixtime read " + reading
    }
}
